import { z } from 'zod';
import { PRODUCT_GRADES, STATUSES } from '../enums';
import { int4 } from '../validation';
import { collectionOf, queryArray, queryPage, SortDirection } from './common';
import { TranslationsResponse, translationsOf } from './translations';

/** The catalogue: categories, products, diagnostic questions, search. */

export { PRODUCT_GRADES, type ProductGrade } from '../enums';

export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ABSORPTION_TYPES = [
  'none',
  'by_value',
  'percentage_of_controlled_amount',
  'percentage_of_declared_amount',
] as const;
export type AbsorptionType = (typeof ABSORPTION_TYPES)[number];

export const DIAGNOSTIC_QUESTION_TYPES = ['unique', 'multiple'] as const;
export type DiagnosticQuestionType = (typeof DIAGNOSTIC_QUESTION_TYPES)[number];
export const PRICE_IMPACT_KINDS = ['fixed', 'percentage'] as const;
export type PriceImpactKind = (typeof PRICE_IMPACT_KINDS)[number];

/** Prices are cents of the account's currency: 0 to 50000 units. */
export const MAX_PRICE_CENTS = 5_000_000;
/** Dimensions in cm and weights in g are whole numbers up to this bound. */
export const MAX_MEASURE = 1_000_000;
export const CATEGORY_DESCRIPTION_MAX = 3000;
export const PRODUCT_COMMENT_MAX = 500;
export const DIAGNOSTIC_QUESTION_DESCRIPTION_MAX = 3000;
export const PRODUCT_PAGE_SIZES = [5, 10, 15, 30] as const;
export const DEFAULT_PRODUCT_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 40;
/** The search counts its matches up to this many; past it the answer says "at least". */
export const SEARCH_COUNT_LIMIT = 1000;
/** A product list filtered by text counts its matches up to this many ("more than 1,000"). */
export const PRODUCT_LIST_COUNT_LIMIT = 1000;

// ---------- text helpers ----------

const MARKUP = /<\s*[a-zA-Z!/?][^>]*>/;

/** True when a text holds an HTML tag, comment or declaration. */
const hasMarkup = (value: string) => MARKUP.test(value);

/** Plain text of a description: scripts and styles dropped whole, every other tag removed. */
export function stripMarkup(value: string): string {
  return value
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\s*[a-zA-Z!/?][^>]*>/g, '')
    .trim();
}

/** Messages of a required field: `required` when absent, else `invalid`. */
const needed = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : invalid),
});

/** Text of `min` to `max` characters (trimmed), `required` when absent. */
const text = (min = 2, max = 255) =>
  z
    .string(needed('invalid_value'))
    .trim()
    .min(min, { message: 'too_short' })
    .max(max, { message: 'too_long' });

const uuid = () => z.uuid(needed('invalid_uuid'));
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, needed('invalid_value'));

/** '' and null mean "none"; a preprocess (not a union) so that a bad value reports its own code. */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

/** A sanitised description: markup stripped, then limited; nothing left means none. */
const plainText = (max: number) =>
  orNull(
    z
      .string()
      .transform(stripMarkup)
      .pipe(z.string().max(max, { message: 'too_long' })),
  ).transform((v) => v || null);

const wholeNumber = (max = MAX_MEASURE) =>
  z
    .number(needed('not_a_number'))
    .int({ message: 'not_integer' })
    .min(0, { message: 'too_small' })
    .max(max, { message: 'too_large' });

const price = () =>
  z
    .number(needed('not_a_number'))
    .int({ message: 'not_integer' })
    .min(0, { message: 'price_range' })
    .max(MAX_PRICE_CENTS, { message: 'price_range' });

/** Identifier (slug): 2 to 255 of lowercase letters, digits, hyphen and underscore. */
const categoryIdentifier = () =>
  z
    .string(needed('invalid_value'))
    .trim()
    .min(2, { message: 'too_short' })
    .max(255, { message: 'too_long' })
    .regex(/^[a-z0-9_-]+$/, { message: 'invalid_identifier' });

const shortText = (min = 1) => orNull(text(min, 255));

// ---------- categories ----------

