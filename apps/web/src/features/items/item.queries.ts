import type {
  ItemHistoryResponse,
  ItemRefurbStepsResponse,
  ItemResponse,
  ItemStocksResponse,
  Locale,
  MarkItemLostInput,
  QuarantineMailResponse,
  ReleaseQuarantineInput,
  RevertLossRequest,
} from '@reprise/shared';
import { LABEL_RETRY_SECONDS } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { buybacksKeys } from '../buybacks';

/**
 * The item of a buyback as the warehouse moves it (modules/warehouse on the server): one key
 * factory for every read of an item (its history, the stocks of its warehouse, its services and
 * diagnosis), the commands of quarantine and loss.
 */

export const itemKeys = {
  all: ['items'] as const,
  history: (id: string) => [...itemKeys.all, id, 'history'] as const,
  stocks: (id: string) => [...itemKeys.all, id, 'stocks'] as const,
  quarantineLists: () => [...itemKeys.all, 'quarantine'] as const,
  quarantineList: (query: Record<string, unknown>) => [...itemKeys.quarantineLists(), query] as const,
  refurbDiagnosis: (id: string) => [...itemKeys.all, id, 'refurb-diagnosis'] as const,
  refurbSteps: (id: string) => [...itemKeys.all, id, 'item-refurb-steps'] as const,
};

/** `GET /items/{id}/history`: every change of the item's status or stock (who, when, where, why). */
export function useItemHistory(id: string) {
  return useQuery({
    queryKey: itemKeys.history(id),
    queryFn: ({ signal }) => api.get<ItemHistoryResponse>(`/items/${id}/history`, { signal }),
  });
}

/** `GET /items/{id}/stocks`: the stocks of the item's warehouse (where a release may move it). */
export function useItemStocks(id: string, enabled = true) {
  return useQuery({
    queryKey: itemKeys.stocks(id),
    enabled,
    queryFn: ({ signal }) => api.get<ItemStocksResponse>(`/items/${id}/stocks`, { signal }),
  });
}

/**
 * `GET /items/{id}/item-refurb-steps`: the item and its services in order; a 404 or 409 means none
 * are planned (the screens say so themselves).
 */
export function useItemRefurbSteps(itemId: string) {
  return useQuery({
    queryKey: itemKeys.refurbSteps(itemId),
    queryFn: ({ signal }) =>
      api.get<ItemRefurbStepsResponse>(`/items/${itemId}/item-refurb-steps`, { signal }),
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

/** After an item command: its buyback, the lists, and the item's own reads are stale. */
function refreshAfter(queryClient: QueryClient, item: { id: string; buyback: { id: string } }) {
  void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
  void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: itemKeys.all });
}

function useItemCommand<Body>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => api.post<ItemResponse>(path(id), body),
    onSuccess: (item) => refreshAfter(queryClient, item),
    meta: { handlesErrors: true },
  });
}

/** `POST /items/{id}/mark-lost`: lost in transport or in the warehouse. */
export const useMarkItemLost = () => useItemCommand<MarkItemLostInput>((id) => `/items/${id}/mark-lost`);

/** `POST /items/{id}/revert-loss`: an admin undoes a loss, with a reason. */
export const useRevertLoss = () => useItemCommand<RevertLossRequest>((id) => `/items/${id}/revert-loss`);

/** `POST /items/{id}/quarantine/release`: moves the item to another stock of its warehouse. */
export const useReleaseItem = () =>
  useItemCommand<ReleaseQuarantineInput>((id) => `/items/${id}/quarantine/release`);

/** `POST /items/{id}/returned`: the product went back to the customer. */
export const useMarkReturned = () => useItemCommand<Record<string, never>>((id) => `/items/${id}/returned`);

/** `POST /items/{id}/quarantine/mail`: the quarantine mail again. */
export function useSendQuarantineMail() {
  return useMutation({
    mutationFn: (id: string) => api.post<QuarantineMailResponse>(`/items/${id}/quarantine/mail`, {}),
    meta: { handlesErrors: true },
  });
}

/**
 * Downloads an item's return label (`GET /items/{id}/documents/return-label?lang=`) with the
 * session, saved under the server's name for it. While the retailer's carrier makes it (425) it is
 * asked again at 3, 5, 10 and 15 seconds; a refusal, or a 425 after the last, rejects with the
 * server's problem.
 */
export async function downloadReturnLabel(
  item: { id: string; identificationNumber: string },
  locale: Locale,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await downloadFile(`/items/${item.id}/documents/return-label?lang=${locale}`, {
        accept: 'application/pdf',
        fallbackName: documentFileName('return-label', locale, item.identificationNumber),
      });
    } catch (error) {
      // 425: the retailer's carrier is making it (docs/transport.md): asked again on the label schedule
      const next = LABEL_RETRY_SECONDS[attempt];
      if (!(error instanceof ApiError && error.status === 425) || next === undefined) throw error;
      const previous = attempt === 0 ? 0 : (LABEL_RETRY_SECONDS[attempt - 1] as number);
      await new Promise((resolve) => setTimeout(resolve, (next - previous) * 1000));
    }
  }
}
