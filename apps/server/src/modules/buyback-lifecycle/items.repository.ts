import type { WarehouseCheckinRequirement } from '@reprise/shared';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Actor } from '../../platform/context';
import type { BuybackItemsTable } from '../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwnedOrAssigned } from '../../platform/scoped-writes';
import { buybackScope } from './visibility.repository';

/**
 * Items (one per buyback line: the physical device) as the warehouse and the retailer read and
 * move them. Reads are scoped like buybacks (visibility.repository.ts, buybackScope): a warehouse
 * user sees the items sent to the warehouses of its subtree, a retailer those of its buybacks, a
 * buyer those assigned to it.
 */

export const itemQuery = (db: Reader) =>
  db
    .selectFrom('buyback_items as i')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .leftJoin('organizations as w', 'w.id', 'i.warehouse_id')
    .leftJoin('stocks as st', 'st.id', 'i.stock_id')
    .selectAll('i')
    .select([
      'b.identification_number as buyback_identification_number',
      'b.status as buyback_status',
      'b.account_id as buyback_account_id',
      'a.name as retailer_name',
      'b.circuit_type',
      'b.declared_state',
      'b.total_cents as declared_price_cents',
      'b.currency',
      'b.created_at as buyback_created_at',
      'b.product_id',
      'b.product_name',
      'b.product_brand',
      'b.product_image_key',
      'b.category_id',
      'b.category_label',
      'b.store_id',
      'b.destination_warehouse_id',
      'w.common_name as warehouse_name',
      'st.name as stock_name',
      'st.native_kind as stock_native_kind',
    ]);

export type ItemRow = Selectable<BuybackItemsTable> & {
  buyback_identification_number: string;
  buyback_status: string;
  buyback_account_id: string;
  retailer_name: string;
  circuit_type: string;
  declared_state: string;
  declared_price_cents: number;
  currency: string;
  buyback_created_at: Date;
  product_id: string;
  product_name: string;
  product_brand: string | null;
  product_image_key: string | null;
  category_id: string;
  category_label: string;
  store_id: string | null;
  destination_warehouse_id: string | null;
  warehouse_name: string | null;
  stock_name: string | null;
  stock_native_kind: string | null;
};

export type ItemWhere =
  | { id: string }
  /** 13 digits: the item's or its buyback's identification number. */
  | { fullCode: string }
  /** 8 characters: the last 8 digits of the item's number (may match several). */
  | { shortCode: string };

/**
 * The items the context's actor sees matching `where` (at most `limit`, 2 by default: enough to
 * tell one match from several). With `forUpdate` the item and its buyback rows are locked.
 */
export async function findVisibleItems(
  ctx: RequestContext,
  where: ItemWhere,
  options: { forUpdate?: boolean; limit?: number } = {},
): Promise<ItemRow[]> {
  let query = itemQuery(readerOf(ctx)).where(await buybackScope(ctx));
  if ('id' in where) query = query.where('i.id', '=', where.id);
  else if ('fullCode' in where)
    // both conditions on the item's row, each on its index (an OR across the join would scan
    // every buyback of the scope: 600 ms at 200,000 buybacks, bench/checkin.ts)
    query = query.where((eb) =>
      eb.or([
        eb('i.identification_number', '=', where.fullCode),
        eb(
          'i.buyback_id',
          '=',
          eb.selectFrom('buybacks').select('id').where('identification_number', '=', where.fullCode),
        ),
      ]),
    );
  else query = query.where(sql<string>`right(i.identification_number, 8)`, '=', where.shortCode);
  query = query.orderBy('i.created_at', 'desc').limit(options.limit ?? 2);
  if (options.forUpdate) query = query.forUpdate(['i', 'b']);
  return (await query.execute()) as ItemRow[];
}

/** Items by id, whoever sees them (what a command has just moved). */
export async function findItem(ctx: BaseContext, id: string): Promise<ItemRow | undefined> {
  return (await itemQuery(readerOf(ctx)).where('i.id', '=', id).executeTakeFirst()) as ItemRow | undefined;
}