export const CategoryRef = z.object({ id: z.uuid(), identifier: z.string(), label: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

const CatalogImage = z.object({
  /** GET it with the session (cookie or bearer); `?v=` changes with the file. */
  url: z.string(),
  alt: z.string().nullable(),
});

export const CategoryResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  /** The root organisation of the account that owns the catalogue. */
  organizationId: z.uuid(),
  identifier: z.string(),
  label: z.string(),
  /** Null until a file is uploaded (PUT …/image); its alt is the `imageAlt` written with the category. */
  image: CatalogImage.nullable(),
  description: z.string().nullable(),
  parentCategory: CategoryRef.nullable(),
  children: z.array(CategoryRef.extend({ status: z.enum(STATUSES) })),
  hasChildren: z.boolean(),
  childrenDescription: z.string().nullable(),
  /** Grams. */
  defaultWeight: z.number().int(),
  /** Centimetres. */
  defaultHeight: z.number().int().nullable(),
  defaultLength: z.number().int().nullable(),
  defaultWidth: z.number().int().nullable(),
  absorptionType: z.enum(ABSORPTION_TYPES),
  /** Cents with `by_value`, a percentage (0–100) with the percentage types, 0 with `none`. */
  absorptionValue: z.number().int(),
  status: z.enum(STATUSES),
  highlightedInstruction: z.string().nullable(),
  buyerAccountId: z.uuid(),
  buyerAccountName: z.string(),
  referringWarehouseIds: z.array(z.uuid()),
  referringWarehouses: z.array(z.object({ id: z.uuid(), commonName: z.string() })),
  /** Products whose main category this is. */
  numberOfProducts: z.number().int(),
  numberOfPublishedProducts: z.number().int(),
  /** Published products offered per channel (until channels exist, both count every published product). */
  productCount: z.object({ web: z.number().int(), store: z.number().int() }),
  numberOfQuestions: z.number().int(),
  /** `label` and `description` in other languages than the account's (docs/translations.md). */
  translations: TranslationsResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CategoryResponse = z.infer<typeof CategoryResponse>;

const categoryFields = {
  identifier: categoryIdentifier(),
  label: text(2, 255),
  imageAlt: shortText(),
  /** Markup is stripped. */
  description: plainText(CATEGORY_DESCRIPTION_MAX),
  parentCategoryId: uuid().nullable(),
  /** Up to 255 characters; markup is refused (`markup_not_allowed`). */
  childrenDescription: orNull(
    z
      .string()
      .trim()
      .max(255, { message: 'too_long' })
      .refine((v) => !hasMarkup(v), { message: 'markup_not_allowed' }),
  ),
  defaultWeight: wholeNumber(),
  defaultHeight: wholeNumber().nullable(),
  defaultLength: wholeNumber().nullable(),
  defaultWidth: wholeNumber().nullable(),
  absorptionType: oneOf(ABSORPTION_TYPES),
  absorptionValue: wholeNumber(MAX_PRICE_CENTS),
  status: oneOf(STATUSES),
  /** Markup is stripped. */
  highlightedInstruction: plainText(255),
  /** An account with `isBuyerAndWorkshopsSupervisor`; not editable after creation. */
  buyerAccountId: uuid(),
  /** Warehouse organisations of the buyer account; at least one. */
  referringWarehouseIds: z
    .array(uuid(), needed('invalid_value'))
    .min(1, { message: 'at_least_one_warehouse' })
    .max(100, { message: 'too_many' })
    .transform((ids) => [...new Set(ids)]),
  /** Replaces every translation when sent; the account's language is the base text, not a translation. */
  translations: translationsOf({ label: text(2, 255), description: plainText(CATEGORY_DESCRIPTION_MAX) }),
};

export const CreateCategoryRequest = z.object({
  ...categoryFields,
  /** Platform operators name the retailer account; everyone else creates in their own. */
  accountId: uuid().optional(),
  imageAlt: categoryFields.imageAlt.optional().default(null),
  description: categoryFields.description.optional().default(null),
  parentCategoryId: categoryFields.parentCategoryId.optional().default(null),
  childrenDescription: categoryFields.childrenDescription.optional().default(null),
  defaultHeight: categoryFields.defaultHeight.optional().default(null),
  defaultLength: categoryFields.defaultLength.optional().default(null),
  defaultWidth: categoryFields.defaultWidth.optional().default(null),
  status: categoryFields.status.optional().default('active'),
  highlightedInstruction: categoryFields.highlightedInstruction.optional().default(null),
  translations: categoryFields.translations.optional().default({}),
});
export type CreateCategoryRequest = z.infer<typeof CreateCategoryRequest>;
export type CreateCategoryInput = z.input<typeof CreateCategoryRequest>;

/** Merge-patch: absent fields are kept; `buyerAccountId` may only be sent unchanged. */
export const PatchCategoryRequest = z.object(categoryFields).partial().strict();
export type PatchCategoryRequest = z.infer<typeof PatchCategoryRequest>;

export const CATEGORY_SORT_FIELDS = ['label', 'identifier', 'status', 'createdAt'] as const;

export const ListCategoriesQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  /** Platform operators: one account's catalogue. */
  accountId: z.uuid().optional(),
  /** Label or identifier contains (case and accents ignored). */
  search: z.string().trim().max(255).optional(),
  status: z.enum(STATUSES).optional(),
  /** Direct children of this category. */
  parent: z.uuid().optional(),
  /** `false`: root categories only; `true`: sub-categories only. */
  'exists[parent]': z.enum(['true', 'false']).optional(),
  'order[label]': SortDirection.optional(),
  'order[identifier]': SortDirection.optional(),
  'order[status]': SortDirection.optional(),
  'order[createdAt]': SortDirection.optional(),
});
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const CategoryTreeNode = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  identifier: z.string(),
  label: z.string(),
  status: z.enum(STATUSES),
  parentCategoryId: z.uuid().nullable(),
  numberOfProducts: z.number().int(),
  numberOfPublishedProducts: z.number().int(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(CategoryTreeNode);
  },
});
export type CategoryTreeNode = z.infer<typeof CategoryTreeNode>;

