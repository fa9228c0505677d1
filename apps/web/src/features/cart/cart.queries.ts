import type { BuybackSettingsResponse, CartResponse, CreateCartInput } from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';

export const cartKeys = {
  all: ['cart'] as const,
  settings: () => [...cartKeys.all, 'buyback-settings'] as const,
  /** The stores a customer may be attached to. */
  stores: () => [...cartKeys.all, 'stores'] as const,
};

/** `GET /buyback-settings`: identity document rule, minimum cart value, maximum items. */
export function useBuybackSettings() {
  return useQuery({
    queryKey: cartKeys.settings(),
    queryFn: ({ signal }) => api.get<BuybackSettingsResponse>('/buyback-settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * `POST /carts` with the attempt's `Idempotency-Key`: a retry with the same key gets the first
 * answer instead of creating the buybacks twice.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateCartInput; idempotencyKey: string }) =>
      api.post<CartResponse>('/carts', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buybacksKeys.all }),
    meta: { handlesErrors: true },
  });
}