/** The item's history, oldest first. */
export async function findItemEvents(ctx: BaseContext, itemId: string) {
  return readerOf(ctx)
    .selectFrom('item_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .leftJoin('organizations as o', 'o.id', 'e.organization_id')
    .leftJoin('stocks as st', 'st.id', 'e.stock_id')
    .select([
      'e.at',
      'e.from_status',
      'e.to_status',
      'e.actor_user_id',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('actor_name'),
      'u.email as actor_email',
      'e.organization_id',
      'o.common_name as organization_name',
      'e.stock_id',
      'st.name as stock_name',
      'st.native_kind as stock_native_kind',
      'e.reason',
      'e.comment',
    ])
    .where('e.item_id', '=', itemId)
    .orderBy('e.id')
    .execute();
}

/** The status the item had before its latest move to `status` (a loss being undone). */
export async function findStatusBefore(
  ctx: BaseContext,
  itemId: string,
  status: string,
): Promise<string | null> {
  const row = await readerOf(ctx)
    .selectFrom('item_events')
    .select('from_status')
    .where('item_id', '=', itemId)
    .where('to_status', '=', status)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.from_status ?? null;
}

/** A native stock of a warehouse. */
export async function findNativeStock(ctx: BaseContext, warehouseId: string, kind: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind'])
    .where('warehouse_id', '=', warehouseId)
    .where('native_kind', '=', kind)
    .executeTakeFirst();
}

/**
 * A transaction that moves items: a signed-in user's, or one without user (the customer answering
 * a counter-offer through its link, a job), whose item events name nobody.
 */
export type ItemTx = BaseTxContext & { readonly actor?: Actor };

export type ItemColumns = Omit<
  Updateable<BuybackItemsTable>,
  'id' | 'buyback_id' | 'account_id' | 'buyer_account_id' | 'identification_number' | 'created_at'
>;

/**
 * Writes an item's row (its retailer's, or its buyer's warehouses'), with its buyback's status if
 * it changes. False when the context may not write it (another account's item): nothing written.
 */
export async function updateItem(
  tx: ItemTx,
  item: Pick<ItemRow, 'id' | 'buyback_id'>,
  columns: ItemColumns,
  buybackStatus: string | null,
): Promise<boolean> {
  const written = await updateOwnedOrAssigned(tx, 'buyback_items')
    // a move may give its own time as `latest_move_at` (the check-in's, the same as `registered_at`)
    .set({ latest_move_at: sql<Date>`now()`, ...columns, updated_at: sql<Date>`now()` })
    .where('id', '=', item.id)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) === 0) return false;
  if (buybackStatus)
    await updateOwnedOrAssigned(tx, 'buybacks')
      .set({ status: buybackStatus, updated_at: sql<Date>`now()` })
      .where('id', '=', item.buyback_id)
      .execute();
  return true;
}

export async function insertItemEvent(
  tx: ItemTx,
  event: {
    itemId: string;
    accountId: string;
    buybackId: string;
    fromStatus: string | null;
    toStatus: string;
    buybackStatus: string | null;
    organizationId: string | null;
    stockId: string | null;
    reason: string | null;
    comment: string | null;
  },
): Promise<void> {
  await tx.trx
    .insertInto('item_events')
    .values({
      item_id: event.itemId,
      account_id: event.accountId,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      actor_user_id: tx.actor?.userId ?? null,
      organization_id: event.organizationId,
      stock_id: event.stockId,
      reason: event.reason,
      comment: event.comment,
    })
    .execute();
  // the buyback detail's own history (buyback_status_events) records status changes only
  if (event.fromStatus !== event.toStatus || event.buybackStatus)
    await tx.trx
      .insertInto('buyback_status_events')
      .values({
        buyback_id: event.buybackId,
        status: event.buybackStatus,
        item_status: event.fromStatus !== event.toStatus ? event.toStatus : null,
        payment_status: null,
        actor_user_id: tx.actor?.userId ?? null,
      })
      .execute();
}

/** The check-in requirement of an account (its root details; optional when it has none). */
export async function findCheckinRequirement(
  ctx: BaseContext,
  accountId: string,
): Promise<WarehouseCheckinRequirement> {
  const row = await readerOf(ctx)
    .selectFrom('organization_root_details')
    .select('warehouse_checkin_requirement')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return (row?.warehouse_checkin_requirement as WarehouseCheckinRequirement | undefined) ?? 'optional';
}
