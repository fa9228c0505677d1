import type {
  CatalogReindexResponse,
  CircuitResponse,
  ClientAccountListItem,
  ClientAccountResponse,
  Collection,
  CreateClientAccountRequest,
  LinkedBuyersResponse,
  OrganizationRootDetailResponse,
  PatchClientAccountRequest,
  PaymentModeResponse,
  PremiumFeature,
  PutLinkedBuyersRequest,
  UserResponse,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { linkedBuyersKeys } from '../catalog';
import { rootDetailKeys } from '../settings';

/** Query of `GET /accounts`: pagination, order and the filters (search, status, kind). */
export type ClientAccountsQuery = Record<string, string | number | null | undefined>;

/** The client accounts of the platform administration (docs/clients.md). */
const clientAccountsKeys = {
  all: ['client-accounts'] as const,
  lists: () => [...clientAccountsKeys.all, 'list'] as const,
  list: (query: ClientAccountsQuery) => [...clientAccountsKeys.lists(), query] as const,
  detail: (accountId: string) => [...clientAccountsKeys.all, 'detail', accountId] as const,
  byOrganization: (organizationId: string) =>
    [...clientAccountsKeys.all, 'organization', organizationId] as const,
  circuits: (accountId: string) => [...clientAccountsKeys.all, 'circuits', accountId] as const,
  paymentModes: (accountId: string) => [...clientAccountsKeys.all, 'payment-modes', accountId] as const,
};

export function useClientAccounts(query: ClientAccountsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientAccountsKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<ClientAccountListItem>>('/accounts', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A client by its account id (the client of a user). */
export function useClientAccount(accountId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: clientAccountsKeys.detail(accountId),
    queryFn: ({ signal }) => api.get<ClientAccountResponse>(`/accounts/${accountId}/client`, { signal }),
    retry: false,
  });
}

/** A client by its root organisation, as the screens' path names it. */
export function useClientAccountOfOrganization(organizationId: string) {
  return useQuery({
    queryKey: clientAccountsKeys.byOrganization(organizationId),
    queryFn: ({ signal }) =>
      api.get<ClientAccountResponse>(`/organizations/${organizationId}/client-account`, { signal }),
    meta: { errorModal: { redirectToRoute: '/clients' } },
  });
}

export function useCreateClientAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClientAccountRequest) => api.post<ClientAccountResponse>('/accounts', body),
    meta: { handlesErrors: true },
    onSuccess: (client) => {
      queryClient.setQueryData(clientAccountsKeys.byOrganization(client.rootOrganizationId), client);
      return queryClient.invalidateQueries({ queryKey: clientAccountsKeys.lists() });
    },
  });
}

export function useUpdateClientAccount(client: ClientAccountResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchClientAccountRequest) =>
      api.patch<ClientAccountResponse>(`/accounts/${client.id}/client`, patch),
    meta: { handlesErrors: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(clientAccountsKeys.byOrganization(updated.rootOrganizationId), updated);
      queryClient.setQueryData(clientAccountsKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: clientAccountsKeys.lists() });
    },
  });
}

/** `DELETE /accounts/{id}`: its refusals (still_active, has_linked_buyers…) are shown by the modal. */
export function useDeleteClientAccount(client: ClientAccountResponse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`/accounts/${client.id}`),
    meta: { handlesErrors: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientAccountsKeys.byOrganization(client.rootOrganizationId) });
      return queryClient.invalidateQueries({ queryKey: clientAccountsKeys.lists() });
    },
  });
}

export function useCatalogReindex(accountId: string) {
  return useMutation({
    mutationFn: () => api.post<CatalogReindexResponse>(`/accounts/${accountId}/catalog-reindex`, {}),
  });
}

/**
 * `PATCH /organization-root-details/{id}` with `enabledPremiumFeatures` only; the client's root
 * details are read with `useRootDetail` of features/settings.
 */
export function useUpdatePremiumFeatures(accountId: string, rootDetailId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabledPremiumFeatures: PremiumFeature[]) =>
      api.patch<OrganizationRootDetailResponse>(`/organization-root-details/${rootDetailId}`, {
        enabledPremiumFeatures,
      }),
    meta: { handlesErrors: true },
    onSuccess: (detail) => queryClient.setQueryData(rootDetailKeys.detail(accountId), detail),
  });
}

export function useClientCircuits(accountId: string) {
  return useQuery({
    queryKey: clientAccountsKeys.circuits(accountId),
    queryFn: ({ signal }) =>
      api.get<Collection<CircuitResponse>>('/circuits', { query: { accountId, itemsPerPage: 100 }, signal }),
  });
}

export function useClientPaymentModes(accountId: string) {
  return useQuery({
    queryKey: clientAccountsKeys.paymentModes(accountId),
    queryFn: ({ signal }) =>
      api.get<Collection<PaymentModeResponse>>('/payment-modes', {
        query: { accountId, itemsPerPage: 100 },
        signal,
      }),
  });
}

/**
 * `GET /account/{accountId}/linked-buyers`: the buyers a retailer may name on its categories, in the
 * cache entry the category form reads (features/catalog, `useBuyerChoices`).
 */
export function useLinkedBuyers(accountId: string) {
  return useQuery({
    queryKey: linkedBuyersKeys.ofRetailer(accountId),
    queryFn: ({ signal }) => api.get<LinkedBuyersResponse>(`/account/${accountId}/linked-buyers`, { signal }),
  });
}

/** `PUT /account/{accountId}/linked-buyers`: the list becomes exactly the ids sent. */
export function usePutLinkedBuyers(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutLinkedBuyersRequest) =>
      api.put<LinkedBuyersResponse>(`/account/${accountId}/linked-buyers`, body),
    meta: { handlesErrors: true },
    onSuccess: (linked) => queryClient.setQueryData(linkedBuyersKeys.ofRetailer(accountId), linked),
  });
}

const platformAdminsKeys = {
  list: (query: ClientAccountsQuery) => ['platform-admins', query] as const,
};

/** `GET /platform-admins`: a page of the platform's own users (admins and super admins). */
export function usePlatformAdmins(query: ClientAccountsQuery) {
  return useQuery({
    queryKey: platformAdminsKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<UserResponse>>('/platform-admins', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
