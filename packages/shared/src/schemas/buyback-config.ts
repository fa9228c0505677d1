import { z } from 'zod';
import { STATUSES } from '../enums';
import { Modifier } from '../pricing/pricing';
import { int4 } from '../validation';
import { queryPage, SortDirection } from './common';
import { PREMIUM_ACTIONS } from './connectors';

/**
 * Buyback configuration: circuits
 * with their instructions, dispatch circuit rules, payment modes, transport providers and the
 * transfer-order terms; and the shipping methods the wizard offers for a product.
 */

// ---------- values ----------

export const CIRCUIT_CHANNELS = ['store', 'web'] as const;
export type CircuitChannel = (typeof CIRCUIT_CHANNELS)[number];

export const DEPOSIT_TYPES = ['collect', 'drop', 'drop_label', 'post'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/** Combined types: channel and deposit (there is no store_post). */
export const CIRCUIT_TYPES = [
  'store_collect',
  'store_drop',
  'store_drop_label',
  'web_collect',
  'web_drop',
  'web_drop_label',
  'web_post',
] as const;
export type CircuitType = (typeof CIRCUIT_TYPES)[number];

/** The combined type of a channel and a deposit, or null when the pair does not exist. */
export function circuitTypeOf(channel: CircuitChannel, depositType: DepositType): CircuitType | null {
  const type = `${channel}_${depositType}`;
  return (CIRCUIT_TYPES as readonly string[]).includes(type) ? (type as CircuitType) : null;
}

/** A drop or drop_label circuit names the warehouse the products go to. */
export const needsWarehouse = (depositType: DepositType) =>
  depositType === 'drop' || depositType === 'drop_label';
/** A post or drop_label circuit names its transport provider. */
export const needsTransport = (depositType: DepositType) =>
  depositType === 'post' || depositType === 'drop_label';

export const INSTRUCTION_TYPES = [
  'agenda',
  'close',
  'deliver',
  'insert',
  'join',
  'mailbox',
  'none',
  'post',
  'print',
  'protect',
  'sign',
] as const;
export type InstructionType = (typeof INSTRUCTION_TYPES)[number];

export const BONUS_MODES = ['disabled', 'percentage', 'amount'] as const;
export type BonusMode = (typeof BONUS_MODES)[number];

export const PAYMENT_MODE_TYPES = ['bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher'] as const;
export type PaymentModeType = (typeof PAYMENT_MODE_TYPES)[number];

/** `none` is a manual payment. */
const PAYMENT_PROVIDERS = [
  'none',
  'bank_transfer_provider',
  'gift_card_provider',
  'wallet_provider',
  'gift_card_terminal',
] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The providers that can pay each payment type. */
export const PAYMENT_PROVIDERS_BY_TYPE: Record<PaymentModeType, readonly PaymentProvider[]> = {
  bank_transfer: ['none', 'bank_transfer_provider', 'wallet_provider'],
  no_iban_transfer: ['none', 'wallet_provider'],
  gift_card: ['none', 'gift_card_provider', 'gift_card_terminal'],
  voucher: ['none'],
};

/** A bank transfer needs the customer's IBAN; the other types do not. */
export const paymentNeedsIban = (type: PaymentModeType) => type === 'bank_transfer';

export const DISPATCH_CIRCUIT_RULE_STATUSES = ['enabled', 'disabled'] as const;
export type DispatchCircuitRuleStatus = (typeof DISPATCH_CIRCUIT_RULE_STATUSES)[number];

export const TRANSFER_ORDER_VARIABLES = [
  'total_price',
  'buyer_address',
  'buyer_long_name',
  'buyer_name',
  'buyer_siret',
  'buyer_capital',
  'customer_firstname',
  'customer_lastname',
  'payment_type',
  'product_label',
] as const;
export type TransferOrderVariable = (typeof TRANSFER_ORDER_VARIABLES)[number];

export const CIRCUIT_DESCRIPTION_MAX = 500;
export const MAX_INSTRUCTIONS = 6;
export const INSTRUCTION_LABEL_MAX = 150;
export const MAX_TRANSFER_ORDER_COPIES = 10;
export const DISPATCH_TERMS_MAX = 5000;
export const HIGHLIGHTED_INSTRUCTION_MAX = 255;
const PAYMENT_LABEL_MAX = 255;
export const PAYMENT_DESCRIPTION_MAX = 300;
export const PAYMENT_LONG_DESCRIPTION_MAX = 800;
export const PAYMENT_LONG_DESCRIPTION_MAX_LINES = 15;
export const PAYMENT_MAIL_CONTENT_MAX = 300;
const PAYMENT_BONUS_LIMIT = 100;
/** Circuit amounts are whole currency units within the price range (0 to 50000). */
const CIRCUIT_AMOUNT_LIMIT = 50_000;
export const TRANSFER_ORDER_TERMS_MIN = 2;
export const TRANSFER_ORDER_TERMS_MAX = 5000;

// ---------- field helpers ----------

const MARKUP = /<\s*[a-zA-Z!/?][^>]*>/;
const needed = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : invalid),
});
const text = (min: number, max: number) =>
  z
    .string(needed('invalid_value'))
    .trim()
    .min(min, { message: 'too_short' })
    .max(max, { message: 'too_long' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, needed('invalid_value'));
const uuid = () => z.uuid(needed('invalid_uuid'));
/** '' and null mean none. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());
/** Plain text up to `max` characters; markup is refused (`markup_not_allowed`). */
const plain = (max: number) =>
  orNull(
    z
      .string()
      .trim()
      .max(max, { message: 'too_long' })
      .refine((v) => !MARKUP.test(v), { message: 'markup_not_allowed' }),
  );
const whole = () => int4(z.number(needed('not_a_number')).int({ message: 'not_integer' }));

/** At least one ISO 3166 alpha-2 code, upper case, without duplicates. */
const countries = () =>
  z
    .array(
      z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' })),
      needed('invalid_value'),
    )
    .min(1, { message: 'at_least_one_country' })
    .max(250, { message: 'too_many' })
    .transform((codes) => [...new Set(codes)]);

export const InstructionInput = z.object({
  label: text(1, INSTRUCTION_LABEL_MAX),
  type: oneOf(INSTRUCTION_TYPES),
});
export type InstructionInput = z.infer<typeof InstructionInput>;

/** Ordered instructions: their order in the array is their sequence (1 to 6). */
const instructions = () =>
  z
    .array(InstructionInput, needed('invalid_value'))
    .max(MAX_INSTRUCTIONS, { message: 'too_many_instructions' });

interface BonusFields {
  bonusMode: BonusMode;
  bonusValue: number | null;
  bonusCap: number | null;
}

/**
 * Bonus/malus rules shared by circuits and payment modes: a value needs a mode; a mode needs a
 * whole, non-zero value within `limit` (per mode); a cap is for percentages only, whole, non-zero
 * and of the value's sign.
 */
export function bonusViolations(
  v: BonusFields,
  limits: { percentage: number; amount: number },
): { path: keyof BonusFields; code: string }[] {
  const out: { path: keyof BonusFields; code: string }[] = [];
  if (v.bonusMode === 'disabled') {
    if (v.bonusValue !== null) out.push({ path: 'bonusMode', code: 'bonus_mode_required' });
    if (v.bonusCap !== null && v.bonusValue === null)
      out.push({ path: 'bonusMode', code: 'bonus_mode_required' });
    return out;
  }
  const limit = limits[v.bonusMode];
  if (v.bonusValue === null) out.push({ path: 'bonusValue', code: 'required' });
  else if (v.bonusValue === 0) out.push({ path: 'bonusValue', code: 'bonus_value_zero' });
  else if (Math.abs(v.bonusValue) > limit) out.push({ path: 'bonusValue', code: 'bonus_value_range' });
  if (v.bonusCap !== null) {
    if (v.bonusMode !== 'percentage') out.push({ path: 'bonusCap', code: 'bonus_cap_percentage_only' });
    else if (v.bonusCap === 0) out.push({ path: 'bonusCap', code: 'bonus_cap_zero' });
    else if (v.bonusValue !== null && v.bonusValue !== 0 && Math.sign(v.bonusCap) !== Math.sign(v.bonusValue))
      out.push({ path: 'bonusCap', code: 'bonus_cap_sign' });
  }
  return out;
}

const bonusFields = {
  bonusMode: oneOf(BONUS_MODES),
  bonusValue: whole().nullable(),
  bonusCap: whole().nullable(),
};

// ---------- shared shapes ----------

/** The pricing module's Modifier, as the configuration answers it. */
export const ConfigModifier = Modifier;
export type ConfigModifier = Modifier;

/**
 * The pricing modifier of a bonus mode: a percentage (capped, cap in cents) or a fixed amount
 * in cents; whole currency units are stored. Null when disabled.
 */
export function modifierOf(v: BonusFields): ConfigModifier | null {
  if (v.bonusMode === 'disabled' || v.bonusValue === null) return null;
  if (v.bonusMode === 'percentage')
    return {
      kind: 'percentage',
      value: v.bonusValue,
      capCents: v.bonusCap === null ? null : v.bonusCap * 100,
    };
  return { kind: 'fixed', value: v.bonusValue * 100, capCents: null };
}

export const Instruction = z.object({
  id: z.uuid(),
  sequence: z.number().int(),
  label: z.string(),
  type: z.enum(INSTRUCTION_TYPES),
});
export type Instruction = z.infer<typeof Instruction>;

const Ref = z.object({ id: z.uuid(), name: z.string() });
const CategoryLink = z.object({ id: z.uuid(), identifier: z.string(), label: z.string() });

// ---------- transport providers ----------

export const TransportProviderResponse = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATUSES),
});
export type TransportProviderResponse = z.infer<typeof TransportProviderResponse>;