export const CatalogScopeQuery = z.object({ accountId: z.uuid().optional() });
export const ConnectedTreeQuery = z.object({
  /** Platform operators: the buyer account whose linked categories to show. */
  buyerAccountId: z.uuid().optional(),
});

/** The categories of a product: its main and secondary categories within their ancestry. */
export const ProductCategoryTreeResponse = z.object({
  productId: z.uuid(),
  mainCategoryId: z.uuid(),
  secondaryCategoryIds: z.array(z.uuid()),
  tree: z.array(CategoryTreeNode),
});

export const CategoryAncestryResponse = z.array(CategoryRef);

/**
 * `GET /categories/{id}/checkpoints-to-archive?parentCategoryId=`: the diagnostic questions
 * ("checkpoints") the category's products would stop being asked if the category moved under that
 * parent (absent or empty: to the root): those of its current ancestors that are not ancestors
 * there too (docs/catalog.md, "Diagnostic questions a move drops").
 */
export const DroppedDiagnosticQuestionsQuery = z.object({
  parentCategoryId: z
    .union([z.literal(''), z.uuid({ message: 'invalid_uuid' })])
    .optional()
    .transform((v) => v || null),
});
export type DroppedDiagnosticQuestionsQuery = z.infer<typeof DroppedDiagnosticQuestionsQuery>;

const DroppedDiagnosticQuestion = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The ancestor the question belongs to. */
  category: CategoryRef,
  answerCount: z.number().int(),
});

export const DroppedDiagnosticQuestionsResponse = z.object({
  member: z.array(DroppedDiagnosticQuestion),
  totalItems: z.number().int(),
  /** Products of the category and below it, which ask these questions today. */
  productCount: z.number().int(),
});
export type DroppedDiagnosticQuestionsResponse = z.infer<typeof DroppedDiagnosticQuestionsResponse>;

// ---------- products ----------

export const BuybackPrices = z.object(
  {
    functional: price(),
    grade_a: price(),
    grade_b: price(),
    grade_c: price(),
    grade_d: price(),
    grade_e: price(),
  },
  needed('invalid_value'),
);
export type BuybackPrices = z.infer<typeof BuybackPrices>;

/** EAN/GTIN: digits only, 8, 12, 13 or 14 of them. */
const eanCode = () =>
  z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{12,14})$/, { message: 'invalid_ean' });

/** TAC codes: 8 digits each; a comma-separated string or an array (null or '' for none). */
const tacCodes = () =>
  z.preprocess(
    (v) =>
      v === null
        ? []
        : typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{8}$/, { message: 'invalid_tac' }),
      )
      .max(100, { message: 'too_many' })
      .transform((codes) => [...new Set(codes)]),
  );

