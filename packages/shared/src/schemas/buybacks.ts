import { z } from 'zod';
import { IDENTIFICATION_TYPES } from '../customer/customer';
import { LOCALES } from '../enums';
import {
  CIRCUIT_CHANNELS,
  CIRCUIT_TYPES,
  type CircuitChannel,
  type CircuitType,
  DEPOSIT_TYPES,
  PAYMENT_MODE_TYPES,
  type PaymentModeType,
} from './buyback-config';
import { DIAGNOSTIC_QUESTION_TYPES, PRICE_IMPACT_KINDS, PRODUCT_GRADES } from './catalog';
import { collectionOf, queryArray, queryPage, SortDirection } from './common';
import { DEVICE_CHECK_FLAGS } from './device-check';
import { PickupSlot } from './pickup-slot';

/**
 * Buybacks: the wizard's estimate, store buyback creation, the cart,
 * the buyback JSON, the list, cancellation, loss, instructions and the buyback settings.
 * Prices are cents. The server computes every price with the shared pricing module; a price sent
 * by a client is never trusted (the request bodies carry none).
 */

// ---------- values ----------

export const BUYBACK_STATUSES = [
  'bb_awaiting_store_drop',
  'bb_awaiting_inventory',
  'bb_in_transit',
  'bb_in_processing',
  'bb_completed',
  'bb_completed_by_price',
  'bb_completed_with_absorption',
  'bb_completed_with_negociation',
  'bb_not_completed',
  'bb_cancelled',
] as const;
export type BuybackStatus = (typeof BUYBACK_STATUSES)[number];

/** The item statuses of a completed buyback: the item awaits dispatch at its warehouse. */
export const COMPLETED_ITEM_STATUSES = [
  'item_completed',
  'item_completed_by_price',
  'item_completed_with_absorption',
  'item_completed_with_negociation',
] as const;