export const CircuitWarehouseResponse = z.object({
  id: z.uuid(),
  commonName: z.string(),
  city: z.string().nullable(),
  accountName: z.string(),
});
export type CircuitWarehouseResponse = z.infer<typeof CircuitWarehouseResponse>;

// ---------- payment modes ----------

/** Up to 800 characters and 15 lines. */
const longDescription = () =>
  orNull(
    z
      .string()
      .trim()
      .max(PAYMENT_LONG_DESCRIPTION_MAX, { message: 'too_long' })
      .refine((v) => v.split(/\r\n|\r|\n/).length <= PAYMENT_LONG_DESCRIPTION_MAX_LINES, {
        message: 'too_many_lines',
      }),
  );

const paymentModeFields = {
  type: oneOf(PAYMENT_MODE_TYPES),
  label: text(1, PAYMENT_LABEL_MAX),
  description: text(2, PAYMENT_DESCRIPTION_MAX),
  longDescription: longDescription(),
  mailContent: orNull(z.string().trim().max(PAYMENT_MAIL_CONTENT_MAX, { message: 'too_long' })),
  provider: oneOf(PAYMENT_PROVIDERS),
  ...bonusFields,
  status: oneOf(STATUSES),
};

type PaymentModeFields = { [K in keyof typeof paymentModeFields]: z.infer<(typeof paymentModeFields)[K]> };