export const ProductResponse = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  reference: z.string().nullable(),
  eanCode: z.string().nullable(),
  tacCodes: z.array(z.string()),
  isCollectingIMEI: z.boolean(),
  mainCategoryId: z.uuid(),
  mainCategory: CategoryRef,
  secondaryCategoryIds: z.array(z.uuid()),
  secondaryCategories: z.array(CategoryRef),
  image: CatalogImage.nullable(),
  imageHd: CatalogImage.nullable(),
  commentForSeller: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  /** Cents per state. */
  buybackPrices: BuybackPrices,
  buybackZeroNotAllowed: z.boolean(),
  /** Own dimensions (cm) and weight (g); null inherits. */
  length: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  /** Own value, else the main category's default, else its nearest ancestor's. */
  effectiveLength: z.number().int().nullable(),
  effectiveWidth: z.number().int().nullable(),
  effectiveHeight: z.number().int().nullable(),
  effectiveWeight: z.number().int().nullable(),
  buyerReference: z.string().nullable(),
  /** `name` in other languages than the account's (docs/translations.md). */
  translations: TranslationsResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

/** `GET /products`: a page of products; with a text filter the count stops at PRODUCT_LIST_COUNT_LIMIT. */
export const ProductListResponse = collectionOf(ProductResponse).extend({
  /** True when there are more than `totalItems` (PRODUCT_LIST_COUNT_LIMIT) matches. */
  totalItemsCapped: z.boolean(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

const productFields = {
  name: text(2, 255),
  brand: shortText(),
  model: shortText(),
  reference: shortText(),
  eanCode: orNull(eanCode()),
  tacCodes: tacCodes(),
  isCollectingIMEI: z.boolean(needed('invalid_value')),
  mainCategoryId: uuid(),
  secondaryCategoryIds: z
    .array(uuid())
    .max(50, { message: 'too_many' })
    .transform((ids) => [...new Set(ids)]),
  commentForSeller: orNull(z.string().trim().max(PRODUCT_COMMENT_MAX, { message: 'too_long' })),
  status: oneOf(PRODUCT_STATUSES),
  buybackPrices: BuybackPrices,
  buybackZeroNotAllowed: z.boolean(needed('invalid_value')),
  length: wholeNumber().nullable(),
  width: wholeNumber().nullable(),
  height: wholeNumber().nullable(),
  weight: wholeNumber().nullable(),
  buyerReference: shortText(),
  /** Replaces every translation when sent; the account's language is the base text, not a translation. */
  translations: translationsOf({ name: text(2, 255) }),
};

export const CreateProductRequest = z.object({
  ...productFields,
  brand: productFields.brand.optional().default(null),
  model: productFields.model.optional().default(null),
  reference: productFields.reference.optional().default(null),
  eanCode: productFields.eanCode.optional().default(null),
  tacCodes: productFields.tacCodes.optional().default([]),
  isCollectingIMEI: productFields.isCollectingIMEI.optional().default(false),
  secondaryCategoryIds: productFields.secondaryCategoryIds.optional().default([]),
  commentForSeller: productFields.commentForSeller.optional().default(null),
  status: productFields.status.optional().default('draft'),
  buybackZeroNotAllowed: productFields.buybackZeroNotAllowed.optional().default(false),
  length: productFields.length.optional().default(null),
  width: productFields.width.optional().default(null),
  height: productFields.height.optional().default(null),
  weight: productFields.weight.optional().default(null),
  buyerReference: productFields.buyerReference.optional().default(null),
  translations: productFields.translations.optional().default({}),
});
export type CreateProductRequest = z.infer<typeof CreateProductRequest>;
export type CreateProductInput = z.input<typeof CreateProductRequest>;

/** Merge-patch: absent fields are kept; `buybackPrices` merges the states sent. */
export const PatchProductRequest = z
  .object({ ...productFields, buybackPrices: BuybackPrices.partial().strict() })
  .partial()
  .strict();
export type PatchProductRequest = z.infer<typeof PatchProductRequest>;

export const PRODUCT_SORT_FIELDS = ['name', 'brand', 'category', 'price', 'status'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

const priceFilter = () => z.coerce.number().int({ message: 'not_integer' }).min(0).max(MAX_PRICE_CENTS);

export const ListProductsQuery = z
  .object({
    page: queryPage(),
    itemsPerPage: z.coerce
      .number()
      .int()
      .refine((n) => (PRODUCT_PAGE_SIZES as readonly number[]).includes(n), { message: 'invalid_page_size' })
      .default(DEFAULT_PRODUCT_PAGE_SIZE),
    /** Platform operators: one account's catalogue. */
    accountId: z.uuid().optional(),
    /** Name, brand, model, EAN or reference contains every word (case and accents ignored). */
    search_product_buyback: z.string().trim().max(255).optional(),
    /** `category[]=`: products in these categories or below (main or secondary). */
    category: queryArray(z.uuid()).optional(),
    status: z.enum(['all', ...PRODUCT_STATUSES]).default('published'),
    /** Grade-A buyback price bounds, in cents. */
    'buybackPriceGradeA[gte]': priceFilter().optional(),
    'buybackPriceGradeA[lte]': priceFilter().optional(),
    'order[name]': SortDirection.optional(),
    'order[brand]': SortDirection.optional(),
    'order[category]': SortDirection.optional(),
    /** The grade-A price. */
    'order[price]': SortDirection.optional(),
    'order[status]': SortDirection.optional(),
  })
  .refine(
    (q) =>
      q['buybackPriceGradeA[gte]'] === undefined ||
      q['buybackPriceGradeA[lte]'] === undefined ||
      q['buybackPriceGradeA[gte]'] <= q['buybackPriceGradeA[lte]'],
    { message: 'min_exceeds_max', path: ['buybackPriceGradeA[gte]'] },
  );
export type ListProductsQuery = z.infer<typeof ListProductsQuery>;

// ---------- diagnostic questions ----------

export const PriceImpact = z.discriminatedUnion('kind', [
  /** Cents added (or removed, when negative) to the price. */
  z.object({
    kind: z.literal('fixed'),
    value: z
      .number(needed('not_a_number'))
      .int({ message: 'not_integer' })
      .min(-MAX_PRICE_CENTS, { message: 'price_range' })
      .max(MAX_PRICE_CENTS, { message: 'price_range' }),
  }),
  /** Percent of the price, −100 to 100. */
  z.object({
    kind: z.literal('percentage'),
    value: z
      .number(needed('not_a_number'))
      .int({ message: 'not_integer' })
      .min(-100, { message: 'percentage_range' })
      .max(100, { message: 'percentage_range' }),
  }),
]);
export type PriceImpact = z.infer<typeof PriceImpact>;

export const DiagnosticAnswerResponse = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** The best grade the answer still allows; null leaves the grade free. */
  maxGrade: z.enum(PRODUCT_GRADES).nullable(),
  priceImpact: PriceImpact.nullable(),
  /** `title` and `description` in other languages than the account's. */
  translations: TranslationsResponse,
});
export type DiagnosticAnswerResponse = z.infer<typeof DiagnosticAnswerResponse>;

export const DiagnosticQuestionResponse = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  title: z.string(),
  type: z.enum(DIAGNOSTIC_QUESTION_TYPES),
  description: z.string().nullable(),
  position: z.number().int(),
  answers: z.array(DiagnosticAnswerResponse),
  /** `title` and `description` in other languages than the account's. */
  translations: TranslationsResponse,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiagnosticQuestionResponse = z.infer<typeof DiagnosticQuestionResponse>;

const diagnosticTextHelp = () =>
  orNull(z.string().trim().max(DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, { message: 'too_long' }));

export const DiagnosticAnswerRequest = z.object({
  /** An existing answer of the question keeps its id; without one the answer is new. */
  id: uuid().optional(),
  title: text(2, 255),
  description: orNull(z.string().trim().max(DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, { message: 'too_long' }))
    .optional()
    .default(null),
  maxGrade: oneOf(PRODUCT_GRADES).nullable().optional().default(null),
  priceImpact: PriceImpact.nullable().optional().default(null),
  translations: translationsOf({ title: text(2, 255), description: diagnosticTextHelp() })
    .optional()
    .default({}),
});
export type DiagnosticAnswerRequest = z.infer<typeof DiagnosticAnswerRequest>;

/** At least two answers, in the order given (their position is their index). */
const answers = z
  .array(DiagnosticAnswerRequest, needed('invalid_value'))
  .min(2, { message: 'at_least_two_answers' })
  .max(50, { message: 'too_many' })
  .refine(
    (list) => {
      const ids = list.flatMap((a) => (a.id ? [a.id] : []));
      return new Set(ids).size === ids.length;
    },
    { message: 'duplicate_answer_id' },
  );

const diagnosticQuestionFields = {
  title: text(2, 255),
  type: oneOf(DIAGNOSTIC_QUESTION_TYPES),
  description: orNull(z.string().trim().max(DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, { message: 'too_long' })),
  answers,
  /** Replaces every translation when sent; the account's language is the base text, not a translation. */
  translations: translationsOf({ title: text(2, 255), description: diagnosticTextHelp() }),
};

export const CreateDiagnosticQuestionRequest = z.object({
  ...diagnosticQuestionFields,
  description: diagnosticQuestionFields.description.optional().default(null),
  translations: diagnosticQuestionFields.translations.optional().default({}),
  /** 0-based place among the category's questions; the end when absent. */
  position: int4(z.number().int()).min(0).optional(),
});
export type CreateDiagnosticQuestionRequest = z.infer<typeof CreateDiagnosticQuestionRequest>;
export type CreateDiagnosticQuestionInput = z.input<typeof CreateDiagnosticQuestionRequest>;

/** Merge-patch; `answers`, when sent, replaces the whole list. */
export const PatchDiagnosticQuestionRequest = z.object(diagnosticQuestionFields).partial().strict();
export type PatchDiagnosticQuestionRequest = z.infer<typeof PatchDiagnosticQuestionRequest>;

/** PUT: the whole question; the description is cleared when absent. */
export const ReplaceDiagnosticQuestionRequest = z
  .object({
    ...diagnosticQuestionFields,
    description: diagnosticQuestionFields.description.optional().default(null),
    translations: diagnosticQuestionFields.translations.optional().default({}),
  })
  .strict();
export type ReplaceDiagnosticQuestionRequest = z.infer<typeof ReplaceDiagnosticQuestionRequest>;

export const ReorderDiagnosticQuestionsRequest = z.object({
  /** Every question of the category, in the new order. */
  ids: z
    .array(uuid())
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_id' }),
});
export type ReorderDiagnosticQuestionsRequest = z.infer<typeof ReorderDiagnosticQuestionsRequest>;

export const CategoryIdParams = z.object({ categoryId: uuid() });

/** A product's questionnaire: its main category's questions and its ancestors', root first. */
export const QuestionnaireResponse = z.object({
  productId: z.uuid(),
  categories: z.array(CategoryRef),
  questions: z.array(DiagnosticQuestionResponse.extend({ categoryLabel: z.string() })),
});
export type QuestionnaireResponse = z.infer<typeof QuestionnaireResponse>;

// ---------- search ----------

export const SearchProductsQuery = z.object({
  /** Free text, an EAN, a reference, a TAC or an IMEI (its first 8 digits are the TAC). Empty lists all. */
  q: z.string().trim().max(255).optional().default(''),
  /** `category[]=`: within these categories or below. */
  category: queryArray(z.uuid()).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  /** Platform operators: one account's catalogue. */
  accountId: z.uuid().optional(),
});
export type SearchProductsQuery = z.infer<typeof SearchProductsQuery>;

export const ProductSearchHit = z.object({
  id: z.uuid(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  reference: z.string().nullable(),
  eanCode: z.string().nullable(),
  mainCategory: CategoryRef,
  image: CatalogImage.nullable(),
  buybackPrices: BuybackPrices,
  /** `code`: the query is the product's EAN, reference or a TAC (ranked first); `text`: words matched. */
  matchedBy: z.enum(['code', 'text']),
  highlight: z.object({
    /** The name, HTML-escaped, with `<mark>` around the matched parts: safe to set as HTML. */
    name: z.string(),
    /** The same parts as offsets into the raw `name` (UTF-16 code units, end exclusive). */
    nameRanges: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  }),
});
export type ProductSearchHit = z.infer<typeof ProductSearchHit>;

export const ProductSearchResponse = collectionOf(ProductSearchHit).extend({
  /** The spelling corrections used, per query word (typo tolerance). */
  corrections: z.record(z.string(), z.array(z.string())),
  /** True when there are at least `totalItems` (SEARCH_COUNT_LIMIT) matches: more pages may follow. */
  totalItemsCapped: z.boolean(),
});
export type ProductSearchResponse = z.infer<typeof ProductSearchResponse>;
