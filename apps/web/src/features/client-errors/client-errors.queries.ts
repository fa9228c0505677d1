import type { ClientErrorGroupResponse, Collection } from '@reprise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query of `GET /client-errors`: pagination and the app filter (empty ones are left out). */
export type ClientErrorGroupsQuery = Record<string, string | number | null | undefined>;

const clientErrorsKeys = {
  all: ['client-errors'] as const,
  groupLists: () => [...clientErrorsKeys.all, 'groups'] as const,
  groupList: (query: ClientErrorGroupsQuery) => [...clientErrorsKeys.groupLists(), query] as const,
};

export function useClientErrorGroups(query: ClientErrorGroupsQuery) {
  return useQuery({
    queryKey: clientErrorsKeys.groupList(query),
    queryFn: ({ signal }) =>
      api.get<Collection<ClientErrorGroupResponse>>('/client-errors', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