/** Cross-field rules of a whole payment mode (used on create and on the merged patch). */
export function paymentModeViolations(v: PaymentModeFields): { path: string; code: string }[] {
  const out: { path: string; code: string }[] = bonusViolations(v, {
    percentage: PAYMENT_BONUS_LIMIT,
    amount: PAYMENT_BONUS_LIMIT,
  });
  if (!PAYMENT_PROVIDERS_BY_TYPE[v.type].includes(v.provider))
    out.push({ path: 'provider', code: 'payment_provider_not_allowed' });
  return out;
}

const refinePaymentMode = (v: PaymentModeFields, ctx: z.RefinementCtx) => {
  for (const issue of paymentModeViolations(v))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
};

export const CreatePaymentModeRequest = z
  .object({
    ...paymentModeFields,
    /** Platform operators name the retailer account; everyone else creates in their own. */
    accountId: uuid().optional(),
    longDescription: paymentModeFields.longDescription.optional().default(null),
    mailContent: paymentModeFields.mailContent.optional().default(null),
    provider: paymentModeFields.provider.optional().default('none'),
    bonusMode: paymentModeFields.bonusMode.optional().default('disabled'),
    bonusValue: paymentModeFields.bonusValue.optional().default(null),
    bonusCap: paymentModeFields.bonusCap.optional().default(null),
    status: paymentModeFields.status.optional().default('active'),
  })
  .superRefine(refinePaymentMode);
