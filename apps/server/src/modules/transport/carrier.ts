import type {
  CarrierAddress,
  CarrierParcel,
  PickupEventCode,
  PickupSlot,
  ShipmentKind,
} from '@reprise/shared';

/**
 * What the platform asks of a parcel carrier (docs/transport.md, "How to write a real transport
 * connector"). Each transport connector of the catalogue (migration 021, type `transport`)
 * implements it over its carrier's own API; `carriers.ts` picks the implementation of a
 * configuration. The sandbox carrier's is `sandbox-carrier.client.ts`.
 */

export interface CarrierShipmentRequest {
  /** Our reference printed on the label and echoed by the carrier: the buyback's 13-digit code. */
  reference: string;
  kind: ShipmentKind;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  parcel: CarrierParcel;
}

export interface CarrierShipment {
  /** The carrier's own id of the shipment (what its webhook names). */
  carrierShipmentId: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

export type CarrierLabel =
  | { status: 'ready'; pdf: Buffer }
  /** Not made yet: ask again (after `retryAfterSeconds` when the carrier says). */
  | { status: 'not_ready'; retryAfterSeconds: number | null }
  /** The carrier will make none. */
  | { status: 'failed'; reason: string };

export interface CarrierPickupRequest {
  /** The buyback's 13-digit code. */
  reference: string;
  /** Where the parcel is collected: the customer's address. */
  address: CarrierAddress;
  parcel: CarrierParcel;
  slot: PickupSlot;
}

/** A pick-up order at the carrier and its events so far (created, quoted, cancelled). */
export interface CarrierPickup {
  carrierPickupId: string;
  priceCents: number | null;
  events: { code: PickupEventCode; occurredAt: string }[];
}

export interface Carrier {
  createShipment(request: CarrierShipmentRequest): Promise<CarrierShipment>;
  fetchLabel(carrierShipmentId: string): Promise<CarrierLabel>;
  cancel(carrierShipmentId: string): Promise<void>;
  /** The collection slots it offers at an address (home collection). */
  pickupSlots(address: { country: string; zip: string }): Promise<PickupSlot[]>;
  bookPickup(request: CarrierPickupRequest): Promise<CarrierPickup>;
  cancelPickup(carrierPickupId: string): Promise<CarrierPickup>;
}

/**
 * A carrier call that failed. `permanent`: asking again cannot help (the carrier refused the
 * request or the credentials); otherwise (timeout, network, 5xx) the job tries again later.
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
