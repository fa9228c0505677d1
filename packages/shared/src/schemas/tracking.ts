import { z } from 'zod';
import { LOCALES } from '../enums';
import { CIRCUIT_TYPES, PAYMENT_MODE_TYPES } from './buyback-config';
import { LITIGATION_STATUSES } from './litigations';

/**
 * The customer's tracking page (docs/tracking.md): every buyback's private link to a page of the
 * retailer's public site, opened with no sign-in (the link's token is the credential).
 */

/** The steps of the page's timeline, in the order they happen. */
const TRACKING_STEPS = [
  'declared',
  'dropped',
  'sent',
  'received',
  'controlled',
  'counter_offer',
  'paid',
  'returned',
  'cancelled',
] as const;

/** What the control found, as the customer is told it. */
const TRACKING_CONTROL_OUTCOMES = ['accepted', 'counter_offer', 'quarantine', 'refused'] as const;
export type TrackingControlOutcome = (typeof TRACKING_CONTROL_OUTCOMES)[number];

/** The next step the customer can expect (the rule of docs/tracking.md, "Next step"). */
const TRACKING_NEXT_STEPS = [
  'drop_at_store',
  'send_parcel',
  'store_shipment',
  'delivery',
  'control',
  'answer_counter_offer',
  'payment',
  'return',
] as const;
export type TrackingNextStep = (typeof TRACKING_NEXT_STEPS)[number];

/** The documents a customer may download from the page (only those of its own buyback). */
const TRACKING_DOCUMENTS = ['transfer-order', 'voucher', 'drop-slip', 'shipping-label'] as const;
export type TrackingDocument = (typeof TRACKING_DOCUMENTS)[number];

/** The link's token in a path: any text up to 200 characters (a wrong one is not found, never a 400). */
export const TrackingTokenParams = z.object({ token: z.string().min(1).max(200) });
export type TrackingTokenParams = z.infer<typeof TrackingTokenParams>;

export const TrackingDocumentParams = TrackingTokenParams.extend({ document: z.enum(TRACKING_DOCUMENTS) });

const TrackingEvent = z.object({
  step: z.enum(TRACKING_STEPS),
  at: z.string(),
  /** `sent`: the carrier's tracking number and page, when known. */
  carrier: z.object({ trackingNumber: z.string().nullable(), trackingUrl: z.string().nullable() }).nullable(),
  /** `controlled`: what the control found. */
  outcome: z.enum(TRACKING_CONTROL_OUTCOMES).nullable(),
  /** `counter_offer`: the price proposed, the answer, and the answer links while it is open. */
  counterOffer: z
    .object({
      status: z.enum(LITIGATION_STATUSES),
      proposedPriceCents: z.number().int(),
      acceptUrl: z.string().nullable(),
      rejectUrl: z.string().nullable(),
    })
    .nullable(),
  /** `paid`: how. */
  paymentType: z.enum(PAYMENT_MODE_TYPES).nullable(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** `GET /api/tracking/{token}`: only what the customer gave and the buyback's own facts. */
export const TrackingResponse = z.object({
  buybackNumber: z.string(),
  productName: z.string(),
  /** The price offered to the customer (the declared offer; a counter-offer's price is on its event). */
  offerCents: z.number().int(),
  currency: z.string(),
  circuitType: z.enum(CIRCUIT_TYPES),
  paymentType: z.enum(PAYMENT_MODE_TYPES),
  ended: z.boolean(),
  timeline: z.array(TrackingEvent),
  nextStep: z.object({ step: z.enum(TRACKING_NEXT_STEPS), expectedBy: z.string().nullable() }).nullable(),
  documents: z.array(z.enum(TRACKING_DOCUMENTS)),
  support: z.object({ retailer: z.string(), email: z.string().nullable() }),
  /** The retailer's language, the page's default when the visitor has none of its own. */
  language: z.enum(LOCALES),
  progressMails: z.boolean(),
  /** When the link stops opening; null while the buyback has not ended. */
  expiresAt: z.string().nullable(),
});
export type TrackingResponse = z.infer<typeof TrackingResponse>;

/** `POST /api/tracking/{token}/unsubscribe`. */
export const TrackingUnsubscribeResponse = z.object({ progressMails: z.literal(false) });
export type TrackingUnsubscribeResponse = z.infer<typeof TrackingUnsubscribeResponse>;

/** `GET /api/buybacks/{id}/tracking-link` (back office) and the visitor's confirmation page. */
export const TrackingLinkResponse = z.object({
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TrackingLinkResponse = z.infer<typeof TrackingLinkResponse>;