export type CreatePaymentModeRequest = z.infer<typeof CreatePaymentModeRequest>;
export type CreatePaymentModeInput = z.input<typeof CreatePaymentModeRequest>;

/** Merge-patch; the type may only be sent unchanged. The merged result is checked whole. */
export const PatchPaymentModeRequest = z.object(paymentModeFields).partial().strict();
export type PatchPaymentModeRequest = z.infer<typeof PatchPaymentModeRequest>;

export const PaymentModeResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  type: z.enum(PAYMENT_MODE_TYPES),
  label: z.string(),
  description: z.string(),
  longDescription: z.string().nullable(),
  mailContent: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  bonusMode: z.enum(BONUS_MODES),
  bonusValue: z.number().int().nullable(),
  bonusCap: z.number().int().nullable(),
  /** The pricing modifier of the bonus (null when disabled or without payment_bonus). */
  modifier: ConfigModifier.nullable(),
  /** Needs the customer's IBAN. */
  iban: z.boolean(),
  status: z.enum(STATUSES),
  numberOfCircuits: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentModeResponse = z.infer<typeof PaymentModeResponse>;

export const ListPaymentModesQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  accountId: z.uuid().optional(),
  type: z.enum(PAYMENT_MODE_TYPES).optional(),
  status: z.enum(STATUSES).optional(),
  'order[label]': SortDirection.optional(),
  'order[type]': SortDirection.optional(),
});
export type ListPaymentModesQuery = z.infer<typeof ListPaymentModesQuery>;

// ---------- circuits ----------

const circuitFields = {
  name: text(2, 255),
  channel: oneOf(CIRCUIT_CHANNELS),
  depositType: oneOf(DEPOSIT_TYPES),
  status: oneOf(STATUSES),
  transferOrderNumberOfCopy: whole()
    .min(1, { message: 'too_small' })
    .max(MAX_TRANSFER_ORDER_COPIES, { message: 'too_large' }),
  description: plain(CIRCUIT_DESCRIPTION_MAX),
  eligibleCountries: countries(),
  paymentModeIds: z
    .array(uuid(), needed('invalid_value'))
    .max(50, { message: 'too_many' })
    .transform((ids) => [...new Set(ids)]),
  ...bonusFields,
  warehouseId: uuid().nullable(),
  transportProviderId: uuid().nullable(),
  defaultInstructions: instructions(),
};

type CircuitFields = { [K in keyof typeof circuitFields]: z.infer<(typeof circuitFields)[K]> };

/** Cross-field rules of a whole circuit (used on create and on the merged patch). */
export function circuitViolations(v: CircuitFields): { path: string; code: string }[] {
  const out: { path: string; code: string }[] = bonusViolations(v, {
    percentage: 100,
    amount: CIRCUIT_AMOUNT_LIMIT,
  });
  if (!circuitTypeOf(v.channel, v.depositType))
    out.push({ path: 'depositType', code: 'circuit_type_not_allowed' });
  if (needsWarehouse(v.depositType) && !v.warehouseId)
    out.push({ path: 'warehouseId', code: 'warehouse_required' });
  if (needsTransport(v.depositType) && !v.transportProviderId)
    out.push({ path: 'transportProviderId', code: 'transport_required' });
  return out;
}

