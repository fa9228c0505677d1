import { z } from 'zod';

/**
 * Litigation: after a control below the declared price, the customer is
 * offered the controlled price by mail and answers on the retailer's public site
 * (`buyback/{buybackId}/accept` and `/reject`, one screen) through a link holding a token.
 * Accepting completes the buyback at the proposed price (paid within 5 business days);
 * declining sends the product back.
 */

export const LITIGATION_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type LitigationStatus = (typeof LITIGATION_STATUSES)[number];
const LITIGATION_ANSWERS = ['accepted', 'rejected'] as const;
export type LitigationAnswer = (typeof LITIGATION_ANSWERS)[number];

/** The customer is paid within this many business days once the proposal is accepted. */
export const LITIGATION_PAYMENT_BUSINESS_DAYS = 5;
/** An open litigation's mail is sent once more after this many days. */
export const LITIGATION_REMINDER_DAYS = 7;

/** A counter-offer as the back office sees it (`GET /buybacks/{id}/litigation`). */
export const LitigationResponse = z.object({
  id: z.uuid(),
  buybackId: z.uuid(),
  itemId: z.uuid(),
  status: z.enum(LITIGATION_STATUSES),
  reason: z.string(),
  declaredPriceCents: z.number().int(),
  proposedPriceCents: z.number().int(),
  currency: z.string(),
  photos: z.array(z.object({ key: z.string(), url: z.string() })),
  /** The customer has an e-mail address: the proposal can be mailed. */
  customerHasEmail: z.boolean(),
  mailsSent: z.number().int(),
  lastMailAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
});
export type LitigationResponse = z.infer<typeof LitigationResponse>;

export const BuybackLitigationResponse = z.object({ litigation: LitigationResponse.nullable() });
export type BuybackLitigationResponse = z.infer<typeof BuybackLitigationResponse>;

/** The link's token: the only credential of the public answer. */
const token = () => z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(200);

export const PublicLitigationParams = z.object({ buybackId: z.uuid({ message: 'invalid_uuid' }) });
export const PublicLitigationQuery = z.object({ token: token() });
export type PublicLitigationQuery = z.infer<typeof PublicLitigationQuery>;

/** `GET /public/litigations/{buybackId}?token=`: the proposal the customer answers. */
export const PublicLitigationResponse = z.object({
  buybackId: z.uuid(),
  identificationNumber: z.string(),
  product: z.object({ name: z.string(), brand: z.string().nullable(), imageUrl: z.string().nullable() }),
  declaredPriceCents: z.number().int(),
  proposedPriceCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** The warehouse's comment, when the retailer shares it with its customers. */
  warehouseComment: z.string().nullable(),
  /** The proof photos (their URLs carry the token). */
  photos: z.array(z.string()),
  createdAt: z.string(),
});
export type PublicLitigationResponse = z.infer<typeof PublicLitigationResponse>;

/** `POST /public/litigations/{buybackId}/accept` and `/reject`. */
export const LitigationAnswerRequest = z.object({ token: token() });
export type LitigationAnswerRequest = z.infer<typeof LitigationAnswerRequest>;

export const LitigationAnswerResponse = z.object({
  status: z.enum(LITIGATION_ANSWERS),
  proposedPriceCents: z.number().int(),
  currency: z.string(),
  /** Accepted: the customer is paid within this many business days; null when declined. */
  paymentWithinBusinessDays: z.number().int().nullable(),
});
export type LitigationAnswerResponse = z.infer<typeof LitigationAnswerResponse>;
