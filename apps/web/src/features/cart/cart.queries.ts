import type {
  BuybackSettingsResponse,
  CartResponse,
  CreateCartInput,
  OrganizationRootDetailResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const cartKeys = {
  all: ['cart'] as const,
  settings: () => [...cartKeys.all, 'buyback-settings'] as const,
};

/** `GET /buyback-settings`: identity document rule, minimum cart value, maximum items. */
export function useBuybackSettings() {
  return useQuery({
    queryKey: cartKeys.settings(),
    queryFn: ({ signal }) => api.get<BuybackSettingsResponse>('/buyback-settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The cart's limits from the settings: at most `maxItems` buybacks, at least `minimumCents` in total. */
export function cartLimitsOf(settings: BuybackSettingsResponse | undefined) {
  return {
    maxItems: settings?.cart_max_items ?? 1,
    // The setting is in whole units of the account's currency.
    minimumCents: (settings?.cart_min_value ?? 0) * 100,
  };
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['buybacks'] }),
    meta: { handlesErrors: true },
  });
}

/** The account's settings (premium features, category navigation), from its root details. */
export function useRootDetail(accountId: string) {
  return useQuery({
    queryKey: [...cartKeys.all, 'root-detail', accountId],
    queryFn: ({ signal }) =>
      api.get<OrganizationRootDetailResponse>(`/accounts/${accountId}/organization-root-detail`, { signal }),
    staleTime: 5 * 60_000,
  });
}
