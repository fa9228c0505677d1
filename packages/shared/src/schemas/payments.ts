import { z } from 'zod';
import { ibanSchema } from '../customer/iban';
import { int4 } from '../validation';
import { BUYBACK_PAYMENT_TYPES, PAYMENT_STATUSES } from './buybacks';
import { collectionOf, queryArray, queryPage, SortDirection } from './common';

/**
 * Payments (issue 14; docs/payments.md): how a completed buyback
 * is paid, what the back office does with a payment, and the gift cards and vouchers of the
 * built-in issuer redeemed at the store counter.
 */

// ---------- relaunch, mark as paid, search; gift cards and vouchers ----------

/** Complementary information of a payment marked as paid by hand. */
export const MANUAL_PAYMENT_INFORMATION_MAX = 255;

/** The payment statuses a payment can be marked as paid from (docs/payments.md). */
export const MARKABLE_PAID_STATUSES = [
  'awaiting_payment',
  'payment_created',
  'payment_initiated',
  'payment_failed',
] as const satisfies readonly (typeof PAYMENT_STATUSES)[number][];

/** `POST /payments/{id}/mark-paid`. */
export const MarkPaymentPaidRequest = z
  .object({
    information: z
      .string()
      .trim()
      .max(MANUAL_PAYMENT_INFORMATION_MAX, { message: 'too_long' })
      .nullish()
      .transform((v) => v || null),
  })
  .default({ information: null });
export type MarkPaymentPaidRequest = z.infer<typeof MarkPaymentPaidRequest>;
export type MarkPaymentPaidInput = z.input<typeof MarkPaymentPaidRequest>;

export const PAYMENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'amount', 'status', 'buybackCode'] as const;

/** `GET /payments` (the `/searchPayment` screen): the payments of the buybacks the user sees. */
export const ListPaymentsQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  /** The buyback's identification number or its beginning. */
  buybackCode: z
    .string()
    .trim()
    .regex(/^\d{1,13}$/, { message: 'code_digits_only' })
    .optional(),
  status: queryArray(z.enum(PAYMENT_STATUSES)).optional(),
  type: queryArray(z.enum(BUYBACK_PAYMENT_TYPES)).optional(),
  'createdAt[after]': z.iso.date({ message: 'invalid_date' }).optional(),
  'createdAt[before]': z.iso.date({ message: 'invalid_date' }).optional(),
  /** One account's payments (platform operators; for anyone else it only narrows their own). */
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
  'order[createdAt]': SortDirection.optional(),
  'order[updatedAt]': SortDirection.optional(),
  'order[amount]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
  'order[buybackCode]': SortDirection.optional(),
});
export type ListPaymentsQuery = z.infer<typeof ListPaymentsQuery>;

/** What the user may do with the payment now (its status and the user's permissions). */
const PaymentAllowedActions = z.object({
  relaunch: z.boolean(),
  markPaid: z.boolean(),
  downloadGiftCard: z.boolean(),
});

/** A payment as the search and the buyback detail's payment panel show it. */
export const PaymentResponse = z.object({
  id: z.uuid(),
  buyback: z.object({ id: z.uuid(), identificationNumber: z.string() }),
  account: z.object({ id: z.uuid(), name: z.string() }),
  customerName: z.string(),
  store: z.string().nullable(),
  type: z.enum(BUYBACK_PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The end-to-end reference of a transfer. */
  reference: z.string().nullable(),
  /** Why the latest attempt failed: a code the screens translate, or the bank's words. */
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
  paidAt: z.string().nullable(),
  /** Set when it was marked as paid by hand: the information typed, and who did it. */
  manualInformation: z.string().nullable(),
  markedPaidBy: z.string().nullable(),
  ibanMasked: z.string().nullable(),
  /** The gift card's number, every digit but the last 4 hidden. */
  giftCardNumberMasked: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  allowedActions: PaymentAllowedActions,
});
export type PaymentResponse = z.infer<typeof PaymentResponse>;
export const PaymentCollectionResponse = collectionOf(PaymentResponse);

/** Why the payment job refused a gift card (payments.failure_reason; the screens translate it). */
export const GIFT_CARD_FAILURE_REASONS = ['amount_above_terminal_maximum', 'voucher_code_missing'] as const;

export const GIFT_CARD_KINDS = ['gift_card', 'voucher'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];
export const GIFT_CARD_STATUSES = ['active', 'exhausted', 'cancelled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/** A code as scanned or typed: spaces and dashes dropped, letters in capitals. */
const giftCardCode = () =>
  z
    .string({ message: 'required' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{8,32}$/, { message: 'gift_card_code_invalid' }));

/** `/gift-cards/by-code/{code}`. */
export const GiftCardCodeParams = z.object({ code: giftCardCode() });

/** `POST /gift-cards/by-code/{code}/redemptions`: a gift card any amount up to its balance, a voucher its whole balance. */
export const RedeemGiftCardRequest = z.object({
  amountCents: z
    .number({ message: 'required' })
    .int({ message: 'not_integer' })
    .positive({ message: 'amount_positive' })
    .max(100_000_000, { message: 'too_large' }),
});
export type RedeemGiftCardRequest = z.infer<typeof RedeemGiftCardRequest>;

const GiftCardRedemption = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  at: z.string(),
  by: z.string().nullable(),
  store: z.string().nullable(),
});

