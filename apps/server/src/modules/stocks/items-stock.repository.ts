import type { ITEMS_STOCK_SORT_FIELDS, ItemStatus } from '@reprise/shared';
import { type SqlBool, sql } from 'kysely';
import type { BuybackAnswerSnapshot } from '../../platform/db.types';
import { itemCodeCondition } from '../../platform/item-code';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import type { ItemWhere } from '../buyback-lifecycle';
import { buybackScope } from '../buyback-lifecycle';
import { containsPattern, folded } from '../organizations';

/**
 * Reads of the items-in-stock screens: the items kept in a stock of the warehouses the actor sees
 * (not dispatched), scoped like every item read (buyback-lifecycle/items.repository.ts, buybackScope), and what the
 * item page adds to an item (the declared answers, who controlled it).
 */

export interface ItemsStockFilters {
  /** The warehouses the actor sees; null: every one. */
  warehouseIds: string[] | null;
  code?: ItemWhere;
  warehouse?: string;
  stock?: string;
  status?: ItemStatus;
  account?: string;
  product?: string;
  minAgeDays?: number;
}

export type ItemsStockOrder = {
  field: (typeof ITEMS_STOCK_SORT_FIELDS)[number];
  direction: 'asc' | 'desc';
};

/** Whole days since the item was registered at its warehouse. */
const AGE_DAYS = sql<number | null>`floor(extract(epoch from (now() - i.registered_at)) / 86400)::int`;

async function itemsInStock(ctx: RequestContext, filters: ItemsStockFilters) {
  let query = readerOf(ctx)
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .where(await buybackScope(ctx))
    .where('i.stock_id', 'is not', null)
    .where('i.dispatched_at', 'is', null);
  if (filters.warehouseIds !== null)
    query = filters.warehouseIds.length
      ? query.where('i.warehouse_id', 'in', filters.warehouseIds)
      : query.where(sql<SqlBool>`false`);
  const code = filters.code;
  if (code) query = query.where(itemCodeCondition(code));
  if (filters.warehouse) query = query.where('i.warehouse_id', '=', filters.warehouse);
  if (filters.stock) query = query.where('i.stock_id', '=', filters.stock);
  if (filters.status) query = query.where('i.status', '=', filters.status);
  if (filters.account) query = query.where('b.account_id', '=', filters.account);
  if (filters.product) {
    const pattern = folded(containsPattern(filters.product));
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql`b.product_name`), 'like', pattern),
        eb(folded(sql`coalesce(b.product_brand, '')`), 'like', pattern),
      ]),
    );
  }
  if (filters.minAgeDays !== undefined)
    query = query.where(
      'i.registered_at',
      '<=',
      sql<Date>`now() - make_interval(days => ${filters.minAgeDays}::int)`,
    );
  return query;
}

const ORDER_COLUMN = {
  latestMoveAt: sql`i.latest_move_at`,
  identificationNumber: sql`i.identification_number`,
  // the oldest first when the ages go down
  ageDays: sql`(now() - i.registered_at)`,
} as const;

export async function listItemsInStock(
  ctx: RequestContext,
  filters: ItemsStockFilters,
  order: ItemsStockOrder,
  page: { offset: number; limit: number },
) {
  const query = await itemsInStock(ctx, filters);
  const direction = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    query
      .innerJoin('accounts as a', 'a.id', 'b.account_id')
      .innerJoin('stocks as st', 'st.id', 'i.stock_id')
      .leftJoin('organizations as w', 'w.id', 'i.warehouse_id')
      .select([
        'i.id',
        'i.identification_number',
        'i.status',
        'i.imei',
        'i.serial_number',
        'i.latest_move_at',
        'i.dispatched_at',
        'i.warehouse_id',
        'w.common_name as warehouse_name',
        'i.stock_id',
        'st.name as stock_name',
        'st.native_kind as stock_native_kind',
        'b.id as buyback_id',
        'b.identification_number as buyback_identification_number',
        'b.product_id',
        'b.product_name',
        'b.product_brand',
        'b.account_id as retailer_id',
        'a.name as retailer_name',
        AGE_DAYS.as('age_days'),
      ])
      .orderBy(sql`${ORDER_COLUMN[order.field]} ${direction} nulls last`)
      .orderBy('i.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ItemInStockRow = Awaited<ReturnType<typeof listItemsInStock>>['rows'][number];

/** What the item page adds to an item: the answers its customer declared, who controlled it. */
export async function findItemPageFacts(ctx: BaseContext, itemId: string) {
  return readerOf(ctx)
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .leftJoin('users as u', 'u.id', 'i.controlled_by')
    .select([
      'b.answers',
      'u.id as controller_id',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('controller_name'),
      'u.email as controller_email',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow() as Promise<{
    answers: BuybackAnswerSnapshot[];
    controller_id: string | null;
    controller_name: string | null;
    controller_email: string | null;
  }>;
}

/**
 * A stock of this warehouse, share-locked until the transaction ends so that it is not deleted
 * before the item's move into it commits (stocks.service.ts, deleteStock).
 */
export async function findStockOfWarehouse(tx: BaseTxContext, stockId: string, warehouseId: string) {
  return tx.trx
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('id', '=', stockId)
    .where('warehouse_id', '=', warehouseId)
    .forShare()
    .executeTakeFirst();
}
