import type {
  CategoryCircuitsResponse,
  CircuitResponse,
  CircuitWarehouseResponse,
  Collection,
  CreateCircuitRequest,
  DispatchCircuitRuleResponse,
  PatchCircuitRequest,
  PatchDispatchCircuitRuleRequest,
  TransportProviderResponse,
} from '@reprise/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type ListQuery, useSaveMutation } from '../../lib/save-mutation';

/** Circuits and their dispatch circuit rules change together (status, categories, instructions). */
export const circuitsKeys = {
  all: ['circuits'] as const,
  lists: () => [...circuitsKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...circuitsKeys.lists(), query] as const,
  details: () => [...circuitsKeys.all, 'detail'] as const,
  detail: (id: string) => [...circuitsKeys.details(), id] as const,
  ofCategory: (categoryId: string) => [...circuitsKeys.all, 'category', categoryId] as const,
  transportProviders: () => [...circuitsKeys.all, 'transport-providers'] as const,
  warehouses: () => [...circuitsKeys.all, 'warehouses'] as const,
};

export const dispatchCircuitRulesKeys = {
  all: ['dispatch-circuit-rules'] as const,
  lists: () => [...dispatchCircuitRulesKeys.all, 'list'] as const,
  list: (query: ListQuery) => [...dispatchCircuitRulesKeys.lists(), query] as const,
  detail: (id: string) => [...dispatchCircuitRulesKeys.all, 'detail', id] as const,
};

export function useCircuits(query: ListQuery) {
  return useQuery({
    queryKey: circuitsKeys.list(query),
    queryFn: ({ signal }) => api.get<Collection<CircuitResponse>>('/circuits', { query, signal }),
    placeholderData: keepPreviousData,
    meta: { shows: ['payment-modes'] },
  });
}

export function useCircuit(id: string) {
  return useQuery({
    queryKey: circuitsKeys.detail(id),
    queryFn: ({ signal }) => api.get<CircuitResponse>(`/circuits/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/circuits' }, shows: ['payment-modes'] },
  });
}

export function useTransportProviders() {
  return useQuery({
    queryKey: circuitsKeys.transportProviders(),
    queryFn: ({ signal }) =>
      api.get<{ member: TransportProviderResponse[] }>('/transport-providers', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCircuitWarehouses() {
  return useQuery({
    queryKey: circuitsKeys.warehouses(),
    queryFn: ({ signal }) =>
      api.get<{ member: CircuitWarehouseResponse[] }>('/circuit-warehouses', { signal }),
  });
}

function afterCircuitWrite(queryClient: QueryClient, circuit?: CircuitResponse) {
  if (circuit) queryClient.setQueryData(circuitsKeys.detail(circuit.id), circuit);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: circuitsKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: dispatchCircuitRulesKeys.all }),
  ]);
}

export function useCreateCircuit() {
  return useSaveMutation(
    (body: CreateCircuitRequest) => api.post<CircuitResponse>('/circuits', body),
    afterCircuitWrite,
  );
}

export function useUpdateCircuit(id: string) {
  return useSaveMutation(
    (patch: PatchCircuitRequest) => api.patch<CircuitResponse>(`/circuits/${id}`, patch),
    afterCircuitWrite,
  );
}

/** Links or unlinks a category and a circuit (through the circuit's dispatch rule). */
export function useCategoryLink(circuitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, linked }: { categoryId: string; linked: boolean }) =>
      linked
        ? api.post<CategoryCircuitsResponse>(`/categories/${categoryId}/circuits/${circuitId}`)
        : api.delete<CategoryCircuitsResponse>(`/categories/${categoryId}/circuits/${circuitId}`),
    onSuccess: (answer) =>
      Promise.all([
        queryClient.setQueryData(circuitsKeys.ofCategory(answer.categoryId), answer),
        queryClient.invalidateQueries({ queryKey: circuitsKeys.detail(circuitId) }),
        afterCircuitWrite(queryClient),
      ]),
  });
}

export function useDispatchCircuitRules(query: ListQuery) {
  return useQuery({
    queryKey: dispatchCircuitRulesKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<Collection<DispatchCircuitRuleResponse>>('/dispatch-circuit-rules', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDispatchCircuitRule(id: string) {
  return useQuery({
    queryKey: dispatchCircuitRulesKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<DispatchCircuitRuleResponse>(`/dispatch-circuit-rules/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/dispatch-circuit-rules' } },
  });
}

export function useUpdateDispatchCircuitRule(id: string) {
  return useSaveMutation(
    (patch: PatchDispatchCircuitRuleRequest) =>
      api.patch<DispatchCircuitRuleResponse>(`/dispatch-circuit-rules/${id}`, patch),
    (queryClient, rule) => {
      queryClient.setQueryData(dispatchCircuitRulesKeys.detail(rule.id), rule);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchCircuitRulesKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: circuitsKeys.all }),
      ]);
    },
  );
}
