import type {
  Collection,
  CreateOrganizationRequest,
  OrganizationResponse,
  OrganizationTreeNode,
  OrganizationType,
  PatchOrganizationRequest,
} from '@reprise/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { queriesShowing } from '../../app/query-client';
import { api } from '../../lib/api';
import { useSaveMutation } from '../../lib/save-mutation';

/** Query of `GET /organizations`: pagination, `order[field]`, filters (`type` becomes `type[]`). */
export type OrganizationsQuery = Record<string, string | number | boolean | string[] | undefined>;

const organizationsKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationsKeys.all, 'list'] as const,
  list: (query: OrganizationsQuery) => [...organizationsKeys.lists(), query] as const,
  tree: () => [...organizationsKeys.all, 'tree'] as const,
  connectedWarehouses: () => [...organizationsKeys.all, 'connected-warehouses'] as const,
  availableParents: (type: OrganizationType, id: string | null) =>
    [...organizationsKeys.all, 'available-parents', type, id] as const,
  details: () => [...organizationsKeys.all, 'detail'] as const,
  detail: (id: string) => [...organizationsKeys.details(), id] as const,
};

export function useOrganizations(query: OrganizationsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationsKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<OrganizationResponse>>('/organizations', { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: organizationsKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrganizationResponse>(`/organizations/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/entities' } },
  });
}

export function useOrganizationTree(enabled = true) {
  return useQuery({
    queryKey: organizationsKeys.tree(),
    queryFn: ({ signal }) => api.get<OrganizationTreeNode[]>('/organizations/tree', { signal }),
    enabled,
  });
}

/** Warehouses in the user's view plus those its organisations use as default warehouse (in any account). */
export function useConnectedWarehouses(enabled = true) {
  return useQuery({
    queryKey: organizationsKeys.connectedWarehouses(),
    queryFn: ({ signal }) =>
      api.get<OrganizationResponse[]>('/organizations/connected-warehouses', { signal }),
    enabled,
  });
}

/** The organisations one of `type` may attach to; `id` (when editing) excludes itself and its subtree. */
export function useAvailableParents(type: OrganizationType | null, id: string | null) {
  return useQuery({
    queryKey: organizationsKeys.availableParents(type ?? 'store', id),
    queryFn: ({ signal }) =>
      api.get<OrganizationResponse[]>('/organizations/available-parents', {
        query: { type: type ?? undefined, id: id ?? undefined },
        signal,
      }),
    enabled: type !== null,
  });
}

/** Lists, the tree and parent choices show names, types and statuses: all of them change with a write. */
function invalidateAfterWrite(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: organizationsKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    // other lists name organisations too (the users' parent organisations)
    queryClient.invalidateQueries(queriesShowing('organizations')),
  ]);
}

/** The saved organisation in the cache, and every query naming organisations read again. */
function rememberOrganization(queryClient: QueryClient, organization: OrganizationResponse) {
  queryClient.setQueryData(organizationsKeys.detail(organization.id), organization);
  return invalidateAfterWrite(queryClient);
}

export function useCreateOrganization() {
  return useSaveMutation(
    (body: CreateOrganizationRequest) => api.post<OrganizationResponse>('/organizations', body),
    rememberOrganization,
  );
}

export function useUpdateOrganization(id: string) {
  return useSaveMutation(
    (patch: PatchOrganizationRequest) => api.patch<OrganizationResponse>(`/organizations/${id}`, patch),
    rememberOrganization,
  );
}
