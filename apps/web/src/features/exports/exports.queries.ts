import {
  type AccountResponse,
  type CatalogExportType,
  EXPORT_POLL_SECONDS,
  type ExportResponse,
  type ExportType,
  type OrganizationResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** Exports (modules/exports/exports.routes.ts): start, poll, download, cancel. */
const EXPORT_PATHS = {
  products: '/products/exports',
  categories: '/categories/exports',
  diagnostic: '/diagnostic-questions/exports',
  buybacks: '/buybacks/exports',
} as const satisfies Record<ExportType, string>;

const exportsKeys = {
  all: ['exports'] as const,
  detail: (type: ExportType, id: string) => [...exportsKeys.all, type, id] as const,
  organization: (id: string) => [...exportsKeys.all, 'organization', id] as const,
  account: (id: string) => [...exportsKeys.all, 'account', id] as const,
};

/** An export, read again every EXPORT_POLL_SECONDS while its job writes it. */
export function useExport(type: ExportType | null, id: string | null) {
  return useQuery({
    queryKey: exportsKeys.detail(type ?? 'products', id ?? ''),
    enabled: type !== null && id !== null,
    queryFn: ({ signal }) => api.get<ExportResponse>(`${EXPORT_PATHS[type as ExportType]}/${id}`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'in_progress' ? EXPORT_POLL_SECONDS * 1000 : false,
  });
}

/** Starts a catalogue export of the account; the answer seeds its poll. */
export function useStartCatalogExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, accountId }: { type: CatalogExportType; accountId: string }) =>
      api.post<ExportResponse>(EXPORT_PATHS[type], { account_id: accountId }),
    onSuccess: (started) => client.setQueryData(exportsKeys.detail(started.type, started.id), started),
  });
}

/** Starts a buyback export of the list's filters. */
export function useStartBuybackExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: Record<string, string | string[]>) =>
      api.post<ExportResponse>(EXPORT_PATHS.buybacks, filters),
    onSuccess: (started) => client.setQueryData(exportsKeys.detail(started.type, started.id), started),
  });
}

export function useCancelExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ExportResponse>(`/exports/${id}/cancel`),
    onSuccess: (cancelled) =>
      client.setQueryData(exportsKeys.detail(cancelled.type, cancelled.id), cancelled),
  });
}

/** `GET /exports/{id}/file`: the CSV, saved under the server's name for it. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: (exported: ExportResponse) =>
      downloadFile(`/exports/${exported.id}/file`, {
        accept: 'text/csv',
        fallbackName: `${exported.type}-export.csv`,
      }),
  });
}

/** The account of `/exports/:organizationId`: the organisation's. */
export function useOrganizationAccountId(organizationId: string | null) {
  return useQuery({
    queryKey: exportsKeys.organization(organizationId ?? ''),
    enabled: organizationId !== null,
    queryFn: ({ signal }) => api.get<OrganizationResponse>(`/organizations/${organizationId}`, { signal }),
    select: (organization) => organization.accountId,
    staleTime: 5 * 60_000,
    meta: { errorModal: { redirectToRoute: '/exports' } },
  });
}

/** The name of the account whose catalogue is exported (the page says whose it is). */
export function useExportAccount(accountId: string | null, placeholder?: AccountResponse) {
  return useQuery({
    queryKey: exportsKeys.account(accountId ?? ''),
    enabled: accountId !== null,
    queryFn: ({ signal }) => api.get<AccountResponse>(`/accounts/${accountId}`, { signal }),
    placeholderData: placeholder,
    meta: { errorModal: { redirectToRoute: '/exports' } },
  });
}
