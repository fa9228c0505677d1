import type { Collection, WebhookDeliveryResponse, WebhookDeliveryStatus } from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The delivery log of a buyer resale webhooks configuration (modules/webhooks on the server). */
const webhookDeliveriesKeys = {
  all: ['webhook-deliveries'] as const,
  lists: (configurationId: string) => [...webhookDeliveriesKeys.all, configurationId] as const,
  list: (configurationId: string, query: WebhookDeliveriesQuery) =>
    [...webhookDeliveriesKeys.lists(configurationId), query] as const,
};

export interface WebhookDeliveriesQuery {
  page: number;
  itemsPerPage: number;
  status: WebhookDeliveryStatus | null;
}

/** While a delivery is under way the log is read again every few seconds, until it settles. */
const PENDING_REFRESH_MS = 3000;

/** `GET /connector-organizations/{id}/webhook-deliveries`: newest first. */
export function useWebhookDeliveries(configurationId: string, query: WebhookDeliveriesQuery) {
  return useQuery({
    queryKey: webhookDeliveriesKeys.list(configurationId, query),
    queryFn: ({ signal }) =>
      api.get<Collection<WebhookDeliveryResponse>>(
        `/connector-organizations/${configurationId}/webhook-deliveries`,
        {
          query: { page: query.page, itemsPerPage: query.itemsPerPage, status: query.status },
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.member.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

/** `POST /webhook-deliveries/{id}/redeliver`: the log is read again (the delivery is pending anew). */
export function useRedeliverWebhook(configurationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookDeliveryResponse>(`/webhook-deliveries/${id}/redeliver`),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKeys.lists(configurationId) }),
  });
}
