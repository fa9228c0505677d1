import type {
  Collection,
  CreatePackageRequest,
  ExpeditionEligibilityResponse,
  PackageResponse,
  PackageSummaryResponse,
} from '@reprise/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';
import { itemKeys } from '../items';

/** Packages of the expedition (modules/expeditions on the server): the transports list, one package, its commands. */

export type PackagesQuery = Record<string, string | number | boolean | undefined>;

const expeditionKeys = {
  all: ['packages'] as const,
  lists: () => [...expeditionKeys.all, 'list'] as const,
  list: (query: PackagesQuery) => [...expeditionKeys.lists(), query] as const,
  detail: (id: string) => [...expeditionKeys.all, 'detail', id] as const,
  eligibility: (itemId: string) => ['expedition', 'eligibility', itemId] as const,
};

/** `GET /packages`: the transports list (and the open packages a screen offers to resume). */
export function usePackages(query: PackagesQuery, enabled = true) {
  return useQuery({
    queryKey: expeditionKeys.list(query),
    enabled,
    queryFn: ({ signal }) => api.get<Collection<PackageSummaryResponse>>('/packages', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /packages/{id}`: a package with its items; the screen says why it cannot be read. */
export function usePackage(id: string | null) {
  return useQuery({
    queryKey: expeditionKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<PackageResponse>(`/packages/${id}`, { signal }),
    meta: { handlesErrors: true },
  });
}

/** `GET /expedition/eligibility?itemId=`: whether the item may leave, and in which package. */
export function useEligibility(itemId: string | null) {
  return useQuery({
    queryKey: expeditionKeys.eligibility(itemId ?? ''),
    enabled: Boolean(itemId),
    queryFn: ({ signal }) =>
      api.get<ExpeditionEligibilityResponse>('/expedition/eligibility', { query: { itemId }, signal }),
    meta: { handlesErrors: true },
    staleTime: 0,
  });
}

/** A package changed: its detail is the answer, the lists and the items it holds are read again. */
function changed(queryClient: QueryClient, pack: PackageResponse) {
  queryClient.setQueryData(expeditionKeys.detail(pack.id), pack);
  void queryClient.invalidateQueries({ queryKey: expeditionKeys.lists() });
  for (const item of pack.items) void queryClient.invalidateQueries({ queryKey: itemKeys.history(item.id) });
}

/** `POST /packages`: opens a package at the user's current organisation. */
export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePackageRequest) => api.post<PackageResponse>('/packages', input),
    onSuccess: (pack) => changed(queryClient, pack),
    meta: { handlesErrors: true },
  });
}

/** `POST /packages/{id}/items`: packs a scanned code; the screen says why it is refused. */
export function useAddPackageItem(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<PackageResponse>(`/packages/${packageId}/items`, { code }),
    onSuccess: (pack) => changed(queryClient, pack),
    meta: { handlesErrors: true },
  });
}

/** `POST /packages/{id}/items` into a package chosen at the call (`/expedition?itemId=`). */
export function usePackItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, code }: { packageId: string; code: string }) =>
      api.post<PackageResponse>(`/packages/${packageId}/items`, { code }),
    onSuccess: (pack) => changed(queryClient, pack),
    meta: { handlesErrors: true },
  });
}

/** `DELETE /packages/{id}/items/{itemId}`: gives an item back. */
export function useRemovePackageItem(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api.delete<PackageResponse>(`/packages/${packageId}/items/${itemId}`),
    onSuccess: (pack) => changed(queryClient, pack),
  });
}

/** `POST /packages/{id}/close`: its items are sent (a store's) or dispatched (a warehouse's). */
export function useClosePackage(packageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PackageResponse>(`/packages/${packageId}/close`),
    onSuccess: (pack) => {
      changed(queryClient, pack);
      // the buybacks of a store package are in transit now
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.all });
    },
    meta: { handlesErrors: true },
  });
}
