import type {
  Collection,
  WarehouseDispatchAccountsResponse,
  WarehouseDispatchOptionsResponse,
  WarehouseDispatchRuleRequest,
  WarehouseDispatchRuleResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** One key factory for the rules of a buyer account, its form options and the accounts to choose. */
const warehouseDispatchKeys = {
  all: ['warehouse-dispatch'] as const,
  lists: () => [...warehouseDispatchKeys.all, 'list'] as const,
  list: (accountId: string | null) => [...warehouseDispatchKeys.lists(), accountId] as const,
  detail: (id: string) => [...warehouseDispatchKeys.all, 'detail', id] as const,
  options: (accountId: string | null) => [...warehouseDispatchKeys.all, 'options', accountId] as const,
  accounts: () => [...warehouseDispatchKeys.all, 'accounts'] as const,
};

const BASE = '/warehouse-dispatch-rules';

/** The rules of the account (a platform operator's chosen one; `enabled` false until it is chosen). */
export function useWarehouseDispatchRules(accountId: string | null, enabled = true) {
  return useQuery({
    queryKey: warehouseDispatchKeys.list(accountId),
    queryFn: ({ signal }) =>
      api.get<Collection<WarehouseDispatchRuleResponse>>(BASE, {
        query: { accountId, itemsPerPage: 500 },
        signal,
      }),
    enabled,
  });
}

export function useWarehouseDispatchRule(id: string) {
  return useQuery({
    queryKey: warehouseDispatchKeys.detail(id),
    queryFn: ({ signal }) => api.get<WarehouseDispatchRuleResponse>(`${BASE}/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/warehouse-dispatch' } },
  });
}

export function useWarehouseDispatchOptions(accountId: string | null, enabled = true) {
  return useQuery({
    queryKey: warehouseDispatchKeys.options(accountId),
    queryFn: ({ signal }) =>
      api.get<WarehouseDispatchOptionsResponse>(`${BASE}/options`, { query: { accountId }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useWarehouseDispatchAccounts(enabled: boolean) {
  return useQuery({
    queryKey: warehouseDispatchKeys.accounts(),
    queryFn: ({ signal }) => api.get<WarehouseDispatchAccountsResponse>(`${BASE}/accounts`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

function useAfterWrite() {
  const queryClient = useQueryClient();
  return (rule?: WarehouseDispatchRuleResponse) => {
    if (rule) queryClient.setQueryData(warehouseDispatchKeys.detail(rule.id), rule);
    return queryClient.invalidateQueries({ queryKey: warehouseDispatchKeys.lists() });
  };
}

export function useCreateWarehouseDispatchRule() {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: WarehouseDispatchRuleRequest) => api.post<WarehouseDispatchRuleResponse>(BASE, body),
    meta: { handlesErrors: true },
    onSuccess: (rule) => afterWrite(rule),
  });
}

export function useUpdateWarehouseDispatchRule(id: string) {
  const afterWrite = useAfterWrite();
  return useMutation({
    mutationFn: (body: WarehouseDispatchRuleRequest) =>
      api.put<WarehouseDispatchRuleResponse>(`${BASE}/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (rule) => afterWrite(rule),
  });
}

export function useDeleteWarehouseDispatchRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: warehouseDispatchKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: warehouseDispatchKeys.lists() });
    },
  });
}

/** Saves the whole list in a new order; the answer is the list as saved. */
export function useOrderWarehouseDispatchRules(accountId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put<Collection<WarehouseDispatchRuleResponse>>(`${BASE}/order`, {
        ids,
        ...(accountId ? { accountId } : {}),
      }),
    onSuccess: (list) => queryClient.setQueryData(warehouseDispatchKeys.list(accountId), list),
    // a list changed elsewhere meanwhile (409) is read again
    onError: () => queryClient.invalidateQueries({ queryKey: warehouseDispatchKeys.lists() }),
  });
}