/** A gift card or a voucher as the redemption screen shows it. */
export const GiftCardResponse = z.object({
  id: z.uuid(),
  kind: z.enum(GIFT_CARD_KINDS),
  code: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  /** Past its expiry date (its status stays `active`: nothing runs at midnight). */
  expired: z.boolean(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  currency: z.string(),
  expiresAt: z.string().nullable(),
  /** The retailer that issued it. */
  retailer: z.string(),
  buybackIdentificationNumber: z.string().nullable(),
  createdAt: z.string(),
  redemptions: z.array(GiftCardRedemption),
});
export type GiftCardResponse = z.infer<typeof GiftCardResponse>;

// ---------- bank transfers: batches, statements, the IBAN link (docs/payments.md) ----------

export const TRANSFER_BATCH_STATUSES = ['open', 'sent', 'reconciled'] as const;
export type TransferBatchStatus = (typeof TRANSFER_BATCH_STATUSES)[number];

/** `GET /transfer-batches`: the batches of the caller's account, the latest first. */
export const ListTransferBatchesQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  status: queryArray(z.enum(TRANSFER_BATCH_STATUSES)).optional(),
  'order[businessDate]': SortDirection.optional(),
});
export type ListTransferBatchesQuery = z.infer<typeof ListTransferBatchesQuery>;

/** A SEPA credit-transfer batch (one pain.001 file). */
export const TransferBatchResponse = z.object({
  id: z.uuid(),
  businessDate: z.string(),
  sequence: z.number().int(),
  messageId: z.string(),
  currency: z.string(),
  status: z.enum(TRANSFER_BATCH_STATUSES),
  paymentsCount: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
});
export type TransferBatchResponse = z.infer<typeof TransferBatchResponse>;
export const TransferBatchCollectionResponse = collectionOf(TransferBatchResponse);

/** A payment of a batch: its IBAN masked, never in clear (only the file holds it). */
export const TransferBatchPayment = z.object({
  id: z.uuid(),
  buybackId: z.uuid(),
  buybackCode: z.string(),
  customerName: z.string(),
  ibanMasked: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type TransferBatchPayment = z.infer<typeof TransferBatchPayment>;

export const TransferBatchDetailResponse = TransferBatchResponse.extend({
  payments: z.array(TransferBatchPayment),
});
export type TransferBatchDetailResponse = z.infer<typeof TransferBatchDetailResponse>;

/** A statement file: 2 MB at most, camt.053 XML or CSV (`BANK_STATEMENT_CSV_HEADER`). */
export const BANK_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
export const BANK_STATEMENT_CSV_HEADER = 'date;reference;amount;status';
const BANK_STATEMENT_FORMATS = ['camt053', 'csv'] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

/** Why a statement's entry settled no payment. */
const UNMATCHED_REASONS = [
  'unknown_reference',
  'amount_mismatch',
  'not_initiated',
  'already_settled',
  'invalid_entry',
] as const;

const BankStatementUnmatchedEntry = z.object({
  line: z.number().int(),
  reference: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  reason: z.enum(UNMATCHED_REASONS),
});

/** The summary of an uploaded statement. */
export const BankStatementResponse = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(BANK_STATEMENT_FORMATS),
  entriesCount: z.number().int(),
  paidCount: z.number().int(),
  failedCount: z.number().int(),
  unmatched: z.array(BankStatementUnmatchedEntry),
  /** The batches the statement settled whole. */
  reconciledBatchIds: z.array(z.uuid()),
  uploadedAt: z.string(),
});
export type BankStatementResponse = z.infer<typeof BankStatementResponse>;

/** The IBAN link's token (`/iban/:token`): 32 random bytes, base64url (an unknown one is 404). */
export const IbanRequestParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'iban_link_invalid' }),
});

/** What the customer's IBAN page shows: the amount, the buyback, the name masked. */
export const IbanRequestResponse = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  buybackCode: z.string(),
  customerName: z.string(),
  retailer: z.string(),
});
export type IbanRequestResponse = z.infer<typeof IbanRequestResponse>;

