import type {
  Collection,
  CreatePaymentModeRequest,
  PatchPaymentModeRequest,
  PaymentModeResponse,
} from '@reprise/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { queriesShowing } from '../../app/query-client';
import { api } from '../../lib/api';

type ListQuery = Record<string, string | number | null | undefined>;

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentModeRequest) => api.post<PaymentModeResponse>('/payment-modes', body),
    meta: { handlesErrors: true },
    onSuccess: (mode) => afterWrite(queryClient, mode),
  });
}

export function useUpdatePaymentMode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchPaymentModeRequest) =>
      api.patch<PaymentModeResponse>(`/payment-modes/${id}`, patch),
    meta: { handlesErrors: true },
    onSuccess: (mode) => afterWrite(queryClient, mode),
  });
}
