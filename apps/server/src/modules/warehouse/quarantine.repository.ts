import type { ListQuarantineQuery, QUARANTINE_SORT_FIELDS } from '@reprise/shared';
import { sql } from 'kysely';
import { itemCodeCondition } from '../../platform/item-code';
import { type BaseContext, type RequestContext, readerOf } from '../../platform/request-context';
import type { ItemWhere } from '../buyback-lifecycle';
import { buybackScope } from '../buyback-lifecycle';

/**
 * Reads of the quarantine screens: the items in quarantine the actor sees (scoped like every item
 * read, buyback-lifecycle/items.repository.ts), the stocks an item can be released to, and what the quarantine mail
 * says.
 */

export type QuarantineOrder = { field: (typeof QUARANTINE_SORT_FIELDS)[number]; direction: 'asc' | 'desc' };

export async function listQuarantinedItems(
  ctx: RequestContext,
  filters: Omit<ListQuarantineQuery, 'code'> & { code?: ItemWhere },
  order: QuarantineOrder,
) {
  let query = readerOf(ctx)
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .where(await buybackScope(ctx))
    .where('i.status', '=', 'item_in_quarantine');
  const code = filters.code;
  if (code) query = query.where(itemCodeCondition(code));
  if (filters.reason) query = query.where('i.quarantine_reason', '=', filters.reason);
  if (filters.warehouse) query = query.where('i.warehouse_id', '=', filters.warehouse);
  if (filters.account) query = query.where('b.account_id', '=', filters.account);

  const rowsQuery = query
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('organizations as w', 'w.id', 'i.warehouse_id')
    // the latest move into quarantine: since when, and the comment given then
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('item_events as e')
          .select(['e.at', 'e.comment'])
          .whereRef('e.item_id', '=', 'i.id')
          .where('e.to_status', '=', 'item_in_quarantine')
          .orderBy('e.id', 'desc')
          .limit(1)
          .as('q'),
      (join) => join.onTrue(),
    )
    .select([
      'i.id',
      'i.identification_number',
      'i.quarantine_reason',
      'i.warehouse_id',
      'w.common_name as warehouse_name',
      'b.id as buyback_id',
      'b.identification_number as buyback_identification_number',
      'b.product_id',
      'b.product_name',
      'b.product_brand',
      'b.account_id',
      'a.name as retailer_name',
      'q.at as since',
      'q.comment',
      sql<boolean>`cu.email IS NOT NULL AND cu.email <> ''`.as('customer_has_email'),
    ])
    .orderBy(order.field === 'since' ? 'q.at' : 'i.identification_number', order.direction)
    .orderBy('i.id')
    .limit(filters.itemsPerPage)
    .offset((filters.page - 1) * filters.itemsPerPage);
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Who the quarantine mail goes to, in which language, and what it names. */
export async function findQuarantineMailFacts(ctx: BaseContext, itemId: string) {
  return readerOf(ctx)
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .leftJoin('organization_root_details as rd', 'rd.account_id', 'b.account_id')
    .select([
      'cu.email',
      'cu.first_name',
      'cu.last_name',
      'a.name as retailer_name',
      'a.language',
      'rd.seller_support_email',
      'b.identification_number as buyback_identification_number',
      'b.product_name',
      'b.id as buyback_id',
      'b.account_id as buyback_account_id',
      'i.identification_number',
      'i.quarantine_reason',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

export type QuarantineMailFacts = NonNullable<Awaited<ReturnType<typeof findQuarantineMailFacts>>>;

/** The stocks of a warehouse, native ones first. */
export async function findWarehouseStocks(ctx: BaseContext, warehouseId: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('warehouse_id', '=', warehouseId)
    .orderBy(sql`native_kind IS NULL`)
    .orderBy('name')
    .execute();
}

export async function findStock(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
