import { type BaseContext, type BaseTxContext, readerOf } from '../../../platform/request-context';

/** The account's transfer-order settings row, if it was ever written. */
export async function findSettings(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('transfer_order_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Writes the account's terms (one row per account, keyed by it). */
export async function saveTerms(tx: BaseTxContext, accountId: string, terms: string) {
  await tx.trx
    .insertInto('transfer_order_settings')
    .values({ account_id: accountId, terms })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ terms, updated_at: new Date() }))
    .execute();
}
