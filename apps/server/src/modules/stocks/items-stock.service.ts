import {
  ITEMS_STOCK_SORT_FIELDS,
  type ItemResponse,
  type ItemStockDetailResponse,
  type ItemStockEditRequest,
  type ItemStockResponse,
  type ListItemsStockQuery,
  type MoveToStockRequest,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import * as items from '../buyback-lifecycle';
import { itemWhereOfCode, moveToStock, resolveItem } from '../buyback-lifecycle';
import { toItemResponse } from '../warehouse';
import { toItemStockDetail, toItemStockResponse } from './items-stock.mapper';
import * as repo from './items-stock.repository';
import { isMovableToStock } from './items-stock.rules';
import { findVisibleWarehouseIds } from './stocks.repository';

/**
 * Items in stock: the items kept in the stocks of the warehouses the
 * actor sees (`items_stock.read`), the item page with its economic data, the resale price and serial
 * number the warehouse manager sets (`stock.manage`), and the move to another stock of the item's
 * warehouse (`refurb.write`), an item event of reason `stock_move` (buyback-lifecycle/item-moves.ts).
 */

export async function listItemsInStock(
  ctx: RequestContext,
  query: ListItemsStockQuery,
): Promise<Page<ItemStockResponse>> {
  const order = orderFrom(query, ITEMS_STOCK_SORT_FIELDS, { field: 'latestMoveAt', direction: 'desc' });
  const { rows, total } = await repo.listItemsInStock(
    ctx,
    {
      warehouseIds: await findVisibleWarehouseIds(ctx),
      code: query.code ? itemWhereOfCode(query.code) : undefined,
      warehouse: query.warehouse,
      stock: query.stock,
      status: query.status,
      account: query.account,
      product: query.product || undefined,
      minAgeDays: query.minAgeDays,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toItemStockResponse), totalItems: total };
}

async function detailOf(ctx: RequestContext, item: items.ItemRow): Promise<ItemStockDetailResponse> {
  return toItemStockDetail(item, await repo.findItemPageFacts(ctx, item.id));
}

/** The item page: the item, its economic data, its control's results and its customer's answers. */
export async function getItemInStock(ctx: RequestContext, id: string): Promise<ItemStockDetailResponse> {
  return detailOf(ctx, await resolveItem(ctx, { id }));
}

/** Sets the resale price and the serial number (the fields sent); audited, no item event. */
export async function editItemInStock(
  ctx: RequestContext,
  id: string,
  input: ItemStockEditRequest,
): Promise<ItemStockDetailResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    const columns: items.ItemColumns = {
      ...(input.resalePriceCents !== undefined ? { resale_price_cents: input.resalePriceCents } : {}),
      ...(input.serialNumber !== undefined ? { serial_number: input.serialNumber } : {}),
    };
    const before = { resalePriceCents: item.resale_price_cents, serialNumber: item.serial_number };
    const after = {
      resalePriceCents:
        input.resalePriceCents === undefined ? before.resalePriceCents : input.resalePriceCents,
      serialNumber: input.serialNumber === undefined ? before.serialNumber : input.serialNumber,
    };
    if (after.resalePriceCents !== before.resalePriceCents || after.serialNumber !== before.serialNumber) {
      // not a move: the item's latest move stays as it was
      const written = await items.updateItem(
        tx,
        item,
        { ...columns, latest_move_at: item.latest_move_at },
        null,
      );
      if (!written)
        throw new AppError('item_not_found', 'Code not recognised or not assigned to this warehouse.');
      await audit(tx, {
        action: 'update',
        entityType: 'item',
        entityId: item.id,
        accountId: item.account_id,
        before,
        after,
      });
    }
    return detailOf(tx, (await items.findItem(tx, item.id)) as items.ItemRow);
  });
}

const notInWarehouse = () =>
  fieldError('stock_not_in_warehouse', 'stockId', "This stock is not one of the item's warehouse.");

/**
 * Moves an item to another stock of its own warehouse, its status unchanged. An item in no stock,
 * dispatched, lost, returned or in quarantine is refused (`item_status_mismatch`).
 */
export async function moveItemToStock(
  ctx: RequestContext,
  id: string,
  input: MoveToStockRequest,
): Promise<ItemResponse> {
  return transact(ctx, async (tx: TxContext) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    if (!isMovableToStock(item))
      throw new AppError(
        'item_status_mismatch',
        item.status === 'item_in_quarantine'
          ? 'The item is in quarantine: release it from the quarantine screen.'
          : `The item is not in a stock of its warehouse (status ${item.status}).`,
      );
    if (!item.warehouse_id) throw notInWarehouse();
    const stock = await repo.findStockOfWarehouse(tx, input.stockId, item.warehouse_id);
    if (!stock) throw notInWarehouse();
    if (stock.id === item.stock_id)
      throw fieldError('same_stock', 'stockId', 'The item is already in this stock.');
    await moveToStock(tx, item, stock.id, { reason: 'stock_move', comment: input.comment });
    return toItemResponse((await items.findItem(tx, item.id)) as items.ItemRow);
  });
}
