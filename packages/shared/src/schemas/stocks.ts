import { z } from 'zod';
import { ITEM_STATUSES } from './buybacks';
import { collectionOf, queryPage, SortDirection } from './common';
import { ItemResponse, NATIVE_STOCK_KINDS, warehouseCode } from './warehouse';

/**
 * Stocks of a warehouse and the items kept in them (issue 13).
 * Five native stocks are created with each warehouse and are neither renamed nor deleted; the
 * others are the warehouse manager's (`stock.manage`). Items in stock are read with
 * `items_stock.read`.
 */

export const STOCK_NAME_MAX = 255;
export const STOCK_TEXT_MAX = 255;

const optionalText = () =>
  z
    .string()
    .trim()
    .max(STOCK_TEXT_MAX, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null);

/** `POST /stocks`, `PATCH /stocks/{id}` (a native stock refuses a new name: `native_stock_immutable`). */
export const StockRequest = z.object({
  warehouseId: z.uuid({ message: 'required' }),
  name: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(STOCK_NAME_MAX, { message: 'too_long' }),
  identifier: optionalText(),
  location: optionalText(),
});
export type StockRequest = z.infer<typeof StockRequest>;
export type StockInput = z.input<typeof StockRequest>;

export const STOCK_SORT_FIELDS = ['name', 'productCount', 'averageAgeDays'] as const;

/** `GET /stocks`: the stocks of the warehouses the user sees. */
export const ListStocksQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  warehouse: z.uuid({ message: 'invalid_uuid' }).optional(),
  /** Part of the name, identifier or location. */
  search: z.string().trim().max(255).optional(),
  'order[name]': SortDirection.optional(),
  'order[productCount]': SortDirection.optional(),
  'order[averageAgeDays]': SortDirection.optional(),
});
export type ListStocksQuery = z.infer<typeof ListStocksQuery>;

export const StockResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  identifier: z.string().nullable(),
  location: z.string().nullable(),
  /** Set on the five stocks every warehouse has; the screens show their translated name. */
  nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable(),
  warehouse: z.object({ id: z.uuid(), commonName: z.string() }),
  /** Items in the stock now (not dispatched). */
  productCount: z.number().int(),
  /** Average days since the items in it entered the warehouse; null when empty. */
  averageAgeDays: z.number().nullable(),
  /** Services whose stock this is: with items, they keep it from being deleted. */
  refurbStepCount: z.number().int(),
  createdAt: z.string(),
});
export type StockResponse = z.infer<typeof StockResponse>;
export const StockCollectionResponse = collectionOf(StockResponse);

export const ITEMS_STOCK_SORT_FIELDS = ['latestMoveAt', 'identificationNumber', 'ageDays'] as const;

/** `GET /items-stock`: the items kept in the stocks of the user's warehouses. */
export const ListItemsStockQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  /** An item's 13-digit number, its buyback's, or the last 8 digits of the item's number. */
  code: warehouseCode().optional(),
  warehouse: z.uuid({ message: 'invalid_uuid' }).optional(),
  stock: z.uuid({ message: 'invalid_uuid' }).optional(),
  status: z.enum(ITEM_STATUSES, { message: 'invalid_value' }).optional(),
  /** The retailer account of the buyback. */
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
  /** Part of the product's name or brand. */
  product: z.string().trim().max(255).optional(),
  /** Items at least this many days in the warehouse. */
  minAgeDays: z.coerce.number().int().min(0).max(10_000).optional(),
  'order[latestMoveAt]': SortDirection.optional(),
  'order[identificationNumber]': SortDirection.optional(),
  'order[ageDays]': SortDirection.optional(),
});
export type ListItemsStockQuery = z.infer<typeof ListItemsStockQuery>;

/** One item in stock. */
export const ItemStockResponse = z.object({
  id: z.uuid(),
  identificationNumber: z.string(),
  status: z.enum(ITEM_STATUSES),
  buyback: z.object({ id: z.uuid(), identificationNumber: z.string() }),
  product: z.object({ id: z.uuid(), name: z.string(), brand: z.string().nullable() }),
  retailer: z.object({ id: z.uuid(), name: z.string() }),
  warehouse: z.object({ id: z.uuid(), commonName: z.string() }),
  stock: z.object({ id: z.uuid(), name: z.string(), nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable() }),
  imei: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** Days since it was registered at the warehouse. */
  ageDays: z.number().int().nullable(),
  latestMoveAt: z.string().nullable(),
  /** It left the warehouse in a closed package. */
  dispatchedAt: z.string().nullable(),
});
export type ItemStockResponse = z.infer<typeof ItemStockResponse>;
export const ItemStockCollectionResponse = collectionOf(ItemStockResponse);

