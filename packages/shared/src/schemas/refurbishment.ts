import { z } from 'zod';
import { queryPage } from './common';
import { NATIVE_STOCK_KINDS } from './warehouse';

/**
 * Refurbishment (issue 13): the services (refurb steps) a
 * warehouse account offers, the refurbishment diagnosis questions whose answers plan them, the
 * diagnosis of an item, and the execution of its services with optimistic concurrency (every write
 * carries the version it read in `If-Match`; another user's change answers 412).
 */

export const REFURB_TEXT_MAX = 255;
/** The cancel comment and any service comment (255 max). */
export const REFURB_COMMENT_MAX = 255;

export const REFURB_STEP_KINDS = ['standard', 'data_erasure'] as const;
export type RefurbStepKind = (typeof REFURB_STEP_KINDS)[number];

export const REFURB_QUESTION_TYPES = ['unique', 'multiple'] as const;
export type RefurbQuestionType = (typeof REFURB_QUESTION_TYPES)[number];

export const ITEM_REFURB_STEP_STATUSES = [
  'to_do',
  'in_progress',
  'paused',
  'cancelled',
  'completed',
] as const;
export type ItemRefurbStepStatus = (typeof ITEM_REFURB_STEP_STATUSES)[number];

/** Actions on an item's service. */
export const ITEM_REFURB_STEP_ACTIONS = ['start', 'pause', 'cancel', 'validate'] as const;
export type ItemRefurbStepAction = (typeof ITEM_REFURB_STEP_ACTIONS)[number];

/** Which action leads from which status: start also resumes a paused service. */
export const ITEM_REFURB_STEP_TRANSITIONS: Record<ItemRefurbStepAction, readonly ItemRefurbStepStatus[]> = {
  start: ['to_do', 'paused'],
  pause: ['in_progress'],
  cancel: ['to_do', 'in_progress', 'paused'],
  validate: ['in_progress'],
};
export const ITEM_REFURB_STEP_TARGET: Record<ItemRefurbStepAction, ItemRefurbStepStatus> = {
  start: 'in_progress',
  pause: 'paused',
  cancel: 'cancelled',
  validate: 'completed',
};
/** A service that is finished: the item can be validated once all are. */
export const FINISHED_REFURB_STEP_STATUSES: readonly ItemRefurbStepStatus[] = ['cancelled', 'completed'];

const requiredText = (max: number) =>
  z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(max, { message: 'too_long' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null);

const StockRef = z.object({
  id: z.uuid(),
  name: z.string(),
  nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable(),
  warehouseId: z.uuid(),
});

// ---------------------------------------------------------------------------------------------
// Services (refurb steps): `/refurb-steps`, permission `refurb_step.manage`

const RefurbStepCost = z.object({
  warehouseId: z.uuid({ message: 'required' }),
  costCents: z.number({ message: 'required' }).int().min(0, { message: 'too_small' }).max(10_000_000),
});

export const RefurbStepRequest = z.object({
  name: requiredText(REFURB_TEXT_MAX),
  description: optionalText(REFURB_TEXT_MAX),
  stockId: z.uuid({ message: 'required' }),
  kind: z.enum(REFURB_STEP_KINDS, { message: 'invalid_value' }).default('standard'),
  /** Required for a data erasure: the method its certificates name. */
  erasureMethod: optionalText(REFURB_TEXT_MAX),
  /** At most one per warehouse of the account; a warehouse without a cost costs 0. */
  costs: z.array(RefurbStepCost).max(100, { message: 'too_many' }).default([]),
});
export type RefurbStepRequest = z.infer<typeof RefurbStepRequest>;

export const RefurbStepResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(REFURB_STEP_KINDS),
  erasureMethod: z.string().nullable(),
  stock: StockRef,
  costs: z.array(z.object({ warehouseId: z.uuid(), warehouseName: z.string(), costCents: z.number().int() })),
  /** Answers of diagnosis questions that plan it: it cannot be deleted while there are any. */
  answerCount: z.number().int(),
  updatedAt: z.string(),
});
export type RefurbStepResponse = z.infer<typeof RefurbStepResponse>;

export const ListRefurbStepsQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().trim().max(255).optional(),
  kind: z.enum(REFURB_STEP_KINDS).optional(),
  /** The buyer account a platform operator works on (everyone else: their own). */
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
});
export type ListRefurbStepsQuery = z.infer<typeof ListRefurbStepsQuery>;