const refineCircuit = (v: CircuitFields, ctx: z.RefinementCtx) => {
  for (const issue of circuitViolations(v))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.code });
};

export const CreateCircuitRequest = z
  .object({
    ...circuitFields,
    accountId: uuid().optional(),
    status: circuitFields.status.optional().default('active'),
    transferOrderNumberOfCopy: circuitFields.transferOrderNumberOfCopy.optional().default(1),
    description: circuitFields.description.optional().default(null),
    paymentModeIds: circuitFields.paymentModeIds.optional().default([]),
    bonusMode: circuitFields.bonusMode.optional().default('disabled'),
    bonusValue: circuitFields.bonusValue.optional().default(null),
    bonusCap: circuitFields.bonusCap.optional().default(null),
    warehouseId: circuitFields.warehouseId.optional().default(null),
    transportProviderId: circuitFields.transportProviderId.optional().default(null),
    defaultInstructions: circuitFields.defaultInstructions.optional().default([]),
  })
  .superRefine(refineCircuit);
export type CreateCircuitRequest = z.infer<typeof CreateCircuitRequest>;
export type CreateCircuitInput = z.input<typeof CreateCircuitRequest>;

/** Merge-patch; channel and depositType may only be sent unchanged. The merged circuit is checked whole. */
export const PatchCircuitRequest = z.object(circuitFields).partial().strict();
export type PatchCircuitRequest = z.infer<typeof PatchCircuitRequest>;

export const CircuitResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  name: z.string(),
  channel: z.enum(CIRCUIT_CHANNELS),
  depositType: z.enum(DEPOSIT_TYPES),
  type: z.enum(CIRCUIT_TYPES),
  status: z.enum(STATUSES),
  transferOrderNumberOfCopy: z.number().int(),
  description: z.string().nullable(),
  eligibleCountries: z.array(z.string()),
  paymentModeIds: z.array(z.uuid()),
  paymentModes: z.array(
    z.object({ id: z.uuid(), label: z.string(), type: z.enum(PAYMENT_MODE_TYPES), status: z.enum(STATUSES) }),
  ),
  bonusMode: z.enum(BONUS_MODES),
  bonusValue: z.number().int().nullable(),
  bonusCap: z.number().int().nullable(),
  modifier: ConfigModifier.nullable(),
  warehouseId: z.uuid().nullable(),
  warehouse: Ref.nullable(),
  transportProviderId: z.uuid().nullable(),
  transportProvider: Ref.nullable(),
  defaultInstructions: z.array(Instruction),
  dispatchCircuitRuleId: z.uuid(),
  dispatchCircuitRuleStatus: z.enum(DISPATCH_CIRCUIT_RULE_STATUSES),
  categories: z.array(CategoryLink),
  numberOfCategories: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CircuitResponse = z.infer<typeof CircuitResponse>;

export const ListCircuitsQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  accountId: z.uuid().optional(),
  channel: z.enum(CIRCUIT_CHANNELS).optional(),
  type: z.enum(CIRCUIT_TYPES).optional(),
  status: z.enum(STATUSES).optional(),
  'order[name]': SortDirection.optional(),
  'order[type]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
});
export type ListCircuitsQuery = z.infer<typeof ListCircuitsQuery>;

export const CategoryCircuitParams = z.object({
  id: z.uuid({ message: 'invalid_uuid' }),
  circuitId: z.uuid({ message: 'invalid_uuid' }),
});

/** The circuits a category is linked to (through their dispatch circuit rules). */
export const CategoryCircuitsResponse = z.object({
  categoryId: z.uuid(),
  member: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      type: z.enum(CIRCUIT_TYPES),
      status: z.enum(STATUSES),
      dispatchCircuitRuleId: z.uuid(),
    }),
  ),
});
export type CategoryCircuitsResponse = z.infer<typeof CategoryCircuitsResponse>;

