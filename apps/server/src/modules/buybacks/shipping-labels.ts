import {
  type BuybackCircuitType,
  SHIPPING_LABEL_CIRCUIT_TYPES,
  type ShippingLabelStatus,
} from '@reprise/shared';

/**
 * The shipping label of a web buyback sent by parcel (web_drop_label, web_post). Its state:
 * `not_expected` for the other circuits (and a cancelled buyback), `pending` while a carrier has
 * not answered yet, `ready` once generated. Until a carrier connector exists, the platform's own
 * label is generated at checkout (create-buybacks.service.ts), so a new label buyback is ready at
 * once; a connector would store `pending` and set `ready` on the carrier's answer.
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
  return row.shipping_label_status === 'ready' ? 'ready' : 'pending';
}