// ---------------------------------------------------------------------------------------------
// Refurbishment diagnosis questions: `/refurb-diagnosis-questions`, permission `refurb_diagnostic.manage`

const REFURB_QUESTION_MIN_ANSWERS = 2;
const REFURB_QUESTION_MAX_ANSWERS = 30;

const RefurbAnswerRequest = z.object({
  /** Kept when editing an answer that exists. */
  id: z.uuid().optional(),
  label: requiredText(REFURB_TEXT_MAX),
  refurbStepIds: z
    .array(z.uuid({ message: 'invalid_uuid' }))
    .max(50, { message: 'too_many' })
    .default([]),
});

export const RefurbQuestionRequest = z.object({
  label: requiredText(REFURB_TEXT_MAX),
  type: z.enum(REFURB_QUESTION_TYPES, { message: 'required' }),
  answers: z
    .array(RefurbAnswerRequest)
    .min(REFURB_QUESTION_MIN_ANSWERS, { message: 'at_least_two_answers' })
    .max(REFURB_QUESTION_MAX_ANSWERS, { message: 'too_many' }),
});
export type RefurbQuestionRequest = z.infer<typeof RefurbQuestionRequest>;

export const RefurbQuestionResponse = z.object({
  id: z.uuid(),
  label: z.string(),
  type: z.enum(REFURB_QUESTION_TYPES),
  position: z.number().int(),
  answers: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      refurbSteps: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
  ),
  /** Items diagnosed with it. */
  productCount: z.number().int(),
  updatedAt: z.string(),
});
export type RefurbQuestionResponse = z.infer<typeof RefurbQuestionResponse>;

export const RefurbQuestionsOrderRequest = z.object({
  ids: z
    .array(z.uuid({ message: 'invalid_uuid' }))
    .min(1)
    .max(500),
  /** The buyer account a platform operator orders (everyone else: their own). */
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
});
export type RefurbQuestionsOrderRequest = z.infer<typeof RefurbQuestionsOrderRequest>;

// ---------------------------------------------------------------------------------------------
// Diagnosis: `/refurb-diagnosis/start` → `/warehouse/refurb-diagnosis/{id}` → questions → summary
// → stock → finalized; permission `refurb_diagnostic.write`

export const REFURB_DIAGNOSIS_STATUSES = ['in_progress', 'finalized'] as const;

/**
 * `POST /refurb-diagnoses` { code }: starts (or resumes, when in progress) the item's diagnosis. The
 * code's length (8 or 13) is the service's to check, as check-in's and control's: a code of another
 * length answers the problem `code_length_invalid` (docs/warehouse.md, "Codes").
 */
export const StartRefurbDiagnosisRequest = z.object({
  code: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(64, { message: 'too_long' }),
});
export type StartRefurbDiagnosisRequest = z.infer<typeof StartRefurbDiagnosisRequest>;

/** `PUT /refurb-diagnoses/{id}/answers`: the answer ids per question (one for a unique question). */
export const RefurbDiagnosisAnswersRequest = z.object({
  answers: z
    .array(z.object({ questionId: z.uuid(), answerIds: z.array(z.uuid()).min(1, { message: 'required' }) }))
    .max(200),
});
export type RefurbDiagnosisAnswersRequest = z.infer<typeof RefurbDiagnosisAnswersRequest>;

/** `PUT /refurb-diagnoses/{id}/plan`: the services planned (the summary may add or remove some). */
export const RefurbDiagnosisPlanRequest = z.object({
  refurbStepIds: z.array(z.uuid()).max(50, { message: 'too_many' }),
});
export type RefurbDiagnosisPlanRequest = z.infer<typeof RefurbDiagnosisPlanRequest>;

/** `POST /refurb-diagnoses/{id}/finalize`: the stock the item goes to and the first service. */
export const FinalizeRefurbDiagnosisRequest = z.object({
  stockId: z.uuid({ message: 'required' }),
  /** One of the planned services; null when none is planned. */
  firstRefurbStepId: z.uuid().nullable().default(null),
});
export type FinalizeRefurbDiagnosisRequest = z.infer<typeof FinalizeRefurbDiagnosisRequest>;

