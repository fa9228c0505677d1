import type {
  BuybackResponse,
  CheckinItemResponse,
  ItemResponse,
  SendBuybacksResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';
import { checkinKeys } from './checkin-settings.queries';

export { useCheckinEnabled, useCheckinSettings } from './checkin-settings.queries';

/** `POST /warehouse/checkin`: registers the item of a code; the screen says why it is refused. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<CheckinItemResponse>('/warehouse/checkin', { code }),
    onSuccess: (item) => {
      queryClient.setQueryData(checkinKeys.item(item.id), item);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
    },
    meta: { handlesErrors: true },
  });
}

/**
 * `POST /warehouse/control/{id}/quarantine` with the reason "stolen suspicion": the quarantine the
 * check-in proposes for a device reported lost or stolen (docs/device-check.md).
 */
export function useStolenSuspicionQuarantine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) =>
      api.post<ItemResponse>(`/warehouse/control/${itemId}/quarantine`, {
        reason: 'stolen_suspicion',
        comment: null,
      }),
    onSuccess: (item) => {
      queryClient.setQueryData(checkinKeys.item(item.id), item);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
    },
    meta: { handlesErrors: true },
  });
}

/** `GET /items/{id}`: the item of the confirmation screen. */
export function useItem(id: string | undefined) {
  return useQuery({
    queryKey: checkinKeys.item(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => api.get<ItemResponse>(`/items/${id}`, { signal }),
    meta: { handlesErrors: true },
  });
}

/** `POST /buybacks/{id}/send`: the buyback's item is sent to the warehouse. */
export function useSendBuyback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<BuybackResponse>(`/buybacks/${id}/send`),
    onSuccess: (buyback) => {
      queryClient.setQueryData(buybacksKeys.detail(buyback.id), buyback);
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.additionalInfos(buyback.id) });
    },
  });
}

/** `POST /buybacks/send`: a list's selection sent at once; each buyback's outcome. */
export function useSendBuybacks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buybackIds: string[]) => api.post<SendBuybacksResponse>('/buybacks/send', { buybackIds }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.all });
    },
  });
}
