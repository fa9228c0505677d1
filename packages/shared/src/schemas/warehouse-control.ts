import { z } from 'zod';
import { PRODUCT_GRADES } from '../enums';
import {
  BuybackAnswersResponse,
  BuybackQuestionnaireResponse,
  DiagnosticAnswerInput,
  imeiInput,
} from './buybacks';
import { ABSORPTION_TYPES } from './catalog';
import { LitigationResponse } from './litigations';
import { ItemResponse, QUARANTINE_REASONS } from './warehouse';

/**
 * The warehouse control (homologation): the operator scans the
 * item, compares it with what was declared, runs the product's diagnostic questions again and
 * completes it at the declared price, with the difference absorbed, or with a counter-offer the
 * customer answers on the public site (schemas/litigations.ts).
 */

/** How a control ends: the declared price holds, the difference is absorbed, or a counter-offer is made. */
export const CONTROL_OUTCOMES = ['by_price', 'absorption', 'counter_offer'] as const;
export type ControlOutcome = (typeof CONTROL_OUTCOMES)[number];

/** The most proof photos of one counter-offer. */
export const COUNTER_OFFER_PHOTOS_MAX = 6;
/** A proof photo's size limit (JPG or PNG, checked by content). */
export const CONTROL_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The warehouse comment and a counter-offer's reason: up to this many characters. */
export const CONTROL_TEXT_MAX = 1000;

/** A stored proof photo, as the upload answered it: `<uuid>.jpg` or `<uuid>.png` (its item's). */
export const CONTROL_PHOTO_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;
const controlPhotoKey = () => z.string().regex(CONTROL_PHOTO_KEY, { message: 'invalid_value' });

/** `POST /warehouse/control/start`: the scanned or typed code (8 or 13 characters, checked by the command). */
export const StartControlRequest = z.object({
  code: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(64),
});
export type StartControlRequest = z.infer<typeof StartControlRequest>;

const controlAnswers = () => z.array(DiagnosticAnswerInput).max(200, { message: 'too_many' });

const optionalText = () =>
  z
    .string()
    .trim()
    .max(CONTROL_TEXT_MAX, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null);

/** `POST /warehouse/control/{itemId}/estimate`: the operator's answers. */
export const ControlEstimateRequest = z.object({ answers: controlAnswers() });
export type ControlEstimateRequest = z.infer<typeof ControlEstimateRequest>;

/** What the operator's answers lead to, priced on the prices the buyback was sold with. */
export const ControlEstimateResponse = z.object({
  declaredState: z.enum(PRODUCT_GRADES),
  declaredPriceCents: z.number().int(),
  controlledState: z.enum(PRODUCT_GRADES),
  controlledPriceCents: z.number().int(),
  impactPriceEntries: z.array(z.object({ label: z.string(), valueCents: z.number().int() })),
  outcome: z.enum(CONTROL_OUTCOMES),
  /** The price the buyback is completed at: the declared one (by price, absorption), else the proposal. */
  validatedPriceCents: z.number().int(),
  /** What the buyer absorbs (absorption only, else 0). */
  absorbedCents: z.number().int(),
  /** The most the category lets the buyer absorb; null when absorption does not apply. */
  absorptionAllowanceCents: z.number().int().nullable(),
});
export type ControlEstimateResponse = z.infer<typeof ControlEstimateResponse>;

/** The counter-offer sent with a control whose outcome is `counter_offer`. */
const CounterOfferInput = z.object({
  reason: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(CONTROL_TEXT_MAX, { message: 'too_long' }),
  /** At least one (the command answers `photo_required`), each uploaded for this item. */
  photoKeys: z.array(controlPhotoKey()).max(COUNTER_OFFER_PHOTOS_MAX, { message: 'too_many' }),
});

/** `POST /warehouse/control/{itemId}/complete`. */
export const CompleteControlRequest = z.object({
  answers: controlAnswers(),
  imei: imeiInput().optional(),
  serialNumber: z
    .string()
    .trim()
    .max(64, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null),
  /** Required when the retailer makes the warehouse comment mandatory (`warehouse_comment_required`). */
  comment: optionalText(),
  counterOffer: CounterOfferInput.nullish(),
});
export type CompleteControlRequest = z.infer<typeof CompleteControlRequest>;
export type CompleteControlInput = z.input<typeof CompleteControlRequest>;

export const CompleteControlResponse = z.object({
  item: ItemResponse,
  outcome: z.enum(CONTROL_OUTCOMES),
  /** The counter-offer made (outcome `counter_offer`), else null. */
  litigation: LitigationResponse.nullable(),
});
export type CompleteControlResponse = z.infer<typeof CompleteControlResponse>;

/** `POST /warehouse/control/{itemId}/photos`: the stored proof photo. */
export const ControlPhotoResponse = z.object({ key: z.string(), url: z.string() });
export type ControlPhotoResponse = z.infer<typeof ControlPhotoResponse>;

/** A photo's key in a path: one that is not a photo's (`CONTROL_PHOTO_KEY`) is not found. */
export const ControlPhotoParams = z.object({
  id: z.uuid({ message: 'invalid_uuid' }),
  key: z.string().max(64, { message: 'too_long' }),
});
export type ControlPhotoParams = z.infer<typeof ControlPhotoParams>;

/** `POST /warehouse/control/{itemId}/quarantine`: the item is put aside instead of completed. */
export const ControlQuarantineRequest = z.object({
  reason: z.enum(QUARANTINE_REASONS, { message: 'invalid_value' }),
  comment: optionalText(),
});
export type ControlQuarantineRequest = z.infer<typeof ControlQuarantineRequest>;
export type ControlQuarantineInput = z.input<typeof ControlQuarantineRequest>;

/** `GET /warehouse/control/{itemId}`: everything the control's steps show. */
export const ControlSpecificationResponse = z.object({
  item: ItemResponse,
  /** What the customer (or the store) declared: the diagnosis, its state and its price. */
  declared: z.object({
    state: z.enum(PRODUCT_GRADES),
    priceCents: z.number().int(),
    answers: BuybackAnswersResponse,
  }),
  /** The product's diagnostic questions as they are now, asked again by the operator. */
  questions: BuybackQuestionnaireResponse.shape.questions,
  /** The product collects its IMEI (the operator may record or correct it). */
  isCollectingImei: z.boolean(),
  photos: z.object({
    productImageUrl: z.string().nullable(),
    /** The proof photos of the latest counter-offer, if any. */
    counterOffer: z.array(ControlPhotoResponse),
  }),
  absorption: z.object({
    type: z.enum(ABSORPTION_TYPES),
    /** Cents with `by_value`, a whole percentage with the percentage types. */
    value: z.number().int(),
    /** The retailer holds the premium feature `absorption`. */
    premiumEnabled: z.boolean(),
  }),
  /** The retailer's rules of the warehouse comment (its root details). */
  comment: z.object({ mandatory: z.boolean(), sharedWithClient: z.boolean() }),
  /** The latest counter-offer of the buyback, if any. */
  litigation: LitigationResponse.nullable(),
});
export type ControlSpecificationResponse = z.infer<typeof ControlSpecificationResponse>;
