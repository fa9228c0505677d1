import type { BuybackTransportResponse, Locale } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

const transportKeys = {
  all: ['transport'] as const,
  buyback: (id: string) => [...transportKeys.all, 'buyback', id] as const,
};

/**
 * `GET /buybacks/{id}/transport`: tracking, label state, shipments and their delivery events. Read
 * again every 5 seconds while the carrier's label is pending, so the detail shows it once made.
 */
export function useBuybackTransport(id: string) {
  return useQuery({
    queryKey: transportKeys.buyback(id),
    queryFn: ({ signal }) => api.get<BuybackTransportResponse>(`/buybacks/${id}/transport`, { signal }),
    refetchInterval: (query) => (query.state.data?.shippingLabel === 'pending' ? 5000 : false),
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