export const RefurbDiagnosisResponse = z.object({
  id: z.uuid(),
  status: z.enum(REFURB_DIAGNOSIS_STATUSES),
  item: z.object({
    id: z.uuid(),
    identificationNumber: z.string(),
    productName: z.string(),
    productBrand: z.string().nullable(),
    imei: z.string().nullable(),
    controlledState: z.string().nullable(),
    warehouse: z.object({ id: z.uuid(), commonName: z.string() }),
    /** The item's status and stock now (the diagnosis moves it). */
    status: z.string(),
    stock: StockRef.nullable(),
  }),
  answers: z.array(
    z.object({
      questionId: z.uuid().nullable(),
      answerId: z.uuid().nullable(),
      questionLabel: z.string(),
      answerLabel: z.string(),
    }),
  ),
  planned: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: z.enum(REFURB_STEP_KINDS),
      costCents: z.number().int(),
    }),
  ),
  plannedCostCents: z.number().int(),
  currency: z.string(),
  stock: StockRef.nullable(),
  firstRefurbStepId: z.uuid().nullable(),
  /** The item's service created for the first service when the diagnosis was finalized. */
  firstItemRefurbStepId: z.uuid().nullable(),
  startedAt: z.string(),
  startedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  finalizedAt: z.string().nullable(),
  finalizedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type RefurbDiagnosisResponse = z.infer<typeof RefurbDiagnosisResponse>;

/** A service as the diagnosis plans it: its cost at the item's warehouse (0 when it has none there). */
export const RefurbDiagnosisRefurbStep = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(REFURB_STEP_KINDS),
  costCents: z.number().int(),
});
export type RefurbDiagnosisRefurbStep = z.infer<typeof RefurbDiagnosisRefurbStep>;

/**
 * `GET /refurb-diagnoses/{id}/questions`: the refurbishment questions of the diagnosis's account in
 * their order, each answer with the services it plans, and the answers already given.
 */
export const RefurbDiagnosisQuestionsResponse = z.object({
  questions: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      type: z.enum(REFURB_QUESTION_TYPES),
      answers: z.array(
        z.object({ id: z.uuid(), label: z.string(), refurbSteps: z.array(RefurbDiagnosisRefurbStep) }),
      ),
    }),
  ),
  /** The answer ids given per question (empty before the first save). */
  given: z.array(z.object({ questionId: z.uuid(), answerIds: z.array(z.uuid()) })),
  currency: z.string(),
});
export type RefurbDiagnosisQuestionsResponse = z.infer<typeof RefurbDiagnosisQuestionsResponse>;

/** `GET /refurb-diagnoses/{id}/refurb-steps`: every service of the account, what the summary may add. */
export const RefurbDiagnosisRefurbStepsResponse = z.object({
  member: z.array(RefurbDiagnosisRefurbStep),
  currency: z.string(),
});
export type RefurbDiagnosisRefurbStepsResponse = z.infer<typeof RefurbDiagnosisRefurbStepsResponse>;

/** `GET /refurb-diagnoses/{id}/stocks`: the stocks of the item's warehouse, for the stock step. */
export const RefurbDiagnosisStocksResponse = z.object({ member: z.array(StockRef) });
export type RefurbDiagnosisStocksResponse = z.infer<typeof RefurbDiagnosisStocksResponse>;

// ---------------------------------------------------------------------------------------------
// Service execution: `/warehouse/item-refurb-steps/search`, `items/{itemId}/item-refurb-steps`,
// `item-refurb-steps/{id}`, `item-refurb-steps/completed`; permission `refurb.write`

export const ItemRefurbStepResponse = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  refurbStepId: z.uuid().nullable(),
  name: z.string(),
  kind: z.enum(REFURB_STEP_KINDS),
  status: z.enum(ITEM_REFURB_STEP_STATUSES),
  position: z.number().int(),
  costCents: z.number().int(),
  stock: StockRef.nullable(),
  user: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  comment: z.string().nullable(),
  cancelReason: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The version the next write must carry in `If-Match` (also the ETag). */
  version: z.number().int(),
  /** The erasure certificate a validated data erasure issued. */
  certificate: z.object({ id: z.uuid(), verificationCode: z.string() }).nullable(),
});
export type ItemRefurbStepResponse = z.infer<typeof ItemRefurbStepResponse>;

export const ItemRefurbStepsResponse = z.object({
  item: z.object({
    id: z.uuid(),
    identificationNumber: z.string(),
    status: z.string(),
    productName: z.string(),
    productBrand: z.string().nullable(),
    imei: z.string().nullable(),
    warehouse: z.object({ id: z.uuid(), commonName: z.string() }),
    stock: StockRef.nullable(),
    plannedRefurbCostCents: z.number().int(),
    completedRefurbCostCents: z.number().int(),
    currency: z.string(),
  }),
  member: z.array(ItemRefurbStepResponse),
  /** Every service is completed or cancelled: the item can be validated. */
  canValidate: z.boolean(),
});
export type ItemRefurbStepsResponse = z.infer<typeof ItemRefurbStepsResponse>;

