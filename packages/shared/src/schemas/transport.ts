import { z } from 'zod';
import { SHIPPING_LABEL_STATUSES } from './buybacks';
import { PickupSlot } from './pickup-slot';

/**
 * Transport (docs/transport.md): the sandbox carrier's own API (`/api/sandbox-carrier/*`), the
 * carrier webhook (`POST /api/webhooks/transport/{configurationId}`) and a buyback's transport as
 * the back office reads it (`GET /api/buybacks/{id}/transport`).
 */

/**
 * The delivery events a carrier reports ("delivery statuses"): the parcel
 * registered (`delivery_init`), moving (`in_progress`), delivered, a delivery attempt failed,
 * the shipment cancelled, the parcel sent back to its sender (`returned`), lost.
 */
export const DELIVERY_EVENT_CODES = [
  'delivery_init',
  'in_progress',
  'delivered',
  'failed',
  'cancelled',
  'returned',
  'lost',
] as const;
export type DeliveryEventCode = (typeof DELIVERY_EVENT_CODES)[number];

/** A shipment as the platform follows it (migration 021, shipments.status). */
export const SHIPMENT_STATUSES = [
  'label_pending',
  'label_ready',
  'label_failed',
  'in_transit',
  'delivered',
  'delivery_failed',
  'returned',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

const SHIPMENT_KINDS = ['shipping', 'return'] as const;
export type ShipmentKind = (typeof SHIPMENT_KINDS)[number];

// ---------- the sandbox carrier's API ----------

/** A webhook address: absolute http(s), or a path resolved against the carrier's own public URL. */
const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((value) => /^\/[^/]/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    message: 'invalid_url',
  });

export const SandboxCarrierAccountRequest = z.object({
  webhookUrl: webhookUrl.nullable().optional(),
  /** Seconds before a new shipment's label is made (default 4). */
  labelDelaySeconds: z.number().int().min(0).max(3600).optional(),
});
export type SandboxCarrierAccountRequest = z.infer<typeof SandboxCarrierAccountRequest>;

/** Whether the sandbox carrier makes the labels of an account's shipments. */
const SANDBOX_LABEL_OUTCOMES = ['ready', 'failed'] as const;
/** How the sandbox carrier answers an account's pick-up calls. */
const SANDBOX_PICKUP_OUTCOMES = ['booked', 'refused', 'unavailable'] as const;

export const SandboxCarrierAccountPatch = z.object({
  webhookUrl: webhookUrl.nullable().optional(),
  labelDelaySeconds: z.number().int().min(0).max(3600).optional(),
  /** `failed`: the carrier makes no label for the account's next shipments (to test that path). */
  labelOutcome: z.enum(SANDBOX_LABEL_OUTCOMES).optional(),
  /** `refused`: the carrier refuses the next pick-ups (422); `unavailable`: its pick-up calls answer 503. */
  pickupOutcome: z.enum(SANDBOX_PICKUP_OUTCOMES).optional(),
});
export type SandboxCarrierAccountPatch = z.infer<typeof SandboxCarrierAccountPatch>;

export const SandboxCarrierAccountResponse = z.object({
  accountNumber: z.string(),
  webhookUrl: z.string().nullable(),
  labelDelaySeconds: z.number().int(),
  labelOutcome: z.enum(SANDBOX_LABEL_OUTCOMES),
  pickupOutcome: z.enum(SANDBOX_PICKUP_OUTCOMES),
});
export type SandboxCarrierAccountResponse = z.infer<typeof SandboxCarrierAccountResponse>;

/** The sign-up's answer: the API key and the webhook secret, shown this once. */
export const SandboxCarrierSignUpResponse = SandboxCarrierAccountResponse.extend({
  apiKey: z.string(),
  webhookSecret: z.string(),
});
export type SandboxCarrierSignUpResponse = z.infer<typeof SandboxCarrierSignUpResponse>;

export const CarrierAddress = z.object({
  name: z.string().trim().min(1).max(255),
  street: z.string().trim().min(1).max(255),
  streetMore: z.string().trim().max(255).nullable().optional(),
  zip: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  country: z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' }),
});
export type CarrierAddress = z.infer<typeof CarrierAddress>;

export const CarrierParcel = z.object({
  weightGrams: z.number().int().min(1).max(70_000),
  lengthCm: z.number().int().min(1).max(300),
  widthCm: z.number().int().min(1).max(300),
  heightCm: z.number().int().min(1).max(300),
});
export type CarrierParcel = z.infer<typeof CarrierParcel>;

export const SandboxCarrierShipmentRequest = z.object({
  reference: z.string().trim().min(1).max(64),
  kind: z.enum(SHIPMENT_KINDS),
  sender: CarrierAddress,
  recipient: CarrierAddress,
  parcel: CarrierParcel,
});
export type SandboxCarrierShipmentRequest = z.infer<typeof SandboxCarrierShipmentRequest>;

