import type {
  ItemRefurbStepAction,
  ItemRefurbStepResponse,
  ItemRefurbStepSearchResponse,
  Locale,
  ValidateItemRefurbResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { itemKeys } from '../items';

/**
 * The services of an item as the workshop runs them (modules/refurb-execution on the server):
 * the search by code, an item's services, one service, its actions with `If-Match`, the item's
 * validation, and the erasure certificate's PDF.
 */

const itemRefurbStepKeys = {
  all: ['item-refurb-steps'] as const,
  step: (id: string) => [...itemRefurbStepKeys.all, 'step', id] as const,
};

/** `GET /item-refurb-steps/search?code=`: the item of a scanned code; the screen says why it is refused. */
export function useSearchRefurbItem() {
  return useMutation({
    mutationFn: (code: string) =>
      api.get<ItemRefurbStepSearchResponse>('/item-refurb-steps/search', { query: { code } }),
    meta: { handlesErrors: true },
  });
}

/** `GET /item-refurb-steps/{id}`: one service, with the version its actions send back. */
export function useItemRefurbStep(id: string) {
  return useQuery({
    queryKey: itemRefurbStepKeys.step(id),
    queryFn: ({ signal }) => api.get<ItemRefurbStepResponse>(`/item-refurb-steps/${id}`, { signal }),
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export interface StepActionInput {
  step: Pick<ItemRefurbStepResponse, 'id' | 'itemId' | 'version'>;
  action: ItemRefurbStepAction;
  comment?: string | null;
}

/**
 * `POST /item-refurb-steps/{id}/{action}` with `If-Match: "<version the screen shows>"`. The
 * answer replaces the service in the cache; the item's list and reads are stale. On a 412 (another
 * user acted meanwhile) the service and its item are read again, and the screen says so.
 */
export function useStepAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, action, comment }: StepActionInput) =>
      api.post<ItemRefurbStepResponse>(
        `/item-refurb-steps/${step.id}/${action}`,
        { comment: comment?.trim() || null },
        { headers: { 'If-Match': `"${step.version}"` } },
      ),
    onSuccess: (step) => {
      queryClient.setQueryData(itemRefurbStepKeys.step(step.id), step);
      void queryClient.invalidateQueries({ queryKey: itemKeys.refurbSteps(step.itemId) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
    onError: (error, { step }) => {
      if (error instanceof ApiError && error.status === 412) {
        void queryClient.invalidateQueries({ queryKey: itemRefurbStepKeys.step(step.id) });
        void queryClient.invalidateQueries({ queryKey: itemKeys.refurbSteps(step.itemId) });
      }
    },
    meta: { handlesErrors: true },
  });
}

/** `POST /items/{id}/item-refurb-steps/validate`: the item's refurbishment completed, into a stock. */
export function useValidateRefurbItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, stockId }: { itemId: string; stockId: string | null }) =>
      api.post<ValidateItemRefurbResponse>(`/items/${itemId}/item-refurb-steps/validate`, { stockId }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.refurbSteps(result.itemId) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
    meta: { handlesErrors: true },
  });
}

/**
 * Downloads an erasure certificate (`GET /erasure-certificates/{id}/document?lang=`) with the
 * session, saved under the server's name for it. A refusal rejects with the server's problem.
 */
export async function downloadErasureCertificate(certificateId: string, locale: Locale): Promise<void> {
  await downloadFile(`/erasure-certificates/${certificateId}/document?lang=${locale}`, {
    accept: 'application/pdf',
    fallbackName: `erasure-certificate-${certificateId}.pdf`,
  });
}
