import type { DeliveryEventCode, ItemStatus, ShipmentKind, ShipmentStatus } from '@reprise/shared';

/**
 * What a carrier's delivery event does (docs/transport.md, "Statuses"): the shipment's status, and
 * the item moves it makes (each through the item move, modules/warehouse/item-moves.ts). An
 * event that finds the item elsewhere (checked in already, completed) moves nothing.
 */

export const SHIPMENT_STATUS_OF_EVENT: Record<DeliveryEventCode, ShipmentStatus> = {
  delivery_init: 'in_transit',
  in_progress: 'in_transit',
  delivered: 'delivered',
  failed: 'delivery_failed',
  cancelled: 'cancelled',
  returned: 'returned',
  lost: 'delivery_failed',
};

export interface DeliveryMove {
  to: ItemStatus;
  reason: string;
}

const BEFORE_TRANSIT: readonly string[] = ['item_created', 'item_awaiting_inventory'];

/**
 * The item moves of an event, in order.
 * - Outbound parcel: its first moving event takes the item in transit; `delivered` means the
 *   parcel reached the warehouse: when check-in is disabled (for the retailer or the warehouse's
 *   account) the item is registered in the warehouse, otherwise it stays in transit until the
 *   operator's check-in scan (the check-in screen shows it delivered); `lost` is a loss in transport.
 * - Return parcel: only `delivered` moves the item, from `item_to_return` to `item_returned`.
 */
export function deliveryMoves(
  kind: ShipmentKind,
  code: DeliveryEventCode,
  itemStatus: string,
  checkinDisabled: boolean,
): DeliveryMove[] {
  if (kind === 'return')
    return code === 'delivered' && itemStatus === 'item_to_return'
      ? [{ to: 'item_returned', reason: 'carrier_returned' }]
      : [];
  const moves: DeliveryMove[] = [];
  const moving =
    code === 'delivery_init' || code === 'in_progress' || code === 'delivered' || code === 'lost';
  let status = itemStatus;
  if (moving && BEFORE_TRANSIT.includes(status)) {
    moves.push({ to: 'item_in_transit', reason: 'carrier_in_transit' });
    status = 'item_in_transit';
  }
  if (code === 'delivered' && checkinDisabled && status === 'item_in_transit')
    moves.push({ to: 'item_registered_in_warehouse', reason: 'carrier_delivered' });
  if (code === 'lost' && status === 'item_in_transit')
    moves.push({ to: 'item_lost_transport', reason: 'carrier_lost' });
  return moves;
}