export const ITEM_STATUSES = [
  'item_created',
  'item_awaiting_store_drop',
  'item_awaiting_inventory',
  'item_in_transit',
  'item_registered_in_warehouse',
  'item_awaiting_compliancy_tests',
  ...COMPLETED_ITEM_STATUSES,
  'item_refurb_diagnostic_in_progress',
  'item_refurb_in_progress',
  'item_refurb_completed',
  'item_in_quarantine',
  'item_to_return',
  'item_returned',
  'item_to_reintegrate_to_stock',
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
  'item_cancelled',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'awaiting_payment',
  'payment_created',
  'payment_initiated',
  'payment_completed',
  'payment_failed',
  'payment_cancelled',
  'payment_not_needed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A buyback is paid by its payment mode's type. */
export const BUYBACK_PAYMENT_TYPES = PAYMENT_MODE_TYPES;
export type BuybackPaymentType = PaymentModeType;

/** A buyback's channel, circuit type and deposit type are those of its circuit. */
export const BUYBACK_CHANNELS = CIRCUIT_CHANNELS;
export type BuybackChannel = CircuitChannel;
export const BUYBACK_CIRCUIT_TYPES = CIRCUIT_TYPES;
export type BuybackCircuitType = CircuitType;
const BUYBACK_DEPOSIT_TYPES = DEPOSIT_TYPES;

export const CANCEL_REASONS = ['customer_retraction', 'technical_problem', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Cart limits. */
export const CART_MAX_ITEMS_MULTI = 200;
export const CART_MAX_ITEMS_SINGLE = 1;
/** The dashboard keeps the cart one day in the browser, the public site 30 days. */
export const CART_TTL_DASHBOARD_MS = 24 * 60 * 60 * 1000;
export const CART_TTL_PUBLIC_MS = 30 * 24 * 60 * 60 * 1000;
/** A web pre-declared buyback older than this shows a warning that prices may have changed. */
export const PREDECLARATION_WARNING_DAYS = 15;
export const BUYBACK_COMMENT_MAX = 255;

// ---------- wizard input ----------

/** The answers chosen for one question (one for a `unique` question, one or more for `multiple`). */
export const DiagnosticAnswerInput = z.object({
  questionId: z.uuid({ message: 'invalid_uuid' }),
  answerIds: z
    .array(z.uuid({ message: 'invalid_uuid' }))
    .min(1, { message: 'answer_required' })
    .max(50, { message: 'too_many' }),
});
export type DiagnosticAnswerInput = z.infer<typeof DiagnosticAnswerInput>;

const answersInput = z.array(DiagnosticAnswerInput).max(200, { message: 'too_many' });

/**
 * IMEI as typed ('' or null for none). The server answers `imei_invalid` unless it is 15 to 17
 * digits (a 15-digit IMEI failing its Luhn digit, or a TAC matching none of the product's, is
 * only a warning the seller may continue past).
 */
export const imeiInput = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z.string().max(64, { message: 'imei_invalid' }).nullable(),
  );

export const EstimateRequest = z.object({
  productId: z.uuid({ message: 'invalid_uuid' }),
  channel: z.enum(BUYBACK_CHANNELS).default('store'),
  answers: answersInput,
  /** With a shipping method (circuit) the answer includes its modifier; with a payment mode too. */
  shippingMethodId: z.uuid({ message: 'invalid_uuid' }).nullish(),
  paymentModeId: z.uuid({ message: 'invalid_uuid' }).nullish(),
  imei: imeiInput().optional(),
  /** Customer's country (ISO alpha-2) for the circuits' eligible countries; FR when absent. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'invalid_country' })
    .optional(),
});
export type EstimateRequest = z.infer<typeof EstimateRequest>;
export type EstimateInput = z.input<typeof EstimateRequest>;

const ImpactPriceEntry = z.object({ label: z.string(), valueCents: z.number().int() });

/** The price breakdown of the shared pricing module (computePrice). */
export const PriceBreakdownResponse = z.object({
  declaredState: z.enum(PRODUCT_GRADES),
  basePriceCents: z.number().int(),
  impactPriceEntries: z.array(ImpactPriceEntry),
  estimatedPriceCents: z.number().int(),
  paymentModifierCents: z.number().int(),
  shippingModifierCents: z.number().int(),
  bonusCents: z.number().int(),
  totalCents: z.number().int(),
});
export type PriceBreakdownResponse = z.infer<typeof PriceBreakdownResponse>;

const BuybackProductSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  /** GET it with the session; null without an image. */
  imageUrl: z.string().nullable(),
});

export const EstimateResponse = PriceBreakdownResponse.extend({
  product: BuybackProductSummary,
  categoryId: z.uuid(),
  shippingMethodId: z.uuid().nullable(),
  paymentModeId: z.uuid().nullable(),
  /** The IMEI's first 8 digits match none of the product's TAC codes: a warning, not an error. */
  imeiTacMismatch: z.boolean(),
});
export type EstimateResponse = z.infer<typeof EstimateResponse>;

/**
 * What the wizard needs for the live price (with the shared pricing module): the product's prices
 * and flags and the questions of its main category and ancestors, root first.
 * `GET /products/{id}/buyback-questionnaire` (permission buyback.create).
 */
export const BuybackQuestionnaireResponse = z.object({
  product: BuybackProductSummary.extend({
    eanCode: z.string().nullable(),
    tacCodes: z.array(z.string()),
    /** The product collects an IMEI and the account has imei_search_and_collect: IMEI required. */
    isCollectingIMEI: z.boolean(),
    buybackPrices: z.record(z.enum(PRODUCT_GRADES), z.number().int()),
    buybackZeroNotAllowed: z.boolean(),
    commentForSeller: z.string().nullable(),
    mainCategory: z.object({ id: z.uuid(), label: z.string() }),
  }),
  questions: z.array(
    z.object({
      id: z.uuid(),
      categoryId: z.uuid(),
      categoryLabel: z.string(),
      title: z.string(),
      /** How to test. */
      description: z.string().nullable(),
      type: z.enum(DIAGNOSTIC_QUESTION_TYPES),
      answers: z.array(
        z.object({
          id: z.uuid(),
          title: z.string(),
          description: z.string().nullable(),
          maxGrade: z.enum(PRODUCT_GRADES).nullable(),
          /** Fixed in cents, or a percentage of the base price. */
          impact: z.object({ kind: z.enum(PRICE_IMPACT_KINDS), value: z.number().int() }).nullable(),
        }),
      ),
    }),
  ),
});
export type BuybackQuestionnaireResponse = z.infer<typeof BuybackQuestionnaireResponse>;

/**
 * The customer as sent: validated by the server with the shared `customerSchemaFor({
 * identityDocumentRequired, ibanRequired })` (violations under `customer.`), so the body schema
 * only requires an object here.
 */
const CustomerInput = z.record(z.string(), z.unknown(), { message: 'required' });

/** The IBAN as typed (spaces allowed); required, and checked, when the payment mode needs one. */
const ibanInput = z.string().trim().max(64, { message: 'iban_invalid' }).nullish();

/** A buyback's external code: the retailer's own reference of it (a till receipt…), 1 to 45 characters. */
const BUYBACK_EXTERNAL_CODE_MAX = 45;
const externalCodeInput = () =>
  z
    .string({ message: 'invalid_value' })
    .trim()
    .max(BUYBACK_EXTERNAL_CODE_MAX, { message: 'too_long' })
    .transform((v) => v || null)
    .nullable();

export const CreateStoreBuybackRequest = z.object({
  productId: z.uuid({ message: 'invalid_uuid' }),
  externalCode: externalCodeInput().optional(),
  answers: answersInput,
  imei: imeiInput().optional(),
  /** The circuit id of a shipping method (`GET /products/{id}/shipping-methods`). */
  shippingMethodId: z.uuid({ message: 'invalid_uuid' }),
  paymentModeId: z.uuid({ message: 'invalid_uuid' }),
  customer: CustomerInput,
  iban: ibanInput,
  /** A collect circuit's pick-up slot, among `GET /pickup-slots` (with a carrier; docs/transport.md). */
  pickupSlot: PickupSlot.optional(),
});
export type CreateStoreBuybackRequest = z.infer<typeof CreateStoreBuybackRequest>;

export const CartBuybackInput = z.object({
  /** The client's id of the line (kept in the answer, for errors on one line). */
  inCartId: z.string().trim().min(1).max(64),
  productId: z.uuid({ message: 'invalid_uuid' }),
  answers: answersInput,
  imei: imeiInput().optional(),
  shippingMethodId: z.uuid({ message: 'invalid_uuid' }),
  paymentModeId: z.uuid({ message: 'invalid_uuid' }),
});
export type CartBuybackInput = z.infer<typeof CartBuybackInput>;

const cartLines = z
  .array(CartBuybackInput)
  .min(1, { message: 'cart_empty' })
  .max(CART_MAX_ITEMS_MULTI, { message: 'cart_too_many_items' })
  .refine((list) => new Set(list.map((b) => b.inCartId)).size === list.length, {
    message: 'duplicate_in_cart_id',
  });

/** A store cart (back office): the buybacks are made in the store. */
const CreateStoreCartRequest = z.object({
  channel: z.literal('store'),
  storeId: z.uuid({ message: 'invalid_uuid' }),
  /** At most 200 with multi_product_cart, else 1 (`cart_too_many_items`). */
  buybacks: cartLines,
  customer: CustomerInput,
  iban: ibanInput,
  termsAccepted: z.boolean().optional(),
  /** The pick-up slot of the cart's collect buybacks (each its own pick-up), among `GET /pickup-slots`. */
  pickupSlot: PickupSlot.optional(),
});

/**
 * A web cart (public site, a `pseudo_anonymous` visitor): no store; the terms of service must be
 * accepted (`termsAccepted: true`, else 422 `terms_not_accepted`, checked by the server so that
 * the problem names it; a form may use `WebCheckoutTermsSchema`).
 */
const CreateWebCartRequest = z.object({
  channel: z.literal('web'),
  buybacks: cartLines,
  customer: CustomerInput,
  iban: ibanInput,
  termsAccepted: z.boolean().optional(),
  /** The pick-up slot of the cart's collect buybacks (each its own pick-up), among `GET /pickup-slots`. */
  pickupSlot: PickupSlot.optional(),
});

/** `POST /carts`: every buyback of the cart is created, or none. */
export const CreateCartRequest = z.discriminatedUnion('channel', [
  CreateStoreCartRequest,
  CreateWebCartRequest,
]);
export type CreateCartRequest = z.infer<typeof CreateCartRequest>;
export type CreateCartInput = z.input<typeof CreateCartRequest>;

/** `POST /store/{storeId}/buybacks/{id}/finalize`: a pre-declared web buyback handed in at the counter. */
export const FinalizeBuybackRequest = z.object({}).strict().optional();

export const StoreParams = z.object({ storeId: z.uuid({ message: 'invalid_uuid' }) });
export const StoreBuybackParams = z.object({
  storeId: z.uuid({ message: 'invalid_uuid' }),
  id: z.uuid({ message: 'invalid_uuid' }),
});
export const IdentificationNumberParams = z.object({ n: z.string().trim().max(64) });

/**
 * `HEAD /buybacks/{id}/shipping-label`: 200 ready, 425 `shipping_label_not_ready` (poll again),
 * 404 `shipping_label_not_expected` (a circuit without a label: only web_drop_label and web_post
 * have one). `GET` answers the label PDF (application/pdf).
 */
export const SHIPPING_LABEL_CIRCUIT_TYPES = [
  'web_drop_label',
  'web_post',
] as const satisfies readonly BuybackCircuitType[];
/** `failed`: the carrier made no label (410 `shipping_label_unavailable`: "not available"). */
/**
 * Seconds after the first ask at which a label a carrier is making (425) is asked for again; after
 * the last it is reported not available: the public confirmation's
 * shipping label and the back office's return label.
 */
export const LABEL_RETRY_SECONDS = [3, 5, 10, 15] as const;

export const SHIPPING_LABEL_STATUSES = ['not_expected', 'pending', 'ready', 'failed'] as const;
export type ShippingLabelStatus = (typeof SHIPPING_LABEL_STATUSES)[number];

// ---------- the buyback ----------

const CustomerResponse = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string(),
  streetMore: z.string().nullable(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  identification: z
    .object({
      type: z.enum(IDENTIFICATION_TYPES),
      number: z.string(),
      deliveryDate: z.string().nullable(),
      issuingAuthority: z.string().nullable(),
    })
    .nullable(),
});

