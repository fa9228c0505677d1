import type {
  BuybackLitigationResponse,
  CompleteControlInput,
  CompleteControlResponse,
  ControlEstimateResponse,
  ControlPhotoResponse,
  ControlQuarantineInput,
  ControlSpecificationResponse,
  DiagnosticAnswerInput,
  ItemResponse,
  LitigationResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { buybacksKeys } from '../buybacks';

const warehouseControlKeys = {
  all: ['warehouse-control'] as const,
  specification: (itemId: string) => [...warehouseControlKeys.all, 'specification', itemId] as const,
  litigation: (buybackId: string) => [...warehouseControlKeys.all, 'litigation', buybackId] as const,
};

/**
 * `POST /warehouse/control/start`: the item under a scanned code, now awaiting its tests. Its
 * control's specification is dropped from the cache: the wizard shows the server's state after the
 * scan, never the one read before it (issue 23, item 9). By default the screen says a refusal
 * itself; `reportErrors` leaves it to the error modal.
 */
export function useStartControl({ reportErrors = false }: { reportErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<ItemResponse>('/warehouse/control/start', { code }),
    onSuccess: async (item) => {
      await queryClient.invalidateQueries({ queryKey: warehouseControlKeys.specification(item.id) });
      queryClient.removeQueries({ queryKey: warehouseControlKeys.specification(item.id), type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(item.buyback.id) });
    },
    meta: { handlesErrors: !reportErrors },
  });
}

/** `GET /warehouse/control/{itemId}`: what the control's steps show. */
export function useControlSpecification(itemId: string) {
  return useQuery({
    queryKey: warehouseControlKeys.specification(itemId),
    queryFn: ({ signal }) =>
      api.get<ControlSpecificationResponse>(`/warehouse/control/${itemId}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/warehouse/check' } },
  });
}

/** `POST /warehouse/control/{itemId}/estimate`: the controlled state and price of the answers, and the outcome. */
export function useControlEstimate(itemId: string) {
  return useMutation({
    mutationFn: (answers: DiagnosticAnswerInput[]) =>
      api.post<ControlEstimateResponse>(`/warehouse/control/${itemId}/estimate`, { answers }),
    meta: { handlesErrors: true },
  });
}

/** The control's end changes the item, its buyback and maybe its litigation: they are read again. */
function useAfterControl(itemId: string) {
  const queryClient = useQueryClient();
  return (buybackId: string) => {
    void queryClient.invalidateQueries({ queryKey: warehouseControlKeys.specification(itemId) });
    void queryClient.invalidateQueries({ queryKey: warehouseControlKeys.litigation(buybackId) });
    void queryClient.invalidateQueries({ queryKey: buybacksKeys.detail(buybackId) });
    void queryClient.invalidateQueries({ queryKey: buybacksKeys.lists() });
  };
}

/** `POST /warehouse/control/{itemId}/complete`. */
export function useCompleteControl(itemId: string) {
  const after = useAfterControl(itemId);
  return useMutation({
    mutationFn: (body: CompleteControlInput) =>
      api.post<CompleteControlResponse>(`/warehouse/control/${itemId}/complete`, body),
    onSuccess: (done) => after(done.item.buyback.id),
    meta: { handlesErrors: true },
  });
}

/** `POST /warehouse/control/{itemId}/photos`: one proof photo (multipart). */
export function useUploadControlPhoto(itemId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<ControlPhotoResponse>(`/warehouse/control/${itemId}/photos`, body);
    },
    meta: { handlesErrors: true },
  });
}

/** `POST /warehouse/control/{itemId}/quarantine`. */
export function useQuarantineFromControl(itemId: string) {
  const after = useAfterControl(itemId);
  return useMutation({
    mutationFn: (body: ControlQuarantineInput) =>
      api.post<ItemResponse>(`/warehouse/control/${itemId}/quarantine`, body),
    onSuccess: (item) => after(item.buyback.id),
    meta: { handlesErrors: true },
  });
}

/** `GET /buybacks/{id}/litigation`: the buyback's latest counter-offer, if any. */
export function useBuybackLitigation(buybackId: string) {
  return useQuery({
    queryKey: warehouseControlKeys.litigation(buybackId),
    queryFn: ({ signal }) =>
      api.get<BuybackLitigationResponse>(`/buybacks/${buybackId}/litigation`, { signal }),
    select: (data) => data.litigation,
  });
}

/** `POST /buybacks/{id}/litigation/resend`: the counter-offer's mail again, with new links. */
export function useResendLitigationMail(buybackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LitigationResponse>(`/buybacks/${buybackId}/litigation/resend`),
    onSuccess: (litigation) => {
      queryClient.setQueryData<BuybackLitigationResponse>(warehouseControlKeys.litigation(buybackId), {
        litigation,
      });
    },
    meta: { handlesErrors: true },
  });
}
