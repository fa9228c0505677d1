import type { BuybackStatus, ItemStatus } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { RequestContext, TxContext } from '../../platform/request-context';
import { planItemMove, planLossReversal } from './buyback-statuses';
import * as repo from './items.repository';
import { afterStatusChange } from './status-effects';

/**
 * The one way an item changes status or stock (docs/statuses.md, "Item"). Every move:
 * - is checked against the item table (buyback-statuses.ts), and the buyback follows
 *   its item (`BUYBACK_STATUS_OF_ITEM`);
 * - writes an item event (who, when, where, why): the item's history;
 * - writes the buyback's status event and the audit log, in the command's transaction.
 * Services find the item first (`resolveItem`, locked) and call `moveItem` inside `transact`.
 */

export interface ItemMove {
  to: ItemStatus;
  /** Why, as a code the screens translate (checkin, control, quarantine, loss, sent…). */
  reason: string;
  comment?: string | null;
  /** The stock the item is now in; undefined keeps it, null takes it out of any stock. */
  stockId?: string | null;
  /** Where it happened; by default the item's warehouse once it has reached it, else the actor's organisation. */
  organizationId?: string | null;
  /** Other columns the step records (control results, comment…). */
  columns?: repo.ItemColumns;
}

/** Statuses at which the device is in the warehouse (its events happen there). */
const IN_WAREHOUSE = (status: ItemStatus) =>
  ![
    'item_created',
    'item_awaiting_store_drop',
    'item_awaiting_inventory',
    'item_in_transit',
    'item_lost_store',
    'item_lost_transport',
    'item_cancelled',
  ].includes(status);

export async function moveItem(tx: repo.ItemTx, item: repo.ItemRow, move: ItemMove): Promise<void> {
  const plan = planItemMove(
    { status: item.buyback_status as BuybackStatus, itemStatus: item.status as ItemStatus },
    move.to,
  );
  await apply(tx, item, plan, move);
}

/** Moves an item to another stock of its warehouse, its status unchanged. */
export async function moveToStock(
  tx: repo.ItemTx,
  item: repo.ItemRow,
  stockId: string,
  move: { reason: string; comment?: string | null; to?: ItemStatus },
): Promise<void> {
  if (item.stock_id === stockId) throw new AppError('same_stock', 'The item is already in this stock.');
  if (move.to && move.to !== item.status) return moveItem(tx, item, { ...move, to: move.to, stockId });
  await apply(
    tx,
    item,
    { itemStatus: item.status as ItemStatus, status: null },
    { ...move, to: item.status as ItemStatus, stockId },
  );
}

/**
 * Records a step that leaves the item's status and stock as they are (a counter-offer made): an
 * item event with its reason and comment, the columns it sets, and the audit.
 */
export async function recordItemEvent(
  tx: repo.ItemTx,
  item: repo.ItemRow,
  event: {
    reason: string;
    comment?: string | null;
    columns?: repo.ItemColumns;
    /** The stock it is in after the step (null: out of any stock, a dispatched item); undefined keeps it. */
    stockId?: string | null;
  },
): Promise<void> {
  await apply(
    tx,
    item,
    { itemStatus: item.status as ItemStatus, status: null },
    {
      to: item.status as ItemStatus,
      reason: event.reason,
      comment: event.comment,
      columns: event.columns,
      stockId: event.stockId,
    },
  );
}

/** Undoes a loss (admins, with a reason): the item returns to the status it had before. */
export async function revertLoss(tx: TxContext, item: repo.ItemRow, comment: string): Promise<void> {
  const previous = await repo.findStatusBefore(tx, item.id, item.status);
  if (!previous) throw new AppError('not_lost', 'This item is not declared lost.');
  const plan = planLossReversal(
    { status: item.buyback_status as BuybackStatus, itemStatus: item.status as ItemStatus },
    previous as ItemStatus,
  );
  await apply(tx, item, plan, { to: plan.itemStatus, reason: 'loss_reverted', comment });
}

