import type {
  HomePageConfigRequest,
  HomePageConfigResponse,
  PatchWhiteLabelSettingsRequest,
  ProductResponse,
  SiteListResponse,
  SiteResponse,
  UpdateSiteRequest,
  WhiteLabelDocument,
  WhiteLabelSettingsResponse,
} from '@reprise/shared';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const whiteLabelKeys = {
  all: ['white-label'] as const,
  sites: () => [...whiteLabelKeys.all, 'sites'] as const,
  settings: (accountId: string) => [...whiteLabelKeys.all, 'settings', accountId] as const,
  homePage: (accountId: string) => [...whiteLabelKeys.all, 'home-page', accountId] as const,
  product: (id: string) => [...whiteLabelKeys.all, 'product', id] as const,
  productSearch: (q: string) => [...whiteLabelKeys.all, 'product-search', q] as const,
};

// ---- site activation (platform admins) ----

export function useSites() {
  return useQuery({
    queryKey: whiteLabelKeys.sites(),
    queryFn: ({ signal }) => api.get<SiteListResponse>('/white-label/sites', { signal }),
  });
}

export function useUpdateSite(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSiteRequest) => api.put<SiteResponse>(`/accounts/${accountId}/site`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whiteLabelKeys.sites() }),
        queryClient.invalidateQueries({ queryKey: whiteLabelKeys.settings(accountId) }),
      ]),
  });
}

// ---- site configuration ----

/** `enabled`: only a retailer account has a site (others would get 404). */
export function useWhiteLabelSettings(accountId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: whiteLabelKeys.settings(accountId),
    queryFn: ({ signal }) =>
      api.get<WhiteLabelSettingsResponse>(`/accounts/${accountId}/white-label`, { signal }),
  });
}

export function useUpdateWhiteLabelSettings(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchWhiteLabelSettingsRequest) =>
      api.patch<WhiteLabelSettingsResponse>(`/accounts/${accountId}/white-label`, body),
    onSuccess: (settings) => queryClient.setQueryData(whiteLabelKeys.settings(accountId), settings),
  });
}

export function useUploadDocument(accountId: string, document: WhiteLabelDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<WhiteLabelSettingsResponse>(
        `/accounts/${accountId}/white-label/documents/${document}`,
        body,
      );
    },
    meta: { handlesErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(whiteLabelKeys.settings(accountId), settings),
  });
}

export function useRemoveDocument(accountId: string, document: WhiteLabelDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete<WhiteLabelSettingsResponse>(`/accounts/${accountId}/white-label/documents/${document}`),
    onSuccess: (settings) => queryClient.setQueryData(whiteLabelKeys.settings(accountId), settings),
  });
}

// ---- home page ----

export function useHomePageConfig(accountId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: whiteLabelKeys.homePage(accountId),
    queryFn: ({ signal }) =>
      api.get<HomePageConfigResponse | null>(`/accounts/${accountId}/home-page`, { signal }),
  });
}

export function useSaveHomePage(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomePageConfigRequest) =>
      api.put<HomePageConfigResponse>(`/accounts/${accountId}/home-page`, body),
    meta: { handlesErrors: true },
    onSuccess: (config) => queryClient.setQueryData(whiteLabelKeys.homePage(accountId), config),
  });
}

export function useUploadBanner(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api.delete<HomePageConfigResponse>(`/accounts/${accountId}/home-page/banner`);
      const body = new FormData();
      body.append('file', file);
      return api.put<HomePageConfigResponse>(`/accounts/${accountId}/home-page/banner`, body);
    },
    meta: { handlesErrors: true },
    onSuccess: (config) => queryClient.setQueryData(whiteLabelKeys.homePage(accountId), config),
  });
}

/** The featured products' names, read one by one (a home page features a few). */
export function useProductNames(ids: readonly string[]) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: whiteLabelKeys.product(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ProductResponse>(`/products/${id}`, { signal }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  return new Map(ids.map((id, i) => [id, results[i]?.data ?? null]));
}
