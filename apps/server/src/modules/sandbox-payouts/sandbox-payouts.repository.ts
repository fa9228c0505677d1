import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { SandboxPayoutAccountsTable, SandboxPayoutsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';

/**
 * The sandbox payment provider's own tables (migration 041). They belong to no tenant of the
 * platform: a client reaches its account and its payouts by its app secret, so every read of a
 * payout names the payout account it must belong to.
 */

export type PayoutAccountRow = Selectable<SandboxPayoutAccountsTable>;
export type PayoutRow = Selectable<SandboxPayoutsTable>;

export async function insertAccount(
  tx: BaseTxContext,
  values: {
    kind: string;
    app_id: string;
    app_secret_hash: string;
    private_key_encrypted: string;
    webhook_url: string | null;
    outcome?: string;
    settle_delay_seconds?: number;
  },
): Promise<PayoutAccountRow> {
  return tx.trx.insertInto('sandbox_payout_accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findAccountBySecretHash(ctx: BaseContext, hash: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_payout_accounts')
    .selectAll()
    .where('app_secret_hash', '=', hash)
    .executeTakeFirst();
}

export async function updateAccount(
  tx: BaseTxContext,
  id: string,
  values: { webhook_url?: string | null; outcome?: string; settle_delay_seconds?: number },
): Promise<PayoutAccountRow> {
  return tx.trx
    .updateTable('sandbox_payout_accounts')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payout an account made under an idempotency key (a retried request answers it again). */
export async function findPayoutByKey(tx: BaseTxContext, accountId: string, key: string) {
  return tx.trx
    .selectFrom('sandbox_payouts')
    .selectAll()
    .where('payout_account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Inserted once per key: a concurrent duplicate finds nothing inserted and reads the first. */
export async function insertPayout(
  tx: BaseTxContext,
  values: {
    payout_account_id: string;
    idempotency_key: string;
    reference: string;
    amount_cents: number;
    currency: string;
    beneficiary: string;
  },
): Promise<PayoutRow | undefined> {
  return tx.trx
    .insertInto('sandbox_payouts')
    .values(values)
    .onConflict((oc) => oc.columns(['payout_account_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A payout of the account, locked when asked (the console's outcome, the settling job). */
export async function findPayout(ctx: BaseContext, accountId: string, id: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_payouts')
    .selectAll()
    .where('payout_account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A payout with its account, locked (its job settles it or posts its callback). */
export async function lockPayoutWithAccount(tx: BaseTxContext, id: string) {
  return tx.trx
    .selectFrom('sandbox_payouts as p')
    .innerJoin('sandbox_payout_accounts as a', 'a.id', 'p.payout_account_id')
    .selectAll('p')
    .select(['a.outcome', 'a.webhook_url', 'a.private_key_encrypted'])
    .where('p.id', '=', id)
    .forUpdate('p')
    .executeTakeFirst();
}

export async function updatePayout(
  tx: BaseTxContext,
  id: string,
  values: {
    status?: string;
    failure_reason?: string | null;
    callback_status?: string;
    settled_at?: Date;
    callback_attempts?: number;
  },
) {
  await tx.trx.updateTable('sandbox_payouts').set(values).where('id', '=', id).execute();
}

export async function countCallbackAttempt(tx: BaseTxContext, id: string, delivered: boolean) {
  await tx.trx
    .updateTable('sandbox_payouts')
    .set({
      callback_attempts: sql`callback_attempts + 1`,
      ...(delivered ? { callback_status: 'delivered' } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Every account's private key as stored (the start-up's key check and rotation). */
export async function listAccountKeys(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('sandbox_payout_accounts')
    .select(['id', 'private_key_encrypted'])
    .execute();
}

export async function updateAccountKey(tx: BaseTxContext, id: string, encrypted: string) {
  await tx.trx
    .updateTable('sandbox_payout_accounts')
    .set({ private_key_encrypted: encrypted })
    .where('id', '=', id)
    .execute();
}