async function apply(
  tx: repo.ItemTx,
  item: repo.ItemRow,
  plan: { itemStatus: ItemStatus; status: BuybackStatus | null },
  move: ItemMove,
): Promise<void> {
  const where =
    move.organizationId !== undefined
      ? move.organizationId
      : IN_WAREHOUSE(plan.itemStatus) && item.warehouse_id
        ? item.warehouse_id
        : (item.store_id ?? tx.actor?.organizationId ?? null);
  const stockId = move.stockId === undefined ? item.stock_id : move.stockId;
  const written = await repo.updateItem(
    tx,
    item,
    {
      ...move.columns,
      status: plan.itemStatus,
      ...(move.stockId !== undefined ? { stock_id: move.stockId } : {}),
    },
    plan.status,
  );
  // an item outside the context's accounts: no event and no audit either
  if (!written)
    throw new AppError('item_not_found', 'Code not recognised or not assigned to this warehouse.');
  await repo.insertItemEvent(tx, {
    itemId: item.id,
    accountId: item.account_id,
    buybackId: item.buyback_id,
    fromStatus: item.status,
    toStatus: plan.itemStatus,
    buybackStatus: plan.status,
    organizationId: where,
    stockId,
    reason: move.reason,
    comment: move.comment ?? null,
  });
  await audit(tx, {
    action: 'update',
    entityType: 'item',
    entityId: item.id,
    accountId: item.account_id,
    before: { status: item.status, buybackStatus: item.buyback_status, stockId: item.stock_id },
    after: {
      status: plan.itemStatus,
      buybackStatus: plan.status ?? item.buyback_status,
      stockId,
      reason: move.reason,
    },
  });
  await afterStatusChange(tx, {
    buybackId: item.buyback_id,
    itemId: item.id,
    accountId: item.account_id,
    fromItemStatus: item.status as ItemStatus,
    toItemStatus: plan.itemStatus,
    fromBuybackStatus: item.buyback_status as BuybackStatus,
    toBuybackStatus: plan.status,
  });
  // what the caller holds is the item as it now is
  Object.assign(item, {
    status: plan.itemStatus,
    buyback_status: plan.status ?? item.buyback_status,
    stock_id: stockId,
    ...move.columns,
  });
}

/** A scanned or typed warehouse code (8 or 13 characters) as an item lookup. */
export function itemWhereOfCode(code: string): repo.ItemWhere {
  const trimmed = code.trim();
  if (trimmed.length === 13) return { fullCode: trimmed };
  if (trimmed.length === 8) return { shortCode: trimmed };
  throw new AppError('code_length_invalid', 'The code must have 8 or 13 characters.', [
    { propertyPath: 'code', message: 'The code must have 8 or 13 characters.', code: 'code_length_invalid' },
  ]);
}

/**
 * The one item the actor sees under this code or id: `item_not_found` (not recognised, or not
 * assigned to the actor's warehouse), `several_items_match` for a short code shared by several.
 */
export async function resolveItem(
  ctx: RequestContext,
  where: { id: string } | { code: string },
  options: { forUpdate?: boolean } = {},
): Promise<repo.ItemRow> {
  const rows = await repo.findVisibleItems(ctx, 'id' in where ? where : itemWhereOfCode(where.code), options);
  if (rows.length === 0)
    throw new AppError('item_not_found', 'Code not recognised or not assigned to this warehouse.');
  if (rows.length > 1)
    throw new AppError('several_items_match', 'Several items match this code: scan the full 13-digit code.');
  return rows[0] as repo.ItemRow;
}

/** The item is at one of these statuses, else `item_status_mismatch` (the screen says which step it is at). */
export function requireStatus(item: repo.ItemRow, statuses: readonly ItemStatus[]): void {
  if (!statuses.includes(item.status as ItemStatus))
    throw new AppError(
      'item_status_mismatch',
      `The item's status (${item.status}) does not match this step.`,
    );
}
