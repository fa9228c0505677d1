import { type BaseContext, readerOf } from '../../platform/request-context';

/**
 * What the services and the diagnosis questions of a buyer account are configured with (migration
 * 019): the buyer accounts a platform operator chooses among, the account's warehouses and their
 * stocks.
 */

export { findBuyerAccounts } from '../../platform/buyer-accounts';

/** The warehouse organisations of an account, by name (inactive ones too: their costs are kept). */
export async function findWarehouses(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'common_name'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'warehouse')
    .orderBy('common_name')
    .orderBy('id')
    .execute();
}

export interface StockOptionRow {
  id: string;
  name: string;
  native_kind: string | null;
  warehouse_id: string;
  warehouse_name: string;
}

/** The stocks of the account's warehouses, by warehouse then name (`ids`: only those). */
export async function findStocks(
  ctx: BaseContext,
  accountId: string,
  ids?: readonly string[],
): Promise<StockOptionRow[]> {
  if (ids && ids.length === 0) return [];
  let q = readerOf(ctx)
    .selectFrom('stocks as s')
    .innerJoin('organizations as w', 'w.id', 's.warehouse_id')
    .select(['s.id', 's.name', 's.native_kind', 's.warehouse_id', 'w.common_name as warehouse_name'])
    .where('s.account_id', '=', accountId)
    .where('w.account_id', '=', accountId)
    .where('w.type', '=', 'warehouse');
  if (ids) q = q.where('s.id', 'in', ids);
  return q.orderBy('w.common_name').orderBy('s.name').orderBy('s.id').execute();
}