/** `POST /payments/iban-requests/{token}`: the customer's IBAN and the account holder's name. */
export const SubmitIbanRequest = z.object({
  iban: ibanSchema,
  holder: z
    .string({ message: 'required' })
    .trim()
    .min(2, { message: 'too_short' })
    .max(70, { message: 'too_long' }),
});
export type SubmitIbanRequest = z.infer<typeof SubmitIbanRequest>;
export type SubmitIbanInput = z.input<typeof SubmitIbanRequest>;

export const SubmitIbanResponse = z.object({ ibanMasked: z.string() });
export type SubmitIbanResponse = z.infer<typeof SubmitIbanResponse>;

/** The payment types a buyer pays under buyer payment: the transfers (a card or a voucher is the retailer's credit). */
export const BUYER_PAID_PAYMENT_TYPES = ['bank_transfer', 'no_iban_transfer'] as const;

/**
 * `GET /payment/account/{id}/by-buyer-feature-available`: whether the account pays the customers of
 * the buybacks it receives (docs/payments.md, "Buyer payment"): its setting, its active SEPA
 * configuration, and both together.
 */
export const BuyerPaymentFeaturesResponse = z.object({
  accountId: z.uuid(),
  buyerPaymentEnabled: z.boolean(),
  bankTransferConnectorActive: z.boolean(),
  available: z.boolean(),
  paymentTypes: z.array(z.enum(BUYBACK_PAYMENT_TYPES)),
});
export type BuyerPaymentFeaturesResponse = z.infer<typeof BuyerPaymentFeaturesResponse>;

// ---------- payouts through a provider (docs/payments.md, "Payouts through a provider") ----------

const PAYOUT_KINDS = ['bank', 'wallet'] as const;
const SANDBOX_PAYOUT_OUTCOMES = ['settled', 'failed', 'refused', 'manual'] as const;

/** `POST /sandbox-payouts/accounts` (a platform admin): a client account at the sandbox bank or wallet. */
export const SandboxPayoutAccountRequest = z.object({
  kind: z.enum(PAYOUT_KINDS),
  webhookUrl: z.string().trim().min(1).max(2048).nullable().optional(),
  outcome: z.enum(SANDBOX_PAYOUT_OUTCOMES).optional(),
  settleDelaySeconds: z.number().int().min(0).max(3600).optional(),
});
export type SandboxPayoutAccountRequest = z.infer<typeof SandboxPayoutAccountRequest>;

/** `PATCH /sandbox-payouts/accounts/me`: where callbacks go and what becomes of the next payouts. */
export const SandboxPayoutAccountPatch = SandboxPayoutAccountRequest.omit({ kind: true });
export type SandboxPayoutAccountPatch = z.infer<typeof SandboxPayoutAccountPatch>;

export const SandboxPayoutAccountResponse = z.object({
  id: z.uuid(),
  kind: z.enum(PAYOUT_KINDS),
  appId: z.string(),
  webhookUrl: z.string().nullable(),
  outcome: z.enum(SANDBOX_PAYOUT_OUTCOMES),
  settleDelaySeconds: z.number().int(),
});
/** The sign-up's answer: the credentials, shown once (the connector's app secret and private key). */
export const SandboxPayoutSignUpResponse = SandboxPayoutAccountResponse.extend({
  appSecret: z.string(),
  privateKey: z.string(),
});

/** `POST /sandbox-payouts/payouts`: a bank payout names an IBAN, a wallet payout an e-mail. */
export const SandboxPayoutRequest = z.object({
  reference: z.string().min(1).max(64),
  amountCents: int4(z.number().int().positive()),
  currency: z.string().length(3),
  beneficiary: z.object({
    name: z.string().min(1).max(140),
    iban: ibanSchema.optional(),
    email: z.email().optional(),
  }),
});
export type SandboxPayoutRequest = z.infer<typeof SandboxPayoutRequest>;

export const SandboxPayoutResponse = z.object({
  id: z.uuid(),
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['accepted', 'settled', 'failed']),
  failureReason: z.string().nullable(),
});
export type SandboxPayoutResponse = z.infer<typeof SandboxPayoutResponse>;

/** `POST /sandbox-payouts/payouts/{id}/outcome`: the console settles or fails an accepted payout. */
export const SandboxPayoutOutcomeRequest = z.object({
  status: z.enum(['settled', 'failed']),
  reason: z.string().min(1).max(255).optional(),
});

/** The provider's callback to the platform, signed (`X-Payout-Signature`). */
export const PayoutCallback = z.object({
  payoutId: z.string().min(1).max(255),
  reference: z.string().max(64),
  status: z.enum(['settled', 'failed']),
  reason: z.string().max(255).nullable(),
});
export type PayoutCallback = z.infer<typeof PayoutCallback>;

export const PayoutWebhookParams = z.object({ configurationId: z.uuid() });
