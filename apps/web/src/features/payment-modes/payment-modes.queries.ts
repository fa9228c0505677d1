import type {
  Collection,
  CreatePaymentModeRequest,
  PatchPaymentModeRequest,
  PaymentModeResponse,
} from '@reprise/shared';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { queriesShowing } from '../../app/query-client';
import { api } from '../../lib/api';
import { type ListQuery, useSaveMutation } from '../../lib/save-mutation';

export const paymentModesKeys = {
  all: ['payment-modes'] as const,
  lists: () => [...paymentModesKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...paymentModesKeys.lists(), query] as const,
  detail: (id: string) => [...paymentModesKeys.all, 'detail', id] as const,
};

export function usePaymentModes(query: ListQuery) {
  return useQuery({
    queryKey: paymentModesKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<PaymentModeResponse>>('/payment-modes', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentMode(id: string) {
  return useQuery({
    queryKey: paymentModesKeys.detail(id),
    queryFn: ({ signal }) => api.get<PaymentModeResponse>(`/payment-modes/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/payment-modes' } },
  });
}

function afterWrite(queryClient: QueryClient, mode: PaymentModeResponse) {
  queryClient.setQueryData(paymentModesKeys.detail(mode.id), mode);
  // circuits show their payment modes' labels and statuses
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentModesKeys.lists() }),
    queryClient.invalidateQueries(queriesShowing('payment-modes')),
  ]);
}

export function useCreatePaymentMode() {
  return useSaveMutation(
    (body: CreatePaymentModeRequest) => api.post<PaymentModeResponse>('/payment-modes', body),
    afterWrite,
  );
}

export function useUpdatePaymentMode(id: string) {
  return useSaveMutation(
    (patch: PatchPaymentModeRequest) => api.patch<PaymentModeResponse>(`/payment-modes/${id}`, patch),
    afterWrite,
  );
}
