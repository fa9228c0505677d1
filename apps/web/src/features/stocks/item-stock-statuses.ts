import { ITEM_STATUSES, type ItemStatus } from '@reprise/shared';

/** Statuses of an item no stock holds: not in the warehouse yet, returned to its customer, lost on the way, cancelled. */
const OUTSIDE_STOCK: readonly ItemStatus[] = [
  'item_created',
  'item_awaiting_store_drop',
  'item_awaiting_inventory',
  'item_in_transit',
  'item_returned',
  'item_lost_store',
  'item_lost_transport',
  'item_cancelled',
];

/** The statuses an item kept in a stock may have, in the shared order: the choices of the status filter. */
export const STOCK_ITEM_STATUSES: readonly ItemStatus[] = ITEM_STATUSES.filter(
  (status) => !OUTSIDE_STOCK.includes(status),
);

/**
 * Statuses at which the stock screens offer no move (modules/stocks/items-stock.rules.ts): an item
 * in quarantine is released from the quarantine screen; a lost one is in no stock any more.
 */
const NOT_MOVABLE: readonly ItemStatus[] = [
  'item_in_quarantine',
  'item_returned',
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
  'item_cancelled',
];

export const isMovable = (item: { status: ItemStatus; stock: unknown; dispatchedAt: string | null }) =>
  item.stock !== null && item.dispatchedAt === null && !NOT_MOVABLE.includes(item.status);