/** `POST /item-refurb-steps/{id}/{action}` with `If-Match: "<version>"`; a cancel needs its comment. */
export const ItemRefurbStepActionRequest = z.object({
  comment: optionalText(REFURB_COMMENT_MAX),
});
export type ItemRefurbStepActionRequest = z.infer<typeof ItemRefurbStepActionRequest>;

/**
 * `GET /item-refurb-steps/search?code=`: the item of a scanned code (8 or 13 characters, checked by
 * the item lookup itself so that the answer is `code_length_invalid`, as the diagnosis answers).
 */
export const ItemRefurbStepSearchQuery = z.object({
  code: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(64, { message: 'too_long' }),
});
export type ItemRefurbStepSearchQuery = z.infer<typeof ItemRefurbStepSearchQuery>;
export const ItemRefurbStepSearchResponse = z.object({ itemId: z.uuid() });
export type ItemRefurbStepSearchResponse = z.infer<typeof ItemRefurbStepSearchResponse>;

/** The actions' path parameters: `POST /item-refurb-steps/{id}/{action}`. */
export const ItemRefurbStepActionParams = z.object({
  id: z.uuid({ message: 'invalid_uuid' }),
  action: z.enum(ITEM_REFURB_STEP_ACTIONS, { message: 'invalid_value' }),
});

/** `POST /items/{itemId}/item-refurb-steps/validate`: every service finished, the item goes to a stock. */
export const ValidateItemRefurbRequest = z.object({
  /** Default: the warehouse's native stock "refurbishment completed". */
  stockId: z.uuid().nullable().default(null),
});

export const ValidateItemRefurbResponse = z.object({
  itemId: z.uuid(),
  identificationNumber: z.string(),
  stock: StockRef,
  completedRefurbCostCents: z.number().int(),
});
export type ValidateItemRefurbResponse = z.infer<typeof ValidateItemRefurbResponse>;

// ---------------------------------------------------------------------------------------------
// Data-erasure certificates

export const ErasureCertificateResponse = z.object({
  id: z.uuid(),
  verificationCode: z.string(),
  itemIdentificationNumber: z.string(),
  productName: z.string(),
  /** Masked but the last 4 digits on the public check. */
  imei: z.string().nullable(),
  serialNumber: z.string().nullable(),
  method: z.string(),
  operatorName: z.string(),
  warehouseName: z.string(),
  erasedAt: z.string(),
});
export type ErasureCertificateResponse = z.infer<typeof ErasureCertificateResponse>;

/** `GET /items/{id}/erasure-certificates`: the certificates of an item, newest first (not masked). */
export const ItemErasureCertificatesResponse = z.object({ member: z.array(ErasureCertificateResponse) });
export type ItemErasureCertificatesResponse = z.infer<typeof ItemErasureCertificatesResponse>;

/** A verification code as printed: groups of four (`ABCD-EFGH-JKMN-PQRS`). */
export const formatVerificationCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** A verification code as printed on the certificate (letters and digits, dashes ignored). */
export const ErasureVerificationParams = z.object({
  code: z
    .string()
    .trim()
    .transform((v) => v.replaceAll('-', '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8,32}$/, { message: 'invalid_value' })),
});

// ---------------------------------------------------------------------------------------------
// The configuration screens of services and diagnosis questions (modules/refurb-config)

/** `?account=`: the buyer account a platform operator reads (everyone else reads their own). */
export const RefurbConfigAccountQuery = z.object({
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
});
export type RefurbConfigAccountQuery = z.infer<typeof RefurbConfigAccountQuery>;

/** `POST /refurb-steps`: a platform operator names the buyer account (`account`) of the new service. */
export const CreateRefurbStepRequest = RefurbStepRequest.extend(RefurbConfigAccountQuery.shape);
export type CreateRefurbStepRequest = z.infer<typeof CreateRefurbStepRequest>;

/** `POST /refurb-questions`: a platform operator names the buyer account (`account`) of the new question. */
export const CreateRefurbQuestionRequest = RefurbQuestionRequest.extend(RefurbConfigAccountQuery.shape);
export type CreateRefurbQuestionRequest = z.infer<typeof CreateRefurbQuestionRequest>;

/** An issue of a rule that spans fields, on the path of the field it is shown on. */
export interface RefurbConfigIssue {
  path: (string | number)[];
  code: string;
}

/**
 * The rules of a service beyond each field's (docs/refurbishment.md): a data erasure names the
 * method its certificates print, and a warehouse has one cost at most.
 */
export function refurbStepIssues(step: {
  kind?: RefurbStepKind | undefined;
  erasureMethod?: string | null | undefined;
  costs?: readonly { warehouseId: string }[] | undefined;
}): RefurbConfigIssue[] {
  const issues: RefurbConfigIssue[] = [];
  if (step.kind === 'data_erasure' && !step.erasureMethod?.trim())
    issues.push({ path: ['erasureMethod'], code: 'erasure_method_required' });
  const seen = new Set<string>();
  (step.costs ?? []).forEach((cost, index) => {
    if (seen.has(cost.warehouseId))
      issues.push({ path: ['costs', index, 'warehouseId'], code: 'duplicate_id' });
    seen.add(cost.warehouseId);
  });
  return issues;
}

/** A service's form: the request and the rules of refurbStepIssues, as the server checks them. */
export const RefurbStepForm = RefurbStepRequest.superRefine((step, ctx) => {
  for (const issue of refurbStepIssues(step))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.code });
});