export const SandboxCarrierShipmentResponse = z.object({
  id: z.uuid(),
  reference: z.string(),
  kind: z.enum(SHIPMENT_KINDS),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  labelStatus: z.enum(['pending', 'ready', 'failed']),
  status: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SandboxCarrierShipmentResponse = z.infer<typeof SandboxCarrierShipmentResponse>;

export const SandboxCarrierEventRequest = z.object({
  code: z.enum(DELIVERY_EVENT_CODES, { message: 'invalid_value' }),
});
export type SandboxCarrierEventRequest = z.infer<typeof SandboxCarrierEventRequest>;

/** A delivery event as the carrier posts it to the shipper's webhook (and answers it from its console). */
export const CarrierDeliveryEvent = z.object({
  id: z.string().min(1).max(128),
  shipmentId: z.string().min(1).max(128),
  trackingNumber: z.string().min(1).max(64),
  code: z.enum(DELIVERY_EVENT_CODES, { message: 'invalid_value' }),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type CarrierDeliveryEvent = z.infer<typeof CarrierDeliveryEvent>;

export const TrackingNumberParams = z.object({
  trackingNumber: z.string().regex(/^[A-Z]{2}[0-9]{9}[A-Z]{2}$/, { message: 'invalid_value' }),
});

// ---------- pick-ups (home collection) ----------

/** A pick-up order's events as the carrier reports them ("order created, quoted, cancelled"). */
const PICKUP_EVENT_CODES = ['order_created', 'order_quoted', 'order_cancelled'] as const;
export type PickupEventCode = (typeof PICKUP_EVENT_CODES)[number];

/** A buyback's pick-up as the platform follows it (migration 042, pickups.status). */
const PICKUP_STATUSES = ['requested', 'booked', 'failed', 'cancelled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/** Where a pick-up would be: the slots depend on the address's country and postcode. */
export const PickupSlotsQuery = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' }),
  zip: z.string().trim().min(1).max(20),
});
export type PickupSlotsQuery = z.infer<typeof PickupSlotsQuery>;

export const SandboxCarrierPickupSlotsResponse = z.object({ slots: z.array(PickupSlot) });

export const SandboxCarrierPickupRequest = z.object({
  reference: z.string().trim().min(1).max(64),
  address: CarrierAddress,
  parcel: CarrierParcel,
  slot: PickupSlot,
});
export type SandboxCarrierPickupRequest = z.infer<typeof SandboxCarrierPickupRequest>;

const PickupEvent = z.object({
  code: z.enum(PICKUP_EVENT_CODES),
  occurredAt: z.iso.datetime({ offset: true }),
});

export const SandboxCarrierPickupResponse = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(['booked', 'cancelled']),
  slot: PickupSlot,
  priceCents: z.number().int(),
  events: z.array(PickupEvent),
});
export type SandboxCarrierPickupResponse = z.infer<typeof SandboxCarrierPickupResponse>;

/** `GET /pickup-slots`: the slots the account's carrier offers; `available: false` without a carrier. */
export const PickupSlotsResponse = z.object({ available: z.boolean(), slots: z.array(PickupSlot) });
export type PickupSlotsResponse = z.infer<typeof PickupSlotsResponse>;

/** `POST /buybacks/{id}/pickup`: books (again) the pick-up of a collect buyback on a slot. */
export const BookPickupRequest = z.object({ slot: PickupSlot });
export type BookPickupRequest = z.infer<typeof BookPickupRequest>;

const PickupResponse = z.object({
  id: z.uuid(),
  status: z.enum(PICKUP_STATUSES),
  slot: PickupSlot,
  carrierName: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  /** Why the carrier refused it (a failed pick-up). */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  events: z.array(PickupEvent.extend({ receivedAt: z.iso.datetime({ offset: true }) })),
});

// ---------- the platform's side ----------

export const TransportWebhookParams = z.object({ configurationId: z.uuid({ message: 'invalid_uuid' }) });

const DeliveryEventResponse = z.object({
  code: z.enum(DELIVERY_EVENT_CODES),
  occurredAt: z.iso.datetime({ offset: true }),
  receivedAt: z.iso.datetime({ offset: true }),
});

const ShipmentResponse = z.object({
  id: z.uuid(),
  kind: z.enum(SHIPMENT_KINDS),
  status: z.enum(SHIPMENT_STATUSES),
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  labelReadyAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  events: z.array(DeliveryEventResponse),
});

/** `GET /buybacks/{id}/transport`: the buyback's tracking, its label's state and its shipments. */
export const BuybackTransportResponse = z.object({
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  deliveryStatus: z.enum(DELIVERY_EVENT_CODES).nullable(),
  shippingLabel: z.enum(SHIPPING_LABEL_STATUSES),
  shipments: z.array(ShipmentResponse),
  /** The pick-ups of a collect buyback, oldest first (the last one is the current one). */
  pickups: z.array(PickupResponse),
  /** A pick-up may be booked now: a collect circuit, a carrier, none requested or booked, the buyback open. */
  pickupBookable: z.boolean(),
  /** The current pick-up may be cancelled: requested or booked, its slot not started. */
  pickupCancellable: z.boolean(),
  /** The tracking sheet (`GET /buybacks/{id}/documents/tracking-sheet`) exists: a carrier carries it. */
  trackingSheet: z.boolean(),
});
export type BuybackTransportResponse = z.infer<typeof BuybackTransportResponse>;
