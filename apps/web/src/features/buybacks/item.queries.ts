import type {
  ItemHistoryResponse,
  ItemResponse,
  ItemStocksResponse,
  Locale,
  MarkItemLostInput,
  Problem,
  QuarantineMailResponse,
  ReleaseQuarantineInput,
  RevertLossRequest,
} from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../lib/api';
import { buybacksKeys } from './buybacks.queries';
import { attachmentFileName } from './documents';

/**
 * The item of a buyback as the warehouse moves it (modules/warehouse on the server): its history,
 * the stocks of its warehouse, and the commands of quarantine and loss.
 */

export const itemKeys = {
  all: ['items'] as const,
  history: (id: string) => [...itemKeys.all, id, 'history'] as const,
  stocks: (id: string) => [...itemKeys.all, id, 'stocks'] as const,
  quarantineLists: () => [...itemKeys.all, 'quarantine'] as const,
  quarantineList: (query: Record<string, unknown>) => [...itemKeys.quarantineLists(), query] as const,
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
 * session, saved under the server's name for it. A refusal rejects with the server's problem.
 */
export async function downloadReturnLabel(
  item: { id: string; identificationNumber: string },
  locale: Locale,
) {
  let response: Response;
  try {
    response = await fetch(`/api/items/${item.id}/documents/return-label?lang=${locale}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf' },
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network');
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(
      response.status,
      problem?.code
        ? problem
        : {
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            detail: '',
            code: 'unknown',
          },
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download =
    attachmentFileName(response.headers.get('content-disposition')) ??
    documentFileName('return-label', locale, item.identificationNumber);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