/** `GET /buybacks/{id}/documents/drop-slip?lang=`: the visitor's language (else the account's). */
/** `?lang=`: the language of a document's file name (packages/shared/src/document-file-names.ts) and of the drop slip's text. */
export const DocumentQuery = z.object({ lang: z.enum(LOCALES, { message: 'invalid_value' }).optional() });
export type DocumentQuery = z.infer<typeof DocumentQuery>;

export const BuybackAllowedActions = z.object({
  cancel: z.boolean(),
  markLost: z.boolean(),
  downloadTransferOrder: z.boolean(),
  downloadVoucher: z.boolean(),
  /** The drop slip of a pre-declared buyback, until the store finalises it (`/documents/drop-slip`). */
  downloadDropSlip: z.boolean(),
  finalize: z.boolean(),
  /** Declare the item lost in transport / in the warehouse (`POST /items/{id}/mark-lost`). */
  markLostTransport: z.boolean(),
  markLostWarehouse: z.boolean(),
  /** Undo the item's loss, with a reason (`POST /items/{id}/revert-loss`, admins). */
  revertLoss: z.boolean(),
  /** Send the quarantine mail again (`POST /items/{id}/quarantine/mail`). */
  sendQuarantineMail: z.boolean(),
  /** The item's return label (`GET /items/{id}/documents/return-label`). */
  downloadReturnLabel: z.boolean(),
  /** The item went back to the customer (`POST /items/{id}/returned`). */
  markReturned: z.boolean(),
  /** Send the open counter-offer's mail again (`POST /buybacks/{id}/litigation/resend`, quarantine.send_mail). */
  resendLitigationMail: z.boolean(),
  /** Mark the item sent to the warehouse (`POST /buybacks/{id}/send`, permission buyback_item.send). */
  send: z.boolean(),
});
export type BuybackAllowedActions = z.infer<typeof BuybackAllowedActions>;

