import type { ItemEconomicsResponse, ItemStatus } from '@reprise/shared';

/**
 * The rules of the items in stock (issue 13). Pure.
 */

/**
 * Statuses at which an item is not moved from one stock to another on the stock screens: it left
 * the warehouse (returned, cancelled), it is declared lost, or it is in quarantine, whose release
 * is the quarantine screen's (modules/warehouse/quarantine.service.ts).
 */
const NOT_MOVABLE_STATUSES: readonly ItemStatus[] = [
  'item_in_quarantine',
  'item_returned',
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
  'item_cancelled',
];

/** An item is moved to another stock while it is in one, not dispatched, at a status that allows it. */
export function isMovableToStock(item: {
  status: string;
  stock_id: string | null;
  dispatched_at: Date | string | null;
}): boolean {
  return (
    item.stock_id !== null &&
    item.dispatched_at === null &&
    !NOT_MOVABLE_STATUSES.includes(item.status as ItemStatus)
  );
}

/**
 * The economic data of an item: paid = the validated price, else the purchase price; the margin
 * is the resale price less the price paid and the refurbishment cost (the completed one once the
 * refurbishment is completed, the planned one until then); none without a resale price.
 */
export function economicsOf(item: {
  currency: string;
  status: string;
  validated_price_cents: number | null;
  purchase_price_cents: number;
  planned_refurb_cost_cents: number;
  completed_refurb_cost_cents: number;
  resale_price_cents: number | null;
  refurb_completed_at: Date | string | null;
}): ItemEconomicsResponse {
  const paid = item.validated_price_cents ?? item.purchase_price_cents;
  const refurbished = item.refurb_completed_at !== null || item.status === 'item_refurb_completed';
  const refurbCost = refurbished ? item.completed_refurb_cost_cents : item.planned_refurb_cost_cents;
  return {
    currency: item.currency,
    paidPriceCents: paid,
    plannedRefurbCostCents: item.planned_refurb_cost_cents,
    completedRefurbCostCents: item.completed_refurb_cost_cents,
    resalePriceCents: item.resale_price_cents,
    marginCents: item.resale_price_cents === null ? null : item.resale_price_cents - paid - refurbCost,
  };
}
