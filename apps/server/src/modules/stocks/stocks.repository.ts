import type { STOCK_SORT_FIELDS } from '@reprise/shared';
import { type SqlBool, sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import { deleteOwned, updateOwned } from '../../platform/scoped-writes';
import { containsPattern, folded } from '../organizations';

/**
 * The stocks of warehouses (migrations 018 and 019) as the stock screens read and write them.
 * Who sees a stock is who sees its warehouse: the warehouses of the actor's organisation subtree
 * in its account (a warehouse user its warehouse, a buyer manager every warehouse of its buyer
 * account), every one for platform operators. Writes go through the scoped builders.
 */

/** The warehouses the actor sees: their ids, or null for every warehouse (platform operators). */
export async function findVisibleWarehouseIds(ctx: RequestContext): Promise<string[] | null> {
  const prefix = visiblePathPrefix(ctx.actor);
  if (prefix === null) return null;
  const rows = await readerOf(ctx)
    .selectFrom('organizations')
    .select('id')
    .where('account_id', '=', ctx.actor.accountId)
    .where('path', 'like', `${prefix}%`)
    .where('type', '=', 'warehouse')
    .execute();
  return rows.map((r) => r.id);
}

/** A warehouse organisation, whatever its account (the caller checks it is one the actor sees). */
export async function findWarehouse(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'account_id', 'common_name'])
    .where('id', '=', id)
    .where('type', '=', 'warehouse')
    .executeTakeFirst();
}

export interface StockRow {
  id: string;
  account_id: string;
  warehouse_id: string;
  warehouse_name: string;
  name: string;
  identifier: string | null;
  location: string | null;
  native_kind: string | null;
  created_at: Date;
  product_count: number | string;
  average_age_days: number | string | null;
  refurb_step_count: number | string;
}

export interface StockFilters {
  warehouseIds: string[] | null;
  warehouse?: string;
  search?: string;
  id?: string;
}

export type StockOrder = {
  field: (typeof STOCK_SORT_FIELDS)[number];
  direction: 'asc' | 'desc';
};

/** The stocks matching the filters, with what they hold now (items not dispatched, services). */
function stocksQuery(ctx: BaseContext, filters: StockFilters) {
  let query = readerOf(ctx)
    .selectFrom('stocks as s')
    .innerJoin('organizations as w', 'w.id', 's.warehouse_id');
  if (filters.warehouseIds !== null)
    query = filters.warehouseIds.length
      ? query.where('s.warehouse_id', 'in', filters.warehouseIds)
      : query.where(sql<SqlBool>`false`);
  if (filters.id) query = query.where('s.id', '=', filters.id);
  if (filters.warehouse) query = query.where('s.warehouse_id', '=', filters.warehouse);
  if (filters.search) {
    const pattern = folded(containsPattern(filters.search));
    query = query.where((eb) =>
      eb.or([
        eb(folded(sql`s.name`), 'like', pattern),
        eb(folded(sql`coalesce(s.identifier, '')`), 'like', pattern),
        eb(folded(sql`coalesce(s.location, '')`), 'like', pattern),
      ]),
    );
  }
  return query;
}

const withCounts = (query: ReturnType<typeof stocksQuery>) =>
  query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('buyback_items as i')
          .select([
            (e) => e.fn.countAll<string>().as('product_count'),
            // days, one decimal: the average time the items in it have spent in the warehouse
            sql<
              string | null
            >`round((avg(extract(epoch from (now() - i.registered_at))) / 86400)::numeric, 1)`.as(
              'average_age_days',
            ),
          ])
          .whereRef('i.stock_id', '=', 's.id')
          .where('i.dispatched_at', 'is', null)
          .as('held'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('refurb_steps as rs')
          .select((e) => e.fn.countAll<string>().as('refurb_step_count'))
          .whereRef('rs.stock_id', '=', 's.id')
          .as('services'),
      (join) => join.onTrue(),
    )
    .select([
      's.id',
      's.account_id',
      's.warehouse_id',
      'w.common_name as warehouse_name',
      's.name',
      's.identifier',
      's.location',
      's.native_kind',
      's.created_at',
      'held.product_count',
      'held.average_age_days',
      'services.refurb_step_count',
    ]);