/**
 * `PATCH /refurb-steps/{id}` (merge-patch): the fields sent replace the service's; `costs` replaces
 * every cost. The result is checked as a whole (refurbStepIssues).
 */
export const PatchRefurbStepRequest = z
  .object({
    name: requiredText(REFURB_TEXT_MAX).optional(),
    description: optionalText(REFURB_TEXT_MAX).optional(),
    stockId: z.uuid({ message: 'required' }).optional(),
    kind: z.enum(REFURB_STEP_KINDS, { message: 'invalid_value' }).optional(),
    erasureMethod: optionalText(REFURB_TEXT_MAX).optional(),
    costs: z.array(RefurbStepCost).max(100, { message: 'too_many' }).optional(),
  })
  .strict();
export type PatchRefurbStepRequest = z.infer<typeof PatchRefurbStepRequest>;

/**
 * `GET /refurb-steps/options`: every service of the account, unpaginated, for the screens that
 * choose services (the question form, the diagnosis); `refurb_diagnostic.write`.
 */
export const RefurbStepOptionsResponse = z.object({
  member: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: z.enum(REFURB_STEP_KINDS),
      stockId: z.uuid(),
      costs: z.array(z.object({ warehouseId: z.uuid(), costCents: z.number().int() })),
    }),
  ),
});
export type RefurbStepOptionsResponse = z.infer<typeof RefurbStepOptionsResponse>;

/** `GET /refurb-steps/stock-options`: the account's warehouses (a cost each) and their stocks. */
export const RefurbStepStockOptionsResponse = z.object({
  accountId: z.uuid(),
  warehouses: z.array(z.object({ id: z.uuid(), commonName: z.string() })),
  stocks: z.array(StockRef.extend({ warehouseName: z.string() })),
});
export type RefurbStepStockOptionsResponse = z.infer<typeof RefurbStepStockOptionsResponse>;

/** `GET /refurb-steps/accounts`: the buyer accounts a platform operator may configure. */
export const RefurbConfigAccountsResponse = z.object({
  member: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type RefurbConfigAccountsResponse = z.infer<typeof RefurbConfigAccountsResponse>;

/**
 * The rules of a question beyond each field's: its answers are told apart by their label
 * (whatever the case) and an existing answer appears once.
 */
export function refurbQuestionIssues(question: {
  answers: readonly { id?: string | undefined; label: string }[];
}): RefurbConfigIssue[] {
  const issues: RefurbConfigIssue[] = [];
  const labels = new Set<string>();
  const ids = new Set<string>();
  question.answers.forEach((answer, index) => {
    const label = answer.label.trim().toLocaleLowerCase('fr');
    if (label && labels.has(label))
      issues.push({ path: ['answers', index, 'label'], code: 'duplicate_answer_label' });
    labels.add(label);
    if (answer.id && ids.has(answer.id))
      issues.push({ path: ['answers', index, 'id'], code: 'duplicate_answer_id' });
    if (answer.id) ids.add(answer.id);
  });
  return issues;
}

/** A question's form and `POST`/`PUT` body: the request and the rules of refurbQuestionIssues. */
export const RefurbQuestionForm = RefurbQuestionRequest.superRefine((question, ctx) => {
  for (const issue of refurbQuestionIssues(question))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.code });
});
