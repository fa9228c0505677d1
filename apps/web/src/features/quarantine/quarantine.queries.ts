import type { Collection, OrganizationResponse, QuarantineItem } from '@reprise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { itemKeys } from '../items';

/** The quarantine's own reads; its list is an item read (`itemKeys.quarantineList`): item commands refresh it. */
const quarantineKeys = {
  all: ['quarantine'] as const,
  filterWarehouses: () => [...quarantineKeys.all, 'filter-warehouses'] as const,
};

export type QuarantineQuery = Record<string, string | number | undefined>;

/** `GET /items/quarantine`: the items in quarantine the user sees, filtered, sorted, one page. */
export function useQuarantineList(query: QuarantineQuery) {
  return useQuery({
    queryKey: itemKeys.quarantineList(query),
    queryFn: ({ signal }) => api.get<Collection<QuarantineItem>>('/items/quarantine', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The warehouses the user sees, for the warehouse filter. */
export function useWarehouseOptions(enabled: boolean) {
  return useQuery({
    queryKey: quarantineKeys.filterWarehouses(),
    enabled,
    queryFn: ({ signal }) =>
      api.get<Collection<OrganizationResponse>>('/organizations', {
        query: { type: ['warehouse'], itemsPerPage: 100, 'order[commonName]': 'asc' },
        signal,
      }),
    select: (data) => data.member.map((w) => ({ value: w.id, label: w.commonName })),
    staleTime: 5 * 60_000,
  });
}
