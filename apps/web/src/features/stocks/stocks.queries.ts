import type {
  Collection,
  ItemResponse,
  ItemStockDetailResponse,
  ItemStockEditRequest,
  ItemStockResponse,
  MoveToStockRequest,
  RefurbDiagnosisResponse,
  StockInput,
  StockOptionsResponse,
  StockPatchRequest,
  StockResponse,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';
import { itemKeys } from '../items';

/**
 * The stocks and the items kept in them (modules/stocks on the server): one key factory for the
 * stock list, a stock, the stock options of the selects, the items in stock and an item's page
 * (an item's own reads are keyed by features/items).
 */
const stocksKeys = {
  all: ['stocks'] as const,
  lists: () => [...stocksKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...stocksKeys.lists(), query] as const,
  detail: (id: string) => [...stocksKeys.all, 'detail', id] as const,
  allOptions: () => [...stocksKeys.all, 'options'] as const,
  options: (warehouseId: string | null) => [...stocksKeys.allOptions(), warehouseId] as const,
  items: () => [...stocksKeys.all, 'items'] as const,
  itemLists: () => [...stocksKeys.items(), 'list'] as const,
  itemList: (query: Record<string, unknown>) => [...stocksKeys.itemLists(), query] as const,
  item: (id: string) => [...stocksKeys.items(), 'detail', id] as const,
};

export type ListQuery = Record<string, string | number | undefined>;

export function useStocks(query: ListQuery) {
  return useQuery({
    queryKey: stocksKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<StockResponse>>('/stocks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStock(id: string) {
  return useQuery({
    queryKey: stocksKeys.detail(id),
    queryFn: ({ signal }) => api.get<StockResponse>(`/stocks/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/stocks' } },
  });
}

/** `GET /stocks/options`: the stocks the user sees (of one warehouse when named), for selects. */
export function useStockOptions(warehouseId: string | null = null, enabled = true) {
  return useQuery({
    queryKey: stocksKeys.options(warehouseId),
    enabled,
    queryFn: ({ signal }) =>
      api.get<StockOptionsResponse>('/stocks/options', {
        query: { warehouse: warehouseId ?? undefined },
        signal,
      }),
    staleTime: 60_000,
  });
}

/** The warehouses of the stocks the user sees, once each, by name (for the warehouse filters and selects). */
export function useStockWarehouses() {
  const options = useStockOptions();
  const seen = new Map<string, string>();
  for (const stock of options.data?.member ?? []) seen.set(stock.warehouseId, stock.warehouseName);
  return {
    ...options,
    warehouses: [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** After a stock write: the lists and the options are stale; the answer is the stock as it now is. */
function useAfterStockWrite() {
  const queryClient = useQueryClient();
  return (stock?: StockResponse) => {
    if (stock) queryClient.setQueryData(stocksKeys.detail(stock.id), stock);
    void queryClient.invalidateQueries({ queryKey: stocksKeys.allOptions() });
    return queryClient.invalidateQueries({ queryKey: stocksKeys.lists() });
  };
}

export function useCreateStock() {
  const afterWrite = useAfterStockWrite();
  return useMutation({
    mutationFn: (body: StockInput) => api.post<StockResponse>('/stocks', body),
    meta: { handlesErrors: true },
    onSuccess: (stock) => afterWrite(stock),
  });
}

export function useUpdateStock(id: string) {
  const afterWrite = useAfterStockWrite();
  return useMutation({
    mutationFn: (body: StockPatchRequest) => api.patch<StockResponse>(`/stocks/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (stock) => afterWrite(stock),
  });
}

export function useDeleteStock() {
  const queryClient = useQueryClient();
  const afterWrite = useAfterStockWrite();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/stocks/${id}`),
    meta: { handlesErrors: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: stocksKeys.detail(id) });
      return afterWrite();
    },
  });
}

export function useItemsInStock(query: ListQuery) {
  return useQuery({
    queryKey: stocksKeys.itemList(query),
    queryFn: ({ signal }) => api.get<Collection<ItemStockResponse>>('/items-stock', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useItemInStock(id: string) {
  return useQuery({
    queryKey: stocksKeys.item(id),
    queryFn: ({ signal }) => api.get<ItemStockDetailResponse>(`/items-stock/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/items-stock' } },
  });
}

export function useEditItemInStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemStockEditRequest) =>
      api.patch<ItemStockDetailResponse>(`/items-stock/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (item) => {
      queryClient.setQueryData(stocksKeys.item(id), item);
      return queryClient.invalidateQueries({ queryKey: stocksKeys.itemLists() });
    },
  });
}

/** `POST /items/{id}/move-to-stock`: the item's lists, page, history and buyback are stale after it. */
export function useMoveToStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveToStockRequest }) =>
      api.post<ItemResponse>(`/items/${id}/move-to-stock`, body),
    meta: { handlesErrors: true },
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: stocksKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
    },
  });
}

/** A read whose 404 (or 409) means "none yet": answered as null instead of an error. */
async function orNone<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return null;
    throw error;
  }
}

/** `GET /items/{id}/refurb-diagnosis`: the item's refurbishment diagnosis, null when it has none. */
export function useItemRefurbDiagnosis(itemId: string) {
  return useQuery({
    queryKey: itemKeys.refurbDiagnosis(itemId),
    queryFn: ({ signal }) =>
      orNone(api.get<RefurbDiagnosisResponse>(`/items/${itemId}/refurb-diagnosis`, { signal })),
  });
}