// ---------- dispatch circuit rules ----------

const customValues = () =>
  z
    .record(
      z.string().trim().min(1, { message: 'too_short' }).max(64, { message: 'too_long' }),
      z.string().max(255, { message: 'too_long' }),
    )
    .refine((v) => Object.keys(v).length <= 20, { message: 'too_many' });

const dispatchCircuitRuleFields = {
  status: oneOf(DISPATCH_CIRCUIT_RULE_STATUSES),
  description: plain(CIRCUIT_DESCRIPTION_MAX),
  terms: orNull(z.string().trim().max(DISPATCH_TERMS_MAX, { message: 'too_long' })),
  traceabilityEnabled: z.boolean(needed('invalid_value')),
  highlightedInstruction: plain(HIGHLIGHTED_INSTRUCTION_MAX),
  /** Null: the circuit's eligible countries. */
  eligibleCountries: countries().nullable(),
  /** False: the circuit's default instructions apply. */
  ownInstructions: z.boolean(needed('invalid_value')),
  instructions: instructions(),
  customValues: customValues(),
};

type DispatchCircuitRuleFields = {
  [K in keyof typeof dispatchCircuitRuleFields]: z.infer<(typeof dispatchCircuitRuleFields)[K]>;
};

export function dispatchCircuitRuleViolations(
  v: DispatchCircuitRuleFields,
): { path: string; code: string }[] {
  return v.ownInstructions && v.instructions.length === 0
    ? [{ path: 'instructions', code: 'instructions_required' }]
    : [];
}

export const PatchDispatchCircuitRuleRequest = z.object(dispatchCircuitRuleFields).partial().strict();
export type PatchDispatchCircuitRuleRequest = z.infer<typeof PatchDispatchCircuitRuleRequest>;

export const DispatchCircuitRuleResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  circuit: z.object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(CIRCUIT_TYPES),
    channel: z.enum(CIRCUIT_CHANNELS),
    status: z.enum(STATUSES),
  }),
  circuitName: z.string(),
  categories: z.array(CategoryLink),
  categoryIds: z.array(z.uuid()),
  numberOfCategories: z.number().int(),
  status: z.enum(DISPATCH_CIRCUIT_RULE_STATUSES),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  traceabilityEnabled: z.boolean(),
  highlightedInstruction: z.string().nullable(),
  eligibleCountries: z.array(z.string()).nullable(),
  /** The rule's own countries, else the circuit's. */
  effectiveEligibleCountries: z.array(z.string()),
  ownInstructions: z.boolean(),
  /** The rule's own instructions (kept while ownInstructions is off). */
  instructions: z.array(Instruction),
  /** What applies: the rule's own instructions, else the circuit's defaults. */
  effectiveInstructions: z.array(Instruction),
  customValues: z.record(z.string(), z.string()),
  /** The premium action the rule launches (`…/launch-premium-feature-connector`); null: none. */
  premiumAction: z.enum(PREMIUM_ACTIONS).nullable(),
  updatedAt: z.string(),
});
export type DispatchCircuitRuleResponse = z.infer<typeof DispatchCircuitRuleResponse>;

/**
 * `PATCH /dispatch-circuit-rules/{id}/launch-premium-feature-connector` (merge-patch): the premium
 * action the rule launches, one an active premium-feature configuration of its account answers;
 * null stops it.
 */
export const PatchDispatchCircuitRulePremiumActionRequest = z
  .object({
    action: z.enum(PREMIUM_ACTIONS, { message: 'invalid_value' }).nullable(),
  })
  .strict();
export type PatchDispatchCircuitRulePremiumActionRequest = z.infer<
  typeof PatchDispatchCircuitRulePremiumActionRequest
>;

export const ListDispatchCircuitRulesQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  accountId: z.uuid().optional(),
  status: z.enum(DISPATCH_CIRCUIT_RULE_STATUSES).optional(),
  circuit: z.uuid().optional(),
  category: z.uuid().optional(),
});
export type ListDispatchCircuitRulesQuery = z.infer<typeof ListDispatchCircuitRulesQuery>;

