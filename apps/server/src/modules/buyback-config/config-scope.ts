import { ERROR_STATUS, type ErrorCode, type Violation } from '@reprise/shared';
import { sql } from 'kysely';
import type { Actor } from '../../platform/context';
import { AppError } from '../../platform/errors';

export { hasPremiumFeature, requirePremiumFeature } from '../../platform/premium-features';

import { type BaseTxContext, type RequestContext, readerOf } from '../../platform/request-context';

/**
 * Whose configuration an actor works on. Circuits, payment modes, dispatch circuit rules and the
 * transfer-order terms belong to a retailer account: its users act on their own account only;
 * platform operators read every account, or one when they name it, and name the account they write.
 * Null means every account.
 */
export function readAccount(actor: Actor, accountId?: string): string | null {
  return actor.isPlatform ? (accountId ?? null) : actor.accountId;
}

export const violation = (propertyPath: string, code: string, message: string): Violation => ({
  propertyPath,
  code,
  message,
});

/** One 422 with every violation; its code is the first that names an error of the catalogue. */
export function reject(violations: Violation[]): never {
  const code = (violations.find((v) => v.code in ERROR_STATUS)?.code ?? 'validation_failed') as ErrorCode;
  throw new AppError(code, violations.map((v) => v.message).join(' '), violations);
}

/** The retailer account a write goes to: an operator names it; everyone else writes their own. */
export async function writeAccount(ctx: RequestContext, accountId: string | undefined): Promise<string> {
  if (!ctx.actor.isPlatform) return ctx.actor.accountId;
  if (!accountId) reject([violation('accountId', 'required', 'Name the retailer account to configure.')]);
  const account = await readerOf(ctx)
    .selectFrom('accounts')
    .select('is_retailer')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account?.is_retailer)
    reject([violation('accountId', 'not_a_retailer', 'The account must be a retailer account.')]);
  return accountId;
}

/**
 * Serialises the configuration writes of one account (circuit statuses depend on each other:
 * one active store_drop, web_drop needs it), until the transaction ends.
 */
export async function lockAccountConfiguration(tx: BaseTxContext, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`buyback-config:${accountId}`}, 0))`.execute(
    tx.trx,
  );
}

/** ISO timestamp of a database value. */
export const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
