import type {
  PoliceRegisterCollectionResponse,
  PoliceRegisterCorrectionInput,
  PoliceRegisterEntryResponse,
  PoliceRegisterStoresResponse,
  PoliceRegisterVerificationResponse,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toQueryString } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** The stores' police register (modules/police-register on the server): the stores, a store's entries, an entry. */
const policeRegisterKeys = {
  all: ['police-register'] as const,
  stores: () => [...policeRegisterKeys.all, 'stores'] as const,
  lists: () => [...policeRegisterKeys.all, 'list'] as const,
  list: (storeId: string, query: Record<string, string | number | undefined>) =>
    [...policeRegisterKeys.lists(), storeId, query] as const,
  entry: (id: string) => [...policeRegisterKeys.all, 'entry', id] as const,
};

export function usePoliceRegisterStores() {
  return useQuery({
    queryKey: policeRegisterKeys.stores(),
    queryFn: ({ signal }) => api.get<PoliceRegisterStoresResponse>('/police-register/stores', { signal }),
    select: (data) => data.member,
    staleTime: 5 * 60_000,
  });
}

export function usePoliceRegisterEntries(
  storeId: string | null,
  query: Record<string, string | number | undefined>,
) {
  return useQuery({
    queryKey: policeRegisterKeys.list(storeId ?? '', query),
    queryFn: ({ signal }) =>
      api.get<PoliceRegisterCollectionResponse>(`/police-register/stores/${storeId}/entries`, {
        query,
        signal,
      }),
    enabled: !!storeId,
    placeholderData: keepPreviousData,
  });
}

export function usePoliceRegisterEntry(id: string) {
  return useQuery({
    queryKey: policeRegisterKeys.entry(id),
    queryFn: ({ signal }) =>
      api.get<PoliceRegisterEntryResponse>(`/police-register/entries/${id}`, { signal }),
  });
}

/** `GET …/verification`: walks the store's chain; its answer is shown until the next walk. */
export function useVerifyPoliceRegister() {
  return useMutation({
    mutationFn: (storeId: string) =>
      api.get<PoliceRegisterVerificationResponse>(`/police-register/stores/${storeId}/verification`),
  });
}

export function useExportPoliceRegister() {
  return useMutation({
    mutationFn: ({
      storeId,
      format,
      from,
      to,
      lang,
    }: {
      storeId: string;
      format: 'pdf' | 'csv';
      from: string;
      to: string;
      lang: string;
    }) =>
      downloadFile(
        `/police-register/stores/${storeId}/export.${format}${toQueryString(format === 'pdf' ? { from, to, lang } : { from, to })}`,
        {
          accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
          fallbackName: `police-register-${from}-${to}.${format}`,
        },
      ),
  });
}

/** A correction: a new entry; the corrected entry's page and the lists show it, seeded with the answer. */
export function useCorrectPoliceRegisterEntry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PoliceRegisterCorrectionInput) =>
      api.post<PoliceRegisterEntryResponse>(`/police-register/entries/${id}/corrections`, body),
    onSuccess: (entry) => {
      queryClient.setQueryData(policeRegisterKeys.entry(entry.id), entry);
      void queryClient.invalidateQueries({ queryKey: policeRegisterKeys.entry(id) });
      void queryClient.invalidateQueries({ queryKey: policeRegisterKeys.lists() });
    },
  });
}
