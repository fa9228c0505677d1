import { z } from 'zod';
import { int4 } from '../validation';

export const PAGE_SIZES = [5, 10, 15, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** The `page` of a collection query: from 1, within the int4 range like every request integer. */
export const queryPage = () => int4(z.coerce.number().int()).min(1).default(1);

/** `page` and `itemsPerPage` of every collection query. */
export const PaginationQuery = z.object({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const CollectionView = z.object({
  first: z.string(),
  last: z.string(),
  next: z.string().optional(),
  previous: z.string().optional(),
});

/** The envelope of every list answer: `{ member, totalItems, view }`. */
export const collectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ member: z.array(item), totalItems: z.number().int(), view: CollectionView });

export interface Collection<T> {
  member: T[];
  totalItems: number;
  view: z.infer<typeof CollectionView>;
}

/** One refused field of a problem document: where, what the user reads, and the code to translate. */
export const ProblemViolation = z.object({ propertyPath: z.string(), message: z.string(), code: z.string() });

/** The problem document of every refused request (its status from ERROR_STATUS, errors.ts). */
export const ProblemResponse = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  /** An ErrorCode (errors.ts). */
  code: z.string(),
  violations: z.array(ProblemViolation).optional(),
  /** The request's id, also in the answer's x-request-id and in the server's log lines of it. */
  requestId: z.string().optional(),
});

export const SortDirection = z.enum(['asc', 'desc']);

/** A boolean sent in a query string. */
export const queryBoolean = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1');

/** `field[]=a&field[]=b` or `field=a`: always an array. */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item));

/** A postal address as the API returns it: every part may be missing. */
export const AddressResponse = z.object({
  street: z.string().nullable(),
  streetMore: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const IdParams = z.object({ id: z.uuid({ message: 'invalid_uuid' }) });
