import type { GiftCardResponse, RedeemGiftCardRequest } from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Gift cards and vouchers at the counter (modules/payments/gift-cards on the server). */
const vouchersKeys = {
  all: ['gift-cards'] as const,
  byCode: (code: string) => [...vouchersKeys.all, 'by-code', code] as const,
};

/** `GET /gift-cards/by-code/{code}`: the card scanned or typed; nothing asked before a code. */
export function useGiftCard(code: string | null) {
  return useQuery({
    queryKey: vouchersKeys.byCode(code ?? ''),
    enabled: code !== null,
    queryFn: ({ signal }) =>
      api.get<GiftCardResponse>(`/gift-cards/by-code/${encodeURIComponent(code ?? '')}`, { signal }),
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** `POST /gift-cards/by-code/{code}/redemptions`: the card's new balance goes to the cache. */
export function useRedeemGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: RedeemGiftCardRequest }) =>
      api.post<GiftCardResponse>(`/gift-cards/by-code/${encodeURIComponent(code)}/redemptions`, body),
    onSuccess: (card) => queryClient.setQueryData(vouchersKeys.byCode(card.code), card),
    meta: { handlesErrors: true },
  });
}
