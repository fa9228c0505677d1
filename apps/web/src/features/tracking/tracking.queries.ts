import type { TrackingLinkResponse } from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const trackingKeys = {
  all: ['tracking'] as const,
  link: (buybackId: string) => [...trackingKeys.all, 'link', buybackId] as const,
};

/** `GET /buybacks/{id}/tracking-link`: the customer's tracking link (issued on first read), or the revoked one. */
export function useTrackingLink(buybackId: string) {
  return useQuery({
    queryKey: trackingKeys.link(buybackId),
    queryFn: ({ signal }) =>
      api.get<TrackingLinkResponse>(`/buybacks/${buybackId}/tracking-link`, { signal }),
  });
}

/** `POST /buybacks/{id}/tracking-link/revoke` or `/reissue`: the answer seeds the link's cache. */
export function useChangeTrackingLink(buybackId: string, change: 'revoke' | 'reissue') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TrackingLinkResponse>(`/buybacks/${buybackId}/tracking-link/${change}`),
    onSuccess: (link) => queryClient.setQueryData(trackingKeys.link(buybackId), link),
  });
}
