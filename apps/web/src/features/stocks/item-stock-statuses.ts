import type { ItemStatus } from '@reprise/shared';

/** The statuses an item kept in a stock may have: the choices of the status filter. */
export const STOCK_ITEM_STATUSES: readonly ItemStatus[] = [
  'item_registered_in_warehouse',
  'item_awaiting_compliancy_tests',
  'item_completed',
  'item_completed_by_price',
  'item_completed_with_absorption',
  'item_completed_with_negociation',
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
  'item_in_quarantine',
  'item_to_return',
  'item_to_reintegrate_to_stock',
  'item_lost_warehouse',
];

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