/** The answers given to the product's diagnostic questions, with the titles they had then. */
export const BuybackAnswersResponse = z.array(
  z.object({
    questionId: z.uuid(),
    questionTitle: z.string(),
    answerIds: z.array(z.uuid()),
    answerTitles: z.array(z.string()),
  }),
);

export const BuybackResponse = PriceBreakdownResponse.extend({
  id: z.uuid(),
  /** 13 digits with a valid EAN-13 check digit. */
  identificationNumber: z.string(),
  /** The retailer's own reference of the buyback; null when none was given. */
  externalCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  channel: z.enum(BUYBACK_CHANNELS),
  circuit: z.object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(BUYBACK_CIRCUIT_TYPES),
    depositType: z.enum(BUYBACK_DEPOSIT_TYPES),
  }),
  status: z.enum(BUYBACK_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentType: z.enum(BUYBACK_PAYMENT_TYPES),
  paymentMode: z.object({ id: z.uuid(), label: z.string(), type: z.enum(BUYBACK_PAYMENT_TYPES) }),
  store: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  /** The destination warehouse: where the buyback is sent (docs/glossary.md). */
  warehouseId: z.uuid().nullable(),
  destinationWarehouse: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  /** The warehouse dispatch rule that chose the destination; null when the circuit's rules did. */
  warehouseDispatchRule: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  buyer: z.object({ id: z.uuid(), name: z.string() }),
  category: z.object({ id: z.uuid(), label: z.string() }),
  product: BuybackProductSummary,
  customer: CustomerResponse,
  /** e.g. `FR76 **** **** **** **** ***0 189`; null without an IBAN. */
  ibanMasked: z.string().nullable(),
  answers: BuybackAnswersResponse,
  imei: z.string().nullable(),
  /** The IMEI's TAC matched none of the product's TAC codes (the seller continued anyway). */
  imeiTacMismatch: z.boolean(),
  item: z.object({ id: z.uuid(), identificationNumber: z.string(), status: z.enum(ITEM_STATUSES) }),
  cartId: z.uuid().nullable(),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  cancelComment: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Own code of the voucher (payment type voucher), else null. */
  /** Null until the voucher is issued (a pre-declared buyback's when the store finalises it). */
  voucherCode: z.string().nullable(),
  /** Pre-declared on the web and not yet finalised at a counter. */
  predeclared: z.boolean(),
  /** A pre-declared buyback older than 15 days: prices may have changed. */
  predeclarationOutdated: z.boolean(),
  /** The device is reported lost or stolen (docs/device-check.md); never told to a public visitor. */
  deviceCheckFlag: z.enum(DEVICE_CHECK_FLAGS).nullable(),
  transferOrderNumberOfCopy: z.number().int(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  allowedActions: BuybackAllowedActions,
});
export type BuybackResponse = z.infer<typeof BuybackResponse>;