const ORDER_COLUMN = {
  name: sql`lower(s.name)`,
  productCount: sql`held.product_count`,
  averageAgeDays: sql`held.average_age_days`,
} as const;

export async function listStocks(
  ctx: BaseContext,
  filters: StockFilters,
  order: StockOrder,
  page: { offset: number; limit: number },
): Promise<{ rows: StockRow[]; total: number }> {
  const direction = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    withCounts(stocksQuery(ctx, filters))
      .orderBy(sql`${ORDER_COLUMN[order.field]} ${direction} nulls last`)
      .orderBy('w.common_name')
      // the native stocks first, then by name
      .orderBy(sql`s.native_kind IS NULL`)
      .orderBy('s.name')
      .orderBy('s.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    stocksQuery(ctx, filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as StockRow[], total: Number(count.n) };
}

/** One stock the filters let through (its warehouse visible), with its counts. */
export async function findStock(ctx: BaseContext, filters: StockFilters & { id: string }) {
  return (await withCounts(stocksQuery(ctx, filters)).executeTakeFirst()) as StockRow | undefined;
}

/** Every stock of the visible warehouses (or of one), for selects: natives first, then by name. */
export async function listStockOptions(ctx: BaseContext, warehouseIds: string[] | null, warehouse?: string) {
  return stocksQuery(ctx, { warehouseIds, warehouse })
    .select(['s.id', 's.name', 's.native_kind', 's.warehouse_id', 'w.common_name as warehouse_name'])
    .orderBy('w.common_name')
    .orderBy('s.warehouse_id')
    .orderBy(sql`s.native_kind IS NULL`)
    .orderBy('s.name')
    .execute();
}

/** Locks the stock's row until the transaction ends (a delete and what may attach to it meanwhile). */
export async function lockStock(tx: BaseTxContext, id: string): Promise<void> {
  await tx.trx.selectFrom('stocks').select('id').where('id', '=', id).forUpdate().execute();
}

/** Serialises the stock writes of one warehouse (the unique name) until the transaction ends. */
export async function lockWarehouseStocks(tx: BaseTxContext, warehouseId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stocks:${warehouseId}`}, 0))`.execute(tx.trx);
}

/** The names of a warehouse's stocks. */
export async function findStockNames(ctx: BaseContext, warehouseId: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name'])
    .where('warehouse_id', '=', warehouseId)
    .execute();
}

/** What keeps a stock from being deleted: items in it, services run in it, unfinished item services. */
export async function findAttachments(ctx: BaseContext, id: string) {
  const row = await readerOf(ctx)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('buyback_items')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('stock_id', '=', id)
        .where('dispatched_at', 'is', null)
        .as('items'),
      eb
        .selectFrom('refurb_steps')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('stock_id', '=', id)
        .as('refurb_steps'),
      eb
        .selectFrom('item_refurb_steps')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('stock_id', '=', id)
        .where('status', 'not in', ['cancelled', 'completed'])
        .as('item_refurb_steps'),
    ])
    .executeTakeFirstOrThrow();
  return {
    items: Number(row.items),
    refurbSteps: Number(row.refurb_steps),
    itemRefurbSteps: Number(row.item_refurb_steps),
  };
}

export async function insertStock(
  tx: BaseTxContext,
  values: {
    account_id: string;
    warehouse_id: string;
    name: string;
    identifier: string | null;
    location: string | null;
  },
): Promise<string> {
  const row = await tx.trx.insertInto('stocks').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStock(
  tx: BaseTxContext,
  scope: AccountScope,
  id: string,
  values: { name?: string; identifier?: string | null; location?: string | null },
): Promise<void> {
  await updateOwned(tx, 'stocks', scope)
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteStock(tx: BaseTxContext, scope: AccountScope, id: string): Promise<void> {
  await deleteOwned(tx, 'stocks', scope).where('id', '=', id).execute();
}
