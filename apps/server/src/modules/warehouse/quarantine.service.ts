import {
  type ItemResponse,
  type ItemStocksResponse,
  type ListQuarantineQuery,
  type NativeStockKind,
  QUARANTINE_SORT_FIELDS,
  type QuarantineItem,
  type QuarantineMailResponse,
  type QuarantineReason,
  type ReleaseQuarantineRequest,
} from '@reprise/shared';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { orderFrom, type Page } from '../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import * as repo from '../buyback-lifecycle';
import { itemWhereOfCode, moveItem, requireStatus, resolveItem } from '../buyback-lifecycle';
import { withTrackingLinks } from '../tracking-links';
import { toItemResponse } from './items.mapper';
import { quarantineMail } from './quarantine.mails';
import * as quarantine from './quarantine.repository';

/**
 * Quarantine: an item suspected locked, stolen or not matching is put
 * aside in its warehouse's native "in quarantine" stock, and its customer is told by mail; it
 * leaves only by being moved to another stock of its warehouse (the release): the customer
 * return stock sends it back to the customer (`item_to_return`), any other stock puts it back in
 * the control (`item_to_reintegrate_to_stock`).
 */

/** Queues the quarantine mail to the item's customer: the address, or null when the customer has none. */
async function queueQuarantineMail(tx: TxContext, itemId: string): Promise<string | null> {
  const facts = await quarantine.findQuarantineMailFacts(tx, itemId);
  const mail = facts ? quarantineMail(facts) : null;
  if (!facts || !mail) return null;
  const buyback = { id: facts.buyback_id, account_id: facts.buyback_account_id };
  await queueMail(tx.deps.jobs, tx.trx, await withTrackingLinks(tx, buyback, facts.language, mail));
  return mail.to;
}

/** Puts an item in quarantine, from its check-in or its control, and tells the customer by mail. */
export async function putInQuarantine(
  tx: TxContext,
  item: repo.ItemRow,
  input: { reason: QuarantineReason; comment: string | null },
): Promise<void> {
  requireStatus(item, ['item_registered_in_warehouse', 'item_awaiting_compliancy_tests']);
  if (!item.warehouse_id) throw new AppError('item_status_mismatch', 'The item has no warehouse.');
  const stock = await repo.findNativeStock(tx, item.warehouse_id, 'in_quarantine');
  await moveItem(tx, item, {
    to: 'item_in_quarantine',
    reason: 'quarantine',
    comment: input.comment,
    stockId: stock?.id ?? null,
    columns: { quarantine_reason: input.reason },
  });
  await queueQuarantineMail(tx, item.id);
}

/** Sends the quarantine mail again (the item must still be in quarantine). */
export async function sendQuarantineMail(ctx: RequestContext, id: string): Promise<QuarantineMailResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id });
    requireStatus(item, ['item_in_quarantine']);
    const to = await queueQuarantineMail(tx, item.id);
    if (!to)
      throw new AppError(
        'customer_email_missing',
        'The customer has no e-mail address: no mail can be sent.',
      );
    return { to };
  });
}

/** The items in quarantine the actor sees, filtered, one page. */
export async function listQuarantine(
  ctx: RequestContext,
  query: ListQuarantineQuery,
): Promise<Page<QuarantineItem>> {
  const order = orderFrom(query, QUARANTINE_SORT_FIELDS, { field: 'since', direction: 'desc' });
  const { code, ...filters } = query;
  const { rows, total } = await quarantine.listQuarantinedItems(
    ctx,
    { ...filters, code: code ? itemWhereOfCode(code) : undefined },
    order,
  );
  return {
    totalItems: total,
    member: rows.map((row) => ({
      id: row.id,
      identificationNumber: row.identification_number,
      buyback: { id: row.buyback_id, identificationNumber: row.buyback_identification_number },
      product: { id: row.product_id, name: row.product_name, brand: row.product_brand },
      retailer: { id: row.account_id, name: row.retailer_name },
      warehouse:
        row.warehouse_id && row.warehouse_name
          ? { id: row.warehouse_id, commonName: row.warehouse_name }
          : null,
      reason: row.quarantine_reason as QuarantineReason | null,
      since: row.since ? new Date(row.since).toISOString() : null,
      comment: row.comment,
      customerHasEmail: row.customer_has_email,
    })),
  };
}

/** The stocks of the item's warehouse (where a release can move it). */
export async function listItemStocks(ctx: RequestContext, id: string): Promise<ItemStocksResponse> {
  const item = await resolveItem(ctx, { id });
  if (!item.warehouse_id) return { member: [] };
  const stocks = await quarantine.findWarehouseStocks(ctx, item.warehouse_id);
  return {
    member: stocks.map((s) => ({
      id: s.id,
      name: s.name,
      nativeKind: s.native_kind as NativeStockKind | null,
      current: s.id === item.stock_id,
    })),
  };
}

/**
 * Releases an item from quarantine by moving it to another stock of its warehouse: the customer
 * return stock → to return to the customer; any other → to reintegrate (its control starts again).
 */
export async function releaseFromQuarantine(
  ctx: RequestContext,
  id: string,
  input: ReleaseQuarantineRequest,
): Promise<ItemResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    requireStatus(item, ['item_in_quarantine']);
    const stock = await quarantine.findStock(tx, input.stockId);
    if (!stock || !item.warehouse_id || stock.warehouse_id !== item.warehouse_id)
      throw new AppError('stock_not_in_warehouse', "This stock is not one of the item's warehouse.", [
        {
          propertyPath: 'stockId',
          message: "This stock is not one of the item's warehouse.",
          code: 'stock_not_in_warehouse',
        },
      ]);
    if (stock.id === item.stock_id)
      throw new AppError('same_stock', 'The item is already in this stock.', [
        { propertyPath: 'stockId', message: 'The item is already in this stock.', code: 'same_stock' },
      ]);
    await moveItem(tx, item, {
      to: stock.native_kind === 'customer_return' ? 'item_to_return' : 'item_to_reintegrate_to_stock',
      reason: 'quarantine_release',
      comment: input.comment,
      stockId: stock.id,
    });
    return toItemResponse((await repo.findItem(tx, item.id)) as repo.ItemRow);
  });
}

/** The product went back to the customer: to return → returned, out of any stock. */
export async function markReturned(ctx: RequestContext, id: string): Promise<ItemResponse> {
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { id }, { forUpdate: true });
    requireStatus(item, ['item_to_return']);
    await moveItem(tx, item, { to: 'item_returned', reason: 'returned', stockId: null });
    return toItemResponse((await repo.findItem(tx, item.id)) as repo.ItemRow);
  });
}
