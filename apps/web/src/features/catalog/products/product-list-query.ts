import { PRODUCT_STATUSES } from '@reprise/shared';
import { ALERT_PARAM } from '../../../app/alert-param';

export const PRODUCT_STATUS_FILTERS = ['all', ...PRODUCT_STATUSES] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];

/** The filters of the products page; prices are cents of the grade-A buyback price. */
export interface ProductFilters {
  search: string;
  status: ProductStatusFilter;
  minPrice: number | null;
  maxPrice: number | null;
  categories: string[];
}

/** Published products are shown unless another status is asked for. */
export const DEFAULT_PRODUCT_FILTERS: ProductFilters = {
  search: '',
  status: 'published',
  minPrice: null,
  maxPrice: null,
  categories: [],
};

/** The address holds the filters under the API's own names, so it reads as the query it sends. */
const PARAM = {
  search: 'search_product_buyback',
  status: 'status',
  minPrice: 'buybackPriceGradeA[gte]',
  maxPrice: 'buybackPriceGradeA[lte]',
  categories: 'category[]',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cents(value: string | null): number | null {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n >= 0 ? n : null;
}

export function readProductFilters(params: URLSearchParams): ProductFilters {
  const status = params.get(PARAM.status);
  return {
    search: params.get(PARAM.search)?.trim() ?? '',
    status: PRODUCT_STATUS_FILTERS.includes(status as ProductStatusFilter)
      ? (status as ProductStatusFilter)
      : DEFAULT_PRODUCT_FILTERS.status,
    minPrice: cents(params.get(PARAM.minPrice)),
    maxPrice: cents(params.get(PARAM.maxPrice)),
    categories: [...new Set(params.getAll(PARAM.categories).filter((id) => UUID.test(id)))],
  };
}

/** The filters written into the address (defaults left out), back on the first page. */
export function writeProductFilters(params: URLSearchParams, filters: ProductFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(PARAM)) next.delete(name);
  next.delete('page');
  if (filters.search.trim()) next.set(PARAM.search, filters.search.trim());
  if (filters.status !== DEFAULT_PRODUCT_FILTERS.status) next.set(PARAM.status, filters.status);
  if (filters.minPrice !== null) next.set(PARAM.minPrice, String(filters.minPrice));
  if (filters.maxPrice !== null) next.set(PARAM.maxPrice, String(filters.maxPrice));
  for (const id of filters.categories) next.append(PARAM.categories, id);
  return next;
}

/** The filters as the API query (`category` is sent as `category[]`). */
export function toProductFilterQuery(
  filters: ProductFilters,
): Record<string, string | number | string[] | undefined> {
  return {
    [PARAM.search]: filters.search || undefined,
    [PARAM.status]: filters.status,
    [PARAM.minPrice]: filters.minPrice ?? undefined,
    [PARAM.maxPrice]: filters.maxPrice ?? undefined,
    category: filters.categories.length > 0 ? filters.categories : undefined,
  };
}

/** The minimum must not exceed the maximum when both are given. */
export function pricesInverted(min: number | null, max: number | null): boolean {
  return min !== null && max !== null && min > max;
}

/** True when the address says something about the list (an alert banner alone does not). */
export function hasListParams(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => key !== ALERT_PARAM);
}

/** What is remembered of the list: filters, sort and page size, not the page nor a banner. */
export function rememberedPart(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete(ALERT_PARAM);
  kept.delete('page');
  return kept.toString();
}

/** The remembered list query with the banner of the current address kept. */
export function restoredSearch(remembered: string, current: URLSearchParams): string {
  const next = new URLSearchParams(remembered);
  const alert = current.get(ALERT_PARAM);
  if (alert) next.set(ALERT_PARAM, alert);
  return next.toString();
}
