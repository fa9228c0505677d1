import { z } from 'zod';
import { BUYBACK_COMMENT_MAX } from './buybacks';
import { collectionOf, queryPage, SortDirection } from './common';
import { NATIVE_STOCK_KINDS, QUARANTINE_REASONS, warehouseCode } from './warehouse';

/**
 * Quarantine and loss of items (docs/statuses.md): the list of
 * items in quarantine, their release to another stock, the quarantine mail and return label, and
 * the loss in transport or in the warehouse with its undoing by an admin.
 */

const optionalComment = () =>
  z
    .string()
    .trim()
    .max(BUYBACK_COMMENT_MAX, { message: 'too_long' })
    .nullish()
    .transform((v) => v || null);

export const QUARANTINE_SORT_FIELDS = ['since', 'identificationNumber'] as const;

/** `GET /items/quarantine`: the items in quarantine the user sees. */
export const ListQuarantineQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(30),
  /** An item's 13-digit number, its buyback's, or the last 8 digits of the item's number. */
  code: warehouseCode().optional(),
  reason: z.enum(QUARANTINE_REASONS, { message: 'invalid_value' }).optional(),
  warehouse: z.uuid({ message: 'invalid_uuid' }).optional(),
  /** The retailer account of the buyback. */
  account: z.uuid({ message: 'invalid_uuid' }).optional(),
  'order[since]': SortDirection.optional(),
  'order[identificationNumber]': SortDirection.optional(),
});
export type ListQuarantineQuery = z.infer<typeof ListQuarantineQuery>;

/** One item in quarantine. */
export const QuarantineItem = z.object({
  id: z.uuid(),
  identificationNumber: z.string(),
  buyback: z.object({ id: z.uuid(), identificationNumber: z.string() }),
  product: z.object({ id: z.uuid(), name: z.string(), brand: z.string().nullable() }),
  retailer: z.object({ id: z.uuid(), name: z.string() }),
  warehouse: z.object({ id: z.uuid(), commonName: z.string() }).nullable(),
  reason: z.enum(QUARANTINE_REASONS).nullable(),
  /** When it was put in quarantine (its latest quarantine event). */
  since: z.string().nullable(),
  /** The comment given when it was put in quarantine. */
  comment: z.string().nullable(),
  /** The customer has an e-mail address: the quarantine mail can be sent. */
  customerHasEmail: z.boolean(),
});
export type QuarantineItem = z.infer<typeof QuarantineItem>;

export const QuarantineCollectionResponse = collectionOf(QuarantineItem);

/** `POST /items/{id}/quarantine/release`: the stock (of the item's warehouse) it is moved to. */
export const ReleaseQuarantineRequest = z.object({
  stockId: z.uuid({ message: 'required' }),
  comment: optionalComment(),
});
export type ReleaseQuarantineRequest = z.infer<typeof ReleaseQuarantineRequest>;
export type ReleaseQuarantineInput = z.input<typeof ReleaseQuarantineRequest>;

/** `GET /items/{id}/stocks`: the stocks of the item's warehouse. */
export const ItemStocksResponse = z.object({
  member: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      nativeKind: z.enum(NATIVE_STOCK_KINDS).nullable(),
      /** The item is in this stock now. */
      current: z.boolean(),
    }),
  ),
});
export type ItemStocksResponse = z.infer<typeof ItemStocksResponse>;

/** `POST /items/{id}/quarantine/mail`: the address the mail was queued to. */
export const QuarantineMailResponse = z.object({ to: z.string() });
export type QuarantineMailResponse = z.infer<typeof QuarantineMailResponse>;

/** Where the warehouse side declares an item lost (in store: `POST /buybacks/{id}/mark-lost`). */
const ITEM_LOSS_PLACES = ['transport', 'warehouse'] as const;
export type ItemLossPlace = (typeof ITEM_LOSS_PLACES)[number];

/** `POST /items/{id}/mark-lost`. */
export const MarkItemLostRequest = z.object({
  place: z.enum(ITEM_LOSS_PLACES, { message: 'invalid_value' }),
  comment: optionalComment(),
});
export type MarkItemLostRequest = z.infer<typeof MarkItemLostRequest>;
export type MarkItemLostInput = z.input<typeof MarkItemLostRequest>;

/** `POST /items/{id}/revert-loss`: an admin undoes a loss, saying why. */
export const RevertLossRequest = z.object({
  reason: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(BUYBACK_COMMENT_MAX, { message: 'too_long' }),
});
export type RevertLossRequest = z.infer<typeof RevertLossRequest>;
