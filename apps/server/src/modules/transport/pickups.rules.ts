/** The pick-ups' pure rules (docs/transport.md, "Pick-ups"). */

/** The circuits whose parcel a carrier collects at the customer's. */
const PICKUP_CIRCUIT_TYPES: readonly string[] = ['store_collect', 'web_collect'];
export const hasPickup = (circuitType: string) => PICKUP_CIRCUIT_TYPES.includes(circuitType);
/** The item has not left the customer: a pick-up may be booked (again). */
const AT_CUSTOMER_ITEM_STATUSES = ['item_created', 'item_awaiting_inventory'];

/** Whether a pick-up may be booked for a buyback now (the transport section's button). */
export function pickupBookable(
  buyback: { circuit_type: string; item_status: string },
  hasCarrier: boolean,
  pickups: { status: string }[],
): boolean {
  return (
    hasPickup(buyback.circuit_type) &&
    hasCarrier &&
    AT_CUSTOMER_ITEM_STATUSES.includes(buyback.item_status) &&
    !pickups.some((p) => p.status === 'requested' || p.status === 'booked')
  );
}

/** The current pick-up may be cancelled: requested or booked, its slot not started. */
export function pickupCancellable(pickup: { status: string; slot_start: Date | string } | undefined) {
  return (
    pickup !== undefined &&
    (pickup.status === 'requested' || pickup.status === 'booked') &&
    new Date(pickup.slot_start).getTime() > Date.now()
  );
}
