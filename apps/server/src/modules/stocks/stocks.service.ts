import {
  type ListStocksQuery,
  STOCK_SORT_FIELDS,
  type StockOptionsQuery,
  type StockOptionsResponse,
  type StockPatchRequest,
  type StockRequest,
  type StockResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import {
  type AccountScope,
  type RequestContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { toStockOption, toStockResponse } from './stocks.mapper';
import * as repo from './stocks.repository';

/**
 * The stocks of the warehouses: listed with what they hold,
 * created, renamed and deleted by the warehouse manager (`stock.manage`). The five native stocks
 * of every warehouse are neither renamed nor deleted; a name is unique within its warehouse
 * whatever its case; a stock holding items (not dispatched), services, or item services not
 * finished is not deleted. A stock belongs to its warehouse's account.
 */

/** The account a stock's writes are scoped to: its warehouse's (narrower than a platform operator's). */
const scopeOf = (stock: { account_id: string }): AccountScope => ({
  kind: 'account',
  accountId: stock.account_id,
});

/**
 * Refuses a name another stock of the warehouse has, whatever its case (accented capitals too,
 * which the database's lower() leaves as they are under the C locale).
 */
async function checkNameFree(tx: TxContext, warehouseId: string, name: string, exceptId: string | null) {
  const wanted = name.toLowerCase();
  const stocks = await repo.findStockNames(tx, warehouseId);
  if (stocks.some((s) => s.id !== exceptId && s.name.toLowerCase() === wanted))
    throw fieldError('stock_name_exists', 'name', 'A stock of this warehouse already has this name.');
}

async function visibleStock(ctx: RequestContext, id: string): Promise<repo.StockRow> {
  const stock = await repo.findStock(ctx, { warehouseIds: await repo.findVisibleWarehouseIds(ctx), id });
  if (!stock) throw notFound('stock');
  return stock;
}

/** The stock, locked until the transaction ends (seen first: another account's row is never locked). */
async function lockedStock(tx: TxContext, id: string): Promise<repo.StockRow> {
  await visibleStock(tx, id);
  await repo.lockStock(tx, id);
  return visibleStock(tx, id);
}

export async function listStocks(ctx: RequestContext, query: ListStocksQuery): Promise<Page<StockResponse>> {
  const order = orderFrom(query, STOCK_SORT_FIELDS, { field: 'name', direction: 'asc' });
  const { rows, total } = await repo.listStocks(
    ctx,
    {
      warehouseIds: await repo.findVisibleWarehouseIds(ctx),
      warehouse: query.warehouse,
      search: query.search || undefined,
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toStockResponse), totalItems: total };
}

export async function getStock(ctx: RequestContext, id: string): Promise<StockResponse> {
  return toStockResponse(await visibleStock(ctx, id));
}

/** Every stock the actor sees (of one warehouse when named), for the selects of other screens. */
export async function listStockOptions(
  ctx: RequestContext,
  query: StockOptionsQuery,
): Promise<StockOptionsResponse> {
  const rows = await repo.listStockOptions(ctx, await repo.findVisibleWarehouseIds(ctx), query.warehouse);
  return { member: rows.map(toStockOption) };
}

/** The warehouse of a new stock: one the actor sees, else a violation on `warehouseId`. */
async function warehouseOf(tx: TxContext, warehouseId: string) {
  const visible = await repo.findVisibleWarehouseIds(tx);
  const warehouse =
    visible === null || visible.includes(warehouseId) ? await repo.findWarehouse(tx, warehouseId) : undefined;
  if (!warehouse)
    throw fieldError('warehouse_not_in_account', 'warehouseId', 'Choose one of the warehouses you work in.');
  return warehouse;
}

export async function createStock(ctx: RequestContext, input: StockRequest): Promise<StockResponse> {
  return transact(ctx, async (tx) => {
    const warehouse = await warehouseOf(tx, input.warehouseId);
    await repo.lockWarehouseStocks(tx, warehouse.id);
    await checkNameFree(tx, warehouse.id, input.name, null);
    const id = await repo.insertStock(tx, {
      account_id: warehouse.account_id,
      warehouse_id: warehouse.id,
      name: input.name,
      identifier: input.identifier,
      location: input.location,
    });
    const created = toStockResponse((await repo.findStock(tx, { warehouseIds: null, id })) as repo.StockRow);
    await audit(tx, {
      action: 'create',
      entityType: 'stock',
      entityId: id,
      accountId: warehouse.account_id,
      after: created,
    });
    return created;
  });
}

/**
 * Changes a stock's name, identifier or location (merge-patch: the fields sent). A native stock
 * keeps its name; no stock changes warehouse.
 */
export async function updateStock(
  ctx: RequestContext,
  id: string,
  patch: StockPatchRequest,
): Promise<StockResponse> {
  return transact(ctx, async (tx) => {
    const current = await lockedStock(tx, id);
    if (patch.warehouseId !== undefined && patch.warehouseId !== current.warehouse_id)
      throw fieldError('immutable_field', 'warehouseId', 'A stock cannot move to another warehouse.');
    const renamed = patch.name !== undefined && patch.name !== current.name;
    if (renamed && current.native_kind)
      throw new AppError('native_stock_immutable', 'A native stock cannot be renamed.');
    if (renamed) {
      await repo.lockWarehouseStocks(tx, current.warehouse_id);
      await checkNameFree(tx, current.warehouse_id, patch.name as string, current.id);
    }
    const values = {
      ...(renamed ? { name: patch.name } : {}),
      ...(patch.identifier !== undefined && patch.identifier !== current.identifier
        ? { identifier: patch.identifier }
        : {}),
      ...(patch.location !== undefined && patch.location !== current.location
        ? { location: patch.location }
        : {}),
    };
    const before = toStockResponse(current);
    if (Object.keys(values).length === 0) return before;
    await repo.updateStock(tx, scopeOf(current), id, values);
    const after = toStockResponse((await repo.findStock(tx, { warehouseIds: null, id })) as repo.StockRow);
    await audit(tx, {
      action: 'update',
      entityType: 'stock',
      entityId: id,
      accountId: current.account_id,
      before,
      after,
    });
    return after;
  });
}

/**
 * Deletes a stock that holds nothing: not a native one (`native_stock_immutable`), nor one with
 * items not dispatched, services or item services not finished (`stock_not_empty`). The stock is
 * locked first, so nothing attaches to it between the check and the delete.
 */
export async function deleteStock(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await lockedStock(tx, id);
    if (current.native_kind)
      throw new AppError('native_stock_immutable', 'A native stock cannot be deleted.');
    const attached = await repo.findAttachments(tx, id);
    if (attached.items || attached.refurbSteps || attached.itemRefurbSteps)
      throw new AppError(
        'stock_not_empty',
        `This stock holds ${attached.items} item(s), ${attached.refurbSteps} service(s) and ${attached.itemRefurbSteps} item service(s) not finished: it cannot be deleted.`,
        undefined,
        undefined,
        attached,
      );
    await repo.deleteStock(tx, scopeOf(current), id);
    await audit(tx, {
      action: 'remove',
      entityType: 'stock',
      entityId: id,
      accountId: current.account_id,
      before: toStockResponse(current),
    });
  });
}
