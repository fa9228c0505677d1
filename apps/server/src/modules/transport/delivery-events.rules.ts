import type { DeliveryEventCode, ItemStatus, ShipmentKind, ShipmentStatus } from '@reprise/shared';

/**
 * What a carrier's delivery event does (docs/transport.md, "Statuses"): the shipment's status, and
 * the item moves it makes (each through the item move, modules/buyback-lifecycle/item-moves.ts). An
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

/** The events that say the parcel is (or was) on its way: the item is in transit. */
const MOVING: readonly DeliveryEventCode[] = ['delivery_init', 'in_progress', 'delivered', 'lost'];

/**
 * The item moves of a parcel's latest event (`code`), in order.
 * - Outbound parcel: a moving event (this one, or any recorded before it: `movedBefore`) takes the
 *   item in transit; `delivered` means the parcel reached the warehouse: when check-in is disabled
 *   (for the retailer or the warehouse's account) the item is registered in the warehouse,
 *   otherwise it stays in transit until the operator's check-in scan (the check-in screen shows it
 *   delivered); `lost` is a loss in transport.
 * - Return parcel: only `delivered` moves the item, from `item_to_return` to `item_returned`.
 */
export function deliveryMoves(
  kind: ShipmentKind,
  code: DeliveryEventCode,
  itemStatus: string,
  checkinDisabled: boolean,
  movedBefore = false,
): DeliveryMove[] {
  if (kind === 'return')
    return code === 'delivered' && itemStatus === 'item_to_return'
      ? [{ to: 'item_returned', reason: 'carrier_returned' }]
      : [];
  const moves: DeliveryMove[] = [];
  const moving = movedBefore || MOVING.includes(code);
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

/** A recorded delivery event of a parcel, as the ordering reads it. */
export interface RecordedDeliveryEvent {
  code: DeliveryEventCode;
  /** The carrier's time of the event (its `occurredAt`). */
  occurredAt: Date;
  /** The order it was received in (`delivery_events.id`). */
  sequence: number;
}

/**
 * How far along its journey an event puts a parcel: two events of the same carrier time are
 * ordered by it (the carrier's clock often has whole seconds: "in progress" and "delivered" can
 * share one), and events of the same stage by their receipt.
 */
const STAGE: Record<DeliveryEventCode, number> = {
  delivery_init: 0,
  in_progress: 1,
  failed: 2,
  cancelled: 2,
  returned: 2,
  lost: 2,
  delivered: 2,
};

/** Orders two events of a parcel: by the carrier's time, then by stage, then by receipt. */
function compareDeliveryEvents(a: RecordedDeliveryEvent, b: RecordedDeliveryEvent): number {
  return (
    a.occurredAt.getTime() - b.occurredAt.getTime() ||
    STAGE[a.code] - STAGE[b.code] ||
    a.sequence - b.sequence
  );
}

/** What a received event changes: the shipment's status (null: unchanged) and the item's moves. */
export interface DeliveryOutcome {
  /** The shipment's new status and, for an outbound parcel, the buyback's delivery status; null when the event is older than one already applied. */
  status: ShipmentStatus | null;
  deliveryStatus: DeliveryEventCode | null;
  moves: DeliveryMove[];
}

/**
 * What the event `received` changes, given every event recorded for its parcel (itself included),
 * in whatever order they arrived (docs/transport.md, "Event order"): events apply by the carrier's
 * time, not by their arrival. Only the latest event sets the shipment's status and the buyback's
 * delivery status: an older one arriving late is recorded (the parcel's history) and changes
 * neither. The item moves are those of the latest event, with the item taken in transit when any
 * event says the parcel moved; they only ever move the item forward (from the statuses they name),
 * so an older event never moves it back.
 */
export function deliveryOutcome(
  kind: ShipmentKind,
  events: readonly RecordedDeliveryEvent[],
  received: RecordedDeliveryEvent,
  itemStatus: string,
  checkinDisabled: boolean,
): DeliveryOutcome {
  const latest = latestDeliveryEvent(events) ?? received;
  const applies = compareDeliveryEvents(received, latest) >= 0;
  const movedBefore = events.some((event) => MOVING.includes(event.code));
  return {
    status: applies ? SHIPMENT_STATUS_OF_EVENT[received.code] : null,
    deliveryStatus: applies && kind === 'shipping' ? received.code : null,
    moves: deliveryMoves(kind, latest.code, itemStatus, checkinDisabled, movedBefore),
  };
}

/** The latest of a parcel's events by the carrier's time (`compareDeliveryEvents`). */
export function latestDeliveryEvent(
  events: readonly RecordedDeliveryEvent[],
): RecordedDeliveryEvent | undefined {
  let latest: RecordedDeliveryEvent | undefined;
  for (const event of events) if (!latest || compareDeliveryEvents(event, latest) > 0) latest = event;
  return latest;
}
