/** The list's filters, named as the API names them, each mirrored in the address. */
export const TEXT_FILTERS = [
  'code',
  'externalCode',
  'customerName',
  'createdAt[after]',
  'createdAt[before]',
] as const;
export const LIST_FILTERS = ['status', 'store', 'paymentType'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
export type ListFilter = (typeof LIST_FILTERS)[number];

export interface BuybackFilterValues {
  text: Record<TextFilter, string>;
  lists: Record<ListFilter, string[]>;
}

/** The filters held by the address (`status=a&status=b` for the lists). */
export function readBuybackFilters(params: URLSearchParams): BuybackFilterValues {
  return {
    text: Object.fromEntries(TEXT_FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<
      TextFilter,
      string
    >,
    lists: Object.fromEntries(LIST_FILTERS.map((name) => [name, params.getAll(name)])) as Record<
      ListFilter,
      string[]
    >,
  };
}

/** The API query of the filters: empty ones left out, lists as `name[]=`, a partial code only when digits. */
export function buybackFilterQuery(values: BuybackFilterValues): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of TEXT_FILTERS) {
    const value = values.text[name].trim();
    if (!value) continue;
    if (name === 'code' && !/^\d{1,13}$/.test(value)) continue;
    query[name] = value;
  }
  for (const name of LIST_FILTERS) if (values.lists[name].length > 0) query[name] = values.lists[name];
  return query;
}
