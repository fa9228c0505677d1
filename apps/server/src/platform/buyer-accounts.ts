import { type BaseContext, readerOf } from './request-context';

/**
 * The buyer accounts a buyer's configuration screens choose among: every one (platform operators),
 * or those named, by name.
 */
export async function findBuyerAccounts(ctx: BaseContext, ids: string[] | null) {
  let q = readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('is_buyer_and_workshops_supervisor', '=', true);
  if (ids) {
    if (ids.length === 0) return [];
    q = q.where('id', 'in', ids);
  }
  return q.orderBy('name').orderBy('id').execute();
}
