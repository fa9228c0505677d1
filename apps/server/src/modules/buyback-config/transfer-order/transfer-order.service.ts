import {
  checkTransferOrderTerms,
  type PutTransferOrderSettingsRequest,
  TRANSFER_ORDER_VARIABLES,
  type TransferOrderSettingsResponse,
} from '@reprise/shared';
import { writeAudit } from '../../../platform/audit';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { iso, reject, requirePremiumFeature, violation, writeAccount } from '../config-scope';

/** The account's custom transfer-order terms (null until written), or null when none. */
export async function transferOrderTermsOf(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('transfer_order_settings')
    .select('terms')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.terms ?? null;
}

async function read(db: Db, accountId: string): Promise<TransferOrderSettingsResponse> {
  const row = await db
    .selectFrom('transfer_order_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    accountId,
    terms: row?.terms ?? null,
    variables: [...TRANSFER_ORDER_VARIABLES],
    updatedAt: row ? iso(row.updated_at) : null,
  };
}

/** Reads the terms; the account needs the premium feature custom_transfer_order. */
export async function getTransferOrderSettings(
  db: Db,
  actor: Actor,
  accountId?: string,
): Promise<TransferOrderSettingsResponse> {
  const account = await writeAccount(db, actor, accountId);
  await requirePremiumFeature(db, account, 'custom_transfer_order');
  return read(db, account);
}

/** Writes the terms: 2 to 5000 characters using only the listed `{{variables}}`. */
export async function putTransferOrderSettings(
  db: Db,
  actor: Actor,
  input: PutTransferOrderSettingsRequest,
  accountId?: string,
): Promise<TransferOrderSettingsResponse> {
  const account = await writeAccount(db, actor, accountId);
  await requirePremiumFeature(db, account, 'custom_transfer_order');
  const { unknown, malformed } = checkTransferOrderTerms(input.terms);
  if (unknown.length) {
    const names = unknown.map((v) => `{{${v}}}`).join(', ');
    throw new AppError(
      'transfer_order_unknown_variable',
      `Unknown variable${unknown.length > 1 ? 's' : ''}: ${names}.`,
      [violation('terms', 'transfer_order_unknown_variable', names)],
    );
  }
  if (malformed)
    reject([violation('terms', 'transfer_order_malformed_variable', 'Write each variable as {{variable}}.')]);
  return db.transaction().execute(async (trx) => {
    const before = await read(trx, account);
    await trx
      .insertInto('transfer_order_settings')
      .values({ account_id: account, terms: input.terms })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ terms: input.terms, updated_at: new Date() }))
      .execute();
    const after = await read(trx, account);
    await writeAudit(trx, actor, {
      action: before.terms === null ? 'create' : 'update',
      entityType: 'transfer_order_settings',
      entityId: account,
      accountId: account,
      before: { terms: before.terms },
      after: { terms: after.terms },
    });
    return after;
  });
}