export const CartResponse = z.object({ cartId: z.uuid(), buybacks: z.array(BuybackResponse) });
export type CartResponse = z.infer<typeof CartResponse>;

// ---------- list ----------

export const BuybackListItem = z.object({
  id: z.uuid(),
  identificationNumber: z.string(),
  externalCode: z.string().nullable(),
  createdAt: z.string(),
  channel: z.enum(BUYBACK_CHANNELS),
  status: z.enum(BUYBACK_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentType: z.enum(BUYBACK_PAYMENT_TYPES),
  circuit: z.object({ id: z.uuid(), name: z.string(), type: z.enum(BUYBACK_CIRCUIT_TYPES) }),
  store: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  product: BuybackProductSummary,
  customerName: z.string(),
  totalCents: z.number().int(),
  predeclared: z.boolean(),
  deviceCheckFlag: z.enum(DEVICE_CHECK_FLAGS).nullable(),
});
export type BuybackListItem = z.infer<typeof BuybackListItem>;

export const BUYBACK_SORT_FIELDS = [
  'createdAt',
  'identificationNumber',
  'totalPrice',
  'status',
  'customerName',
] as const;

export const ListBuybacksQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  /** Identification number (13 digits) or its beginning; the item's number too. */
  code: z
    .string()
    .trim()
    .regex(/^\d{1,13}$/, { message: 'code_digits_only' })
    .optional(),
  status: queryArray(z.enum(BUYBACK_STATUSES)).optional(),
  'createdAt[after]': z.iso.date({ message: 'invalid_date' }).optional(),
  'createdAt[before]': z.iso.date({ message: 'invalid_date' }).optional(),
  /** `store[]=`: buybacks of these stores. */
  store: queryArray(z.uuid()).optional(),
  /** First or last name contains (case and accents ignored). */
  customerName: z.string().trim().max(255).optional(),
  /** The external code, exactly (case ignored). */
  externalCode: z.string().trim().min(1).max(BUYBACK_EXTERNAL_CODE_MAX, { message: 'too_long' }).optional(),
  paymentType: queryArray(z.enum(BUYBACK_PAYMENT_TYPES)).optional(),
  /** Only pre-declared (true) or only finalised (false). */
  predeclared: z.enum(['true', 'false']).optional(),
  'order[createdAt]': SortDirection.optional(),
  'order[identificationNumber]': SortDirection.optional(),
  'order[totalPrice]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
  'order[customerName]': SortDirection.optional(),
});
export type ListBuybacksQuery = z.infer<typeof ListBuybacksQuery>;

export const BuybackCollectionResponse = collectionOf(BuybackListItem);

/** `PATCH /buybacks/{id}` (merge-patch): what may change on a buyback once made; null clears it. */
export const PatchBuybackRequest = z.object({ externalCode: externalCodeInput() }).partial().strict();
export type PatchBuybackRequest = z.infer<typeof PatchBuybackRequest>;

/** The parts of a buyback its edition changes (`/buyback/{id}/edition?itemWorkflowStep=`). */
export const BUYBACK_EDITION_STEPS = ['customer', 'paymentMode', 'diagnosis'] as const;
export type BuybackEditionStep = (typeof BUYBACK_EDITION_STEPS)[number];

