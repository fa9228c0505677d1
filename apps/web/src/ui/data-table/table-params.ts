import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@reprise/shared';

export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface TableParams {
  page: number;
  itemsPerPage: number;
  sort: TableSort | null;
}

const ORDER = /^order\[(.+)\]$/;

function positiveInteger(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
}

/** Page, page size and `order[field]` read from a list route's address (unknown values fall back). */
export function readTableParams(
  params: URLSearchParams,
  defaults: { sort?: TableSort | null; pageSize?: number; pageSizes?: readonly number[] } = {},
): TableParams {
  const pageSizes = defaults.pageSizes ?? PAGE_SIZES;
  const size = positiveInteger(params.get('itemsPerPage'));
  let sort = defaults.sort ?? null;
  for (const [key, value] of params) {
    const field = ORDER.exec(key)?.[1];
    if (field && (value === 'asc' || value === 'desc')) sort = { field, direction: value };
  }
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    itemsPerPage: size && pageSizes.includes(size) ? size : (defaults.pageSize ?? DEFAULT_PAGE_SIZE),
    sort,
  };
}

/** The collection query of the API: `{ page, itemsPerPage, 'order[lastname]': 'asc' }`. */
export function toCollectionQuery({
  page,
  itemsPerPage,
  sort,
}: TableParams): Record<string, string | number> {
  return { page, itemsPerPage, ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}) };
}

/** Writes a change back into the address: a new sort or page size goes back to page 1. */
export function writeTableParams(params: URLSearchParams, change: Partial<TableParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.sort !== undefined) {
    for (const key of [...next.keys()]) if (ORDER.test(key)) next.delete(key);
    if (change.sort) next.set(`order[${change.sort.field}]`, change.sort.direction);
    next.delete('page');
  }
  if (change.itemsPerPage !== undefined) {
    next.set('itemsPerPage', String(change.itemsPerPage));
    next.delete('page');
  }
  if (change.page !== undefined) {
    if (change.page > 1) next.set('page', String(change.page));
    else next.delete('page');
  }
  return next;
}
