import type { Collection, MarkPaymentPaidInput, PaymentResponse } from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';

/**
 * Payments (modules/payments on the server): the search, a buyback's payment, and the relaunch and
 * mark-as-paid commands, which put their answer in the cache and refresh the lists and the buyback.
 */
const paymentsKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...paymentsKeys.lists(), query] as const,
  ofBuyback: (buybackId: string) => [...paymentsKeys.all, 'buyback', buybackId] as const,
};

export type PaymentsQuery = Record<string, string | number | string[] | undefined>;

/** `GET /payments`: the payments of the buybacks the user sees. */
export function usePayments(query: PaymentsQuery) {
  return useQuery({
    queryKey: paymentsKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<PaymentResponse>>('/payments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /buybacks/{id}/payment`: the payment panel of the buyback detail. */
export function useBuybackPayment(buybackId: string) {
  return useQuery({
    queryKey: paymentsKeys.ofBuyback(buybackId),
    queryFn: ({ signal }) => api.get<PaymentResponse>(`/buybacks/${buybackId}/payment`, { signal }),
    // a user who reads the buyback without its payment (a warehouse) sees no panel, no error
    retry: false,
    meta: { handlesErrors: true },
  });
}

function usePaymentCommand<Body>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => api.post<PaymentResponse>(path(id), body),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentsKeys.ofBuyback(payment.buyback.id), payment);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(payment.buyback.id) });
    },
    meta: { handlesErrors: true },
  });
}

/** `POST /payments/{id}/relaunch`: a failed payment is executed again. */
export function useRelaunchPayment() {
  return usePaymentCommand<Record<string, never>>((id) => `/payments/${id}/relaunch`);
}

/** `POST /payments/{id}/mark-paid`: paid by hand, with complementary information. */
export function useMarkPaymentPaid() {
  return usePaymentCommand<MarkPaymentPaidInput>((id) => `/payments/${id}/mark-paid`);
}
