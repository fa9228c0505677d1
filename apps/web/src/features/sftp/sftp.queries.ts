import type {
  OrganizationResponse,
  SftpAccessResponse,
  SftpActivationResponse,
  SftpCataloguesResponse,
  SftpCategoriesResponse,
  UpdateSftpAccessBody,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** SFTP access (modules/sftp on the server): an account's login to the built-in SFTP server. */
const sftpKeys = {
  all: ['sftp-access'] as const,
  access: (accountId: string) => [...sftpKeys.all, 'access', accountId] as const,
  catalogues: (accountId: string) => [...sftpKeys.all, 'catalogues', accountId] as const,
  categories: (accountId: string, catalogueId: string, search: string) =>
    [...sftpKeys.all, 'categories', accountId, catalogueId, search] as const,
  organization: (organizationId: string) => [...sftpKeys.all, 'organization', organizationId] as const,
};

const accessPath = (accountId: string) => `/accounts/${accountId}/sftp-access`;

/** `GET /organizations/{id}`: the account of the organisation named in the address. */
export function useOrganizationAccountId(organizationId: string | null) {
  return useQuery({
    queryKey: sftpKeys.organization(organizationId ?? ''),
    enabled: organizationId !== null,
    queryFn: ({ signal }) => api.get<OrganizationResponse>(`/organizations/${organizationId}`, { signal }),
    select: (organization) => organization.accountId,
    staleTime: 5 * 60_000,
    meta: { errorModal: { redirectToRoute: '/home' } },
  });
}

/** `GET …/sftp-access`: the page shows a refusal (no premium feature) itself. */
export function useSftpAccess(accountId: string | null) {
  return useQuery({
    queryKey: sftpKeys.access(accountId ?? ''),
    enabled: accountId !== null,
    queryFn: ({ signal }) => api.get<SftpAccessResponse>(accessPath(accountId ?? ''), { signal }),
    // the last import's status moves while it runs
    refetchInterval: (query) => (query.state.data?.lastImport?.status === 'in_progress' ? 3000 : false),
    meta: { handlesErrors: true },
  });
}

export function useSftpCatalogues(accountId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: sftpKeys.catalogues(accountId ?? ''),
    enabled: accountId !== null && enabled,
    queryFn: ({ signal }) =>
      api.get<SftpCataloguesResponse>(`${accessPath(accountId ?? '')}/catalogues`, { signal }),
    staleTime: 60_000,
  });
}

/** Categories of the chosen catalogue whose label contains `search` (the parent categories' picker). */
export function useSftpCategories(accountId: string | null, catalogueId: string | null, search: string) {
  return useQuery({
    queryKey: sftpKeys.categories(accountId ?? '', catalogueId ?? '', search),
    enabled: accountId !== null && catalogueId !== null,
    queryFn: ({ signal }) =>
      api.get<SftpCategoriesResponse>(`${accessPath(accountId ?? '')}/categories`, {
        query: { catalogueAccountId: catalogueId ?? '', ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function useAccessMutation<T extends SftpAccessResponse, V>(
  accountId: string | null,
  run: (path: string, variables: V) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => run(accessPath(accountId ?? ''), variables),
    onSuccess: (access) => {
      const { password: _password, ...shown } = access as T & { password?: string };
      queryClient.setQueryData(sftpKeys.access(access.accountId), shown);
    },
    meta: { handlesErrors: true },
  });
}

export const useUpdateSftpAccess = (accountId: string | null) =>
  useAccessMutation(accountId, (path, body: UpdateSftpAccessBody) =>
    api.patch<SftpAccessResponse>(path, body),
  );

/** Activates, or gives an active login a new password: the answer carries it, shown once. */
export const useActivateSftpAccess = (accountId: string | null) =>
  useAccessMutation(accountId, (path, _: undefined) => api.post<SftpActivationResponse>(`${path}/activate`));

export const useDeactivateSftpAccess = (accountId: string | null) =>
  useAccessMutation(accountId, (path, _: undefined) => api.post<SftpAccessResponse>(`${path}/deactivate`));