/** Why a part may no longer change: cancelled, ended, already controlled, payment under way. */
const BUYBACK_EDITION_REFUSALS = ['cancelled', 'ended', 'controlled', 'payment_started'] as const;
export type BuybackEditionRefusal = (typeof BUYBACK_EDITION_REFUSALS)[number];

/** `GET /buybacks/{id}/edition`: per part, whether it may change now, else why not. */
export const BuybackEditionResponse = z.object({
  steps: z.object({
    customer: z.object({ refusal: z.enum(BUYBACK_EDITION_REFUSALS).nullable() }),
    paymentMode: z.object({ refusal: z.enum(BUYBACK_EDITION_REFUSALS).nullable() }),
    diagnosis: z.object({ refusal: z.enum(BUYBACK_EDITION_REFUSALS).nullable() }),
  }),
});
export type BuybackEditionResponse = z.infer<typeof BuybackEditionResponse>;

/**
 * `PATCH /buybacks/{id}/edition` (merge-patch): the customer's details (the whole form, checked as
 * at creation, without the IBAN), the payment mode (one of its circuit's) and the diagnosis answers
 * (the price is computed again), the external code. What is not sent is kept.
 */
export const EditBuybackRequest = z
  .object({
    externalCode: externalCodeInput(),
    customer: CustomerInput,
    paymentModeId: z.uuid({ message: 'invalid_uuid' }),
    answers: answersInput,
  })
  .partial()
  .strict();
export type EditBuybackRequest = z.infer<typeof EditBuybackRequest>;

// ---------- commands ----------

/** A comment of a command on a buyback: trimmed, BUYBACK_COMMENT_MAX at most, null when empty. */
const buybackComment = z
  .string()
  .trim()
  .max(BUYBACK_COMMENT_MAX, { message: 'too_long' })
  .nullish()
  .transform((v) => v || null);

export const CancelBuybackRequest = z.object({
  reason: z.enum(CANCEL_REASONS, { message: 'invalid_value' }),
  comment: buybackComment,
  /** Cancel the buyback even though its payment cannot be cancelled (after `payment_not_cancellable`). */
  force: z.boolean().optional().default(false),
});
export type CancelBuybackRequest = z.infer<typeof CancelBuybackRequest>;
export type CancelBuybackInput = z.input<typeof CancelBuybackRequest>;

export const MarkLostRequest = z
  .object({
    comment: buybackComment,
  })
  .optional();
export type MarkLostRequest = z.infer<typeof MarkLostRequest>;

// ---------- reads ----------

export const BuybackInstructionsResponse = z.object({
  circuitName: z.string(),
  highlightedInstruction: z.string().nullable(),
  instructions: z.array(z.object({ sequence: z.number().int(), label: z.string(), type: z.string() })),
  terms: z.string().nullable(),
});
export type BuybackInstructionsResponse = z.infer<typeof BuybackInstructionsResponse>;

export const BuybackAdditionalInfosResponse = z.object({
  circuitDescription: z.string().nullable(),
  warehouse: z
    .object({
      id: z.uuid(),
      commonName: z.string(),
      street: z.string().nullable(),
      zip: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  paymentModeDescription: z.string().nullable(),
  paymentModeLongDescription: z.string().nullable(),
  transferOrderNumberOfCopy: z.number().int(),
  predeclarationOutdated: z.boolean(),
  statusHistory: z.array(
    z.object({
      at: z.string(),
      status: z.enum(BUYBACK_STATUSES).nullable(),
      itemStatus: z.enum(ITEM_STATUSES).nullable(),
      paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
      by: z.string().nullable(),
    }),
  ),
});
export type BuybackAdditionalInfosResponse = z.infer<typeof BuybackAdditionalInfosResponse>;

/** `GET /buyback-settings` (names as the spec gives them). */
export const BuybackSettingsResponse = z.object({
  customer_identity_document_required: z.boolean(),
  /** Whole units of the account's currency (0: no minimum). */
  cart_min_value: z.number().int(),
  /** 200 with multi_product_cart, else 1. */
  cart_max_items: z.number().int(),
  /** imei_search_and_collect is enabled: products with isCollectingIMEI require an IMEI. */
  imei_search_and_collect: z.boolean(),
  currency: z.string(),
});
export type BuybackSettingsResponse = z.infer<typeof BuybackSettingsResponse>;
