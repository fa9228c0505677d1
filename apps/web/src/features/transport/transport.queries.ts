import type { BuybackTransportResponse, Locale, PickupSlot, PickupSlotsResponse } from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

const transportKeys = {
  all: ['transport'] as const,
  buyback: (id: string) => [...transportKeys.all, 'buyback', id] as const,
  pickupSlots: (country: string, zip: string) =>
    [...transportKeys.all, 'pickup-slots', country, zip] as const,
};

/**
 * `GET /buybacks/{id}/transport`: tracking, label state, shipments and their delivery events. Read
 * again every 5 seconds while the carrier's label is pending, so the detail shows it once made.
 */
export function useBuybackTransport(id: string) {
  return useQuery({
    queryKey: transportKeys.buyback(id),
    queryFn: ({ signal }) => api.get<BuybackTransportResponse>(`/buybacks/${id}/transport`, { signal }),
    // while a label is being made, or a pick-up booked or cancelled at the carrier
    refetchInterval: (query) => (waitsForCarrier(query.state.data) ? 2000 : false),
  });
}

function waitsForCarrier(data: BuybackTransportResponse | undefined): boolean {
  if (!data) return false;
  if (data.shippingLabel === 'pending') return true;
  const last = data.pickups.at(-1);
  return (
    last?.status === 'requested' ||
    (last?.status === 'cancelled' &&
      last.events.some((e) => e.code === 'order_created') &&
      !last.events.some((e) => e.code === 'order_cancelled'))
  );
}

/** `GET /pickup-slots`: the slots the account's carrier offers at an address (`available: false` without one). */
export function usePickupSlots(country: string, zip: string) {
  return useQuery({
    queryKey: transportKeys.pickupSlots(country, zip),
    queryFn: ({ signal }) =>
      api.get<PickupSlotsResponse>(`/pickup-slots?${new URLSearchParams({ country, zip })}`, { signal }),
    enabled: /^[A-Z]{2}$/.test(country) && zip.trim().length > 0,
    staleTime: 60_000,
  });
}

/** `POST /buybacks/{id}/pickup`: books the pick-up on a slot; the answer is the buyback's transport. */
export function useBookPickup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: PickupSlot) => api.post<BuybackTransportResponse>(`/buybacks/${id}/pickup`, { slot }),
    onSuccess: (data) => queryClient.setQueryData(transportKeys.buyback(id), data),
  });
}

/** `POST /buybacks/{id}/pickup/cancel`: cancels the current pick-up before its slot. */
export function useCancelPickup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BuybackTransportResponse>(`/buybacks/${id}/pickup/cancel`),
    onSuccess: (data) => queryClient.setQueryData(transportKeys.buyback(id), data),
  });
}

/**
 * Downloads a PDF with the session (`?lang=` the user's language) and saves it under the server's
 * name. A refusal rejects with the server's problem (425 while a carrier label is being made).
 */
export async function downloadTransportPdf(
  path: string,
  locale: Locale,
  fallbackName: string,
): Promise<void> {
  await downloadFile(`${path}?lang=${locale}`, {
    accept: 'application/pdf',
    fallbackName: fallbackName,
  });
}