// ---------- transfer-order terms ----------

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The variables of a terms text written `{{variable}}` that are not in the list (in order, once
 * each), and whether a brace pair is left open or unmatched.
 */
export function checkTransferOrderTerms(terms: string): { unknown: string[]; malformed: boolean } {
  const unknown: string[] = [];
  for (const m of terms.matchAll(VARIABLE)) {
    const name = m[1] as string;
    if (!(TRANSFER_ORDER_VARIABLES as readonly string[]).includes(name) && !unknown.includes(name))
      unknown.push(name);
  }
  const rest = terms.replace(VARIABLE, '');
  return { unknown, malformed: rest.includes('{{') || rest.includes('}}') };
}

/** Replaces each `{{variable}}` by its value (unknown or missing ones by an empty text). */
export function fillTransferOrderTerms(
  terms: string,
  values: Partial<Record<TransferOrderVariable, string>>,
): string {
  return terms.replace(VARIABLE, (_, name: string) => values[name as TransferOrderVariable] ?? '');
}

export const PutTransferOrderSettingsRequest = z.object({
  /** 2 to 5000 characters; only the listed variables, written `{{variable}}`. */
  terms: text(TRANSFER_ORDER_TERMS_MIN, TRANSFER_ORDER_TERMS_MAX),
});
export type PutTransferOrderSettingsRequest = z.infer<typeof PutTransferOrderSettingsRequest>;

export const TransferOrderSettingsQuery = z.object({ accountId: z.uuid().optional() });

export const TransferOrderSettingsResponse = z.object({
  accountId: z.uuid(),
  /** Null until the account writes its terms. */
  terms: z.string().nullable(),
  variables: z.array(z.enum(TRANSFER_ORDER_VARIABLES)),
  updatedAt: z.string().nullable(),
});
export type TransferOrderSettingsResponse = z.infer<typeof TransferOrderSettingsResponse>;

// ---------- shipping methods (the wizard's transport and payment options) ----------

export const PaymentMethod = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_MODE_TYPES),
  label: z.string(),
  description: z.string(),
  longDescription: z.string().nullable(),
  modifier: ConfigModifier.nullable(),
  /** The payment mode needs the customer's IBAN. */
  iban: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const ShippingInstruction = z.object({
  sequence: z.number().int(),
  label: z.string(),
  type: z.enum(INSTRUCTION_TYPES),
});

export const ShippingMethod = z.object({
  /** The circuit's id. */
  id: z.uuid(),
  name: z.string(),
  channel: z.enum(CIRCUIT_CHANNELS),
  /** Combined type: store_drop, web_post… */
  type: z.enum(CIRCUIT_TYPES),
  depositType: z.enum(DEPOSIT_TYPES),
  description: z.string().nullable(),
  /** The circuit's bonus/malus. */
  modifier: ConfigModifier.nullable(),
  /** The dispatch circuit rule's own instructions, else the circuit's defaults. */
  instructions: z.array(ShippingInstruction),
  /** The rule's, else the product category's (nearest ancestor's). */
  highlightedInstruction: z.string().nullable(),
  terms: z.string().nullable(),
  warehouseId: z.uuid().nullable(),
  transferOrderNumberOfCopy: z.number().int(),
  availableCountries: z.array(z.string()),
  paymentMethods: z.array(PaymentMethod),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;

export const ShippingMethodsQuery = z.object({
  channel: z.enum(CIRCUIT_CHANNELS, { message: 'invalid_value' }),
  /** The customer's country: only circuits eligible there. */
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'invalid_country' }))
    .optional(),
});
export type ShippingMethodsQuery = z.infer<typeof ShippingMethodsQuery>;

export const ShippingMethodsResponse = z.object({ member: z.array(ShippingMethod) });
export type ShippingMethodsResponse = z.infer<typeof ShippingMethodsResponse>;
