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

export const SortDirection = z.enum(['asc', 'desc']);

/** A boolean sent in a query string. */
export const queryBoolean = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1');

/** `field[]=a&field[]=b` or `field=a`: always an array. */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item));

export const IdParams = z.object({ id: z.uuid({ message: 'invalid_uuid' }) });
