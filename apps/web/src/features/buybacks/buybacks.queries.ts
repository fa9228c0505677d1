import type {
  BuybackAdditionalInfosResponse,
  BuybackEditionResponse,
  BuybackInstructionsResponse,
  BuybackListItem,
  BuybackResponse,
  CancelBuybackInput,
  Collection,
  EditBuybackRequest,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const buybacksKeys = {
  all: ['buybacks'] as const,
  lists: () => [...buybacksKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...buybacksKeys.lists(), query] as const,
  details: () => [...buybacksKeys.all, 'detail'] as const,
  detail: (id: string) => [...buybacksKeys.details(), id] as const,
  instructions: (id: string) => [...buybacksKeys.detail(id), 'instructions'] as const,
  additionalInfos: (id: string) => [...buybacksKeys.detail(id), 'additional-infos'] as const,
  edition: (id: string) => [...buybacksKeys.detail(id), 'edition'] as const,
  /** The stores of the list's store filter. */
  filterStores: () => [...buybacksKeys.all, 'filter-stores'] as const,
};

export type BuybacksQuery = Record<string, string | number | string[] | undefined>;

/** `GET /buybacks`: the buybacks the user's organisation may see, filtered, sorted, paginated. */
export function useBuybacks(query: BuybacksQuery) {
  return useQuery({
    queryKey: buybacksKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<BuybackListItem>>('/buybacks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBuyback(id: string) {
  return useQuery({
    queryKey: buybacksKeys.detail(id),
    queryFn: ({ signal }) => api.get<BuybackResponse>(`/buybacks/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/buybacks' } },
  });
}

export function useBuybackInstructions(id: string, enabled = true) {
  return useQuery({
    queryKey: buybacksKeys.instructions(id),
    enabled,
    queryFn: ({ signal }) => api.get<BuybackInstructionsResponse>(`/buybacks/${id}/instructions`, { signal }),
  });
}

export function useBuybackAdditionalInfos(id: string) {
  return useQuery({
    queryKey: buybacksKeys.additionalInfos(id),
    queryFn: ({ signal }) =>
      api.get<BuybackAdditionalInfosResponse>(`/buybacks/${id}/additional-infos`, { signal }),
  });
}

function useBuybackCommand<Body>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => api.post<BuybackResponse>(path(id), body),
    onSuccess: (buyback) => {
      queryClient.setQueryData(buybacksKeys.detail(buyback.id), buyback);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.additionalInfos(buyback.id) });
    },
    meta: { handlesErrors: true },
  });
}

/** `POST /buybacks/{id}/cancel`: irreversible; `force` after `payment_not_cancellable`. */
export function useCancelBuyback() {
  return useBuybackCommand<CancelBuybackInput>((id) => `/buybacks/${id}/cancel`);
}

/** `POST /buybacks/{id}/mark-lost`: the item is lost in store. */
export function useMarkLost() {
  return useBuybackCommand<{ comment?: string | null }>((id) => `/buybacks/${id}/mark-lost`);
}

/** `GET /buybacks/{id}/edition`: which parts of the buyback may still change, else why not. */
export function useBuybackEdition(id: string) {
  return useQuery({
    queryKey: buybacksKeys.edition(id),
    queryFn: ({ signal }) => api.get<BuybackEditionResponse>(`/buybacks/${id}/edition`, { signal }),
  });
}

/** `PATCH /buybacks/{id}/edition`: the detail takes the answer; lists and what may change are read again. */
export function useEditBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EditBuybackRequest }) =>
      api.patch<BuybackResponse>(`/buybacks/${id}/edition`, body),
    onSuccess: (buyback) => {
      queryClient.setQueryData(buybacksKeys.detail(buyback.id), buyback);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.edition(buyback.id) });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.additionalInfos(buyback.id) });
    },
    meta: { handlesErrors: true },
  });
}