/** `POST /items/{id}/move-to-stock`: another stock of the item's warehouse. */
export const MoveToStockRequest = z.object({
  stockId: z.uuid({ message: 'required' }),
  comment: z
    .string()
    .trim()
    .max(255, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null),
});
export type MoveToStockRequest = z.infer<typeof MoveToStockRequest>;

/**
 * The economic data of an item (issue 13): what was paid, the planned and the completed
 * refurbishment cost, the expected resale price and the margin it leaves.
 */
export const ItemEconomicsResponse = z.object({
  currency: z.string(),
  /** The price the buyback was completed at (validated), else the declared price. */
  paidPriceCents: z.number().int(),
  plannedRefurbCostCents: z.number().int(),
  completedRefurbCostCents: z.number().int(),
  resalePriceCents: z.number().int().nullable(),
  /** Resale price − paid price − completed refurbishment cost (planned while not completed); null without a resale price. */
  marginCents: z.number().int().nullable(),
});
export type ItemEconomicsResponse = z.infer<typeof ItemEconomicsResponse>;

/** `PATCH /items-stock/{id}`: what `items-stock/{id}/edit` changes (`stock.manage`). */
export const ItemStockEditRequest = z.object({
  resalePriceCents: z.number().int().min(0).max(100_000_000).nullable().optional(),
  /** Absent: unchanged; empty or null: removed. */
  serialNumber: z
    .string()
    .trim()
    .max(64, { message: 'too_long' })
    .transform((v) => v || null)
    .nullable()
    .optional(),
});
export type ItemStockEditRequest = z.infer<typeof ItemStockEditRequest>;

/**
 * `PATCH /stocks/{id}` (merge-patch): the fields sent change, the others stay. A native stock keeps
 * its name (`native_stock_immutable`); no stock changes warehouse (`immutable_field`).
 */
export const StockPatchRequest = StockRequest.partial();
export type StockPatchRequest = z.infer<typeof StockPatchRequest>;

/** `GET /stocks/options?warehouse=`: every stock the user sees, for the selects of other screens. */
export const StockOptionsQuery = z.object({
  warehouse: z.uuid({ message: 'invalid_uuid' }).optional(),
});
export type StockOptionsQuery = z.infer<typeof StockOptionsQuery>;

export const StockOptionsResponse = z.object({
  member: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable(),
      warehouseId: z.uuid(),
      warehouseName: z.string(),
    }),
  ),
});
export type StockOptionsResponse = z.infer<typeof StockOptionsResponse>;
export type StockOption = StockOptionsResponse['member'][number];

/** The answers given to the diagnostic questions, as they were worded then. */
const ItemAnswerSnapshot = z.object({
  questionId: z.string(),
  questionTitle: z.string(),
  answerIds: z.array(z.string()),
  answerTitles: z.array(z.string()),
});

/**
 * `GET /items-stock/{id}`: the item page of `items-stock/{id}/edit` (the item, its economic data,
 * what its control found, what its customer declared) for `items_stock.read`.
 */
export const ItemStockDetailResponse = ItemResponse.extend({
  economics: ItemEconomicsResponse,
  /** The control's results (compliance test); null until the item is controlled. */
  compliance: z
    .object({
      controlledAt: z.string(),
      controlledBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      controlledState: z.string().nullable(),
      controlledPriceCents: z.number().int().nullable(),
      validatedPriceCents: z.number().int().nullable(),
      absorbedCents: z.number().int().nullable(),
      warehouseComment: z.string().nullable(),
      answers: z.array(ItemAnswerSnapshot),
    })
    .nullable(),
  /** What the customer declared when the buyback was made (the diagnosis). */
  diagnosis: z.object({
    declaredState: z.string(),
    declaredPriceCents: z.number().int(),
    answers: z.array(ItemAnswerSnapshot),
  }),
  refurbCompletedAt: z.string().nullable(),
  /** It left the warehouse in a closed package. */
  dispatchedAt: z.string().nullable(),
});
export type ItemStockDetailResponse = z.infer<typeof ItemStockDetailResponse>;
