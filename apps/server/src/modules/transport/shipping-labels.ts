import {
  type BuybackCircuitType,
  SHIPPING_LABEL_CIRCUIT_TYPES,
  type ShippingLabelStatus,
} from '@reprise/shared';

/**
 * The shipping label of a web buyback sent by parcel (web_drop_label, web_post). Its state:
 * `not_expected` for the other circuits (and a cancelled buyback), `pending` while a carrier has
 * not answered yet, `ready` once generated, `failed` when the carrier made none. Without a
 * transport configuration the platform's own label is generated at checkout
 * (create-buybacks.service.ts), ready at once; with one, the carrier's label is `pending` until the
 * shipment jobs fetch it (modules/transport/shipments.service.ts).
 */

export function hasShippingLabel(circuitType: string): boolean {
  return (SHIPPING_LABEL_CIRCUIT_TYPES as readonly string[]).includes(circuitType as BuybackCircuitType);
}

export function shippingLabelState(row: {
  circuit_type: string;
  status: string;
  shipping_label_status: string | null;
}): ShippingLabelStatus {
  if (!hasShippingLabel(row.circuit_type) || row.status === 'bb_cancelled') return 'not_expected';
  if (row.shipping_label_status === 'failed') return 'failed';
  return row.shipping_label_status === 'ready' ? 'ready' : 'pending';
}
