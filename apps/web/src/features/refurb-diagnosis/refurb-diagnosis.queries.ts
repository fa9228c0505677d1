import type {
  FinalizeRefurbDiagnosisRequest,
  RefurbDiagnosisAnswersRequest,
  RefurbDiagnosisQuestionsResponse,
  RefurbDiagnosisRefurbStepsResponse,
  RefurbDiagnosisResponse,
  RefurbDiagnosisStocksResponse,
} from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The refurbishment diagnosis's server state: every step reads and writes it there (reload-safe). */
const refurbDiagnosisKeys = {
  all: ['refurb-diagnosis'] as const,
  detail: (id: string) => [...refurbDiagnosisKeys.all, 'detail', id] as const,
  questions: (id: string) => [...refurbDiagnosisKeys.all, 'questions', id] as const,
  refurbSteps: (id: string) => [...refurbDiagnosisKeys.all, 'refurb-steps', id] as const,
  stocks: (id: string) => [...refurbDiagnosisKeys.all, 'stocks', id] as const,
};

const START = '/refurb-diagnosis/start';

/** The diagnosis a write answered replaces the one read: no read again. */
function useSeedDiagnosis() {
  const queryClient = useQueryClient();
  return (diagnosis: RefurbDiagnosisResponse) =>
    queryClient.setQueryData(refurbDiagnosisKeys.detail(diagnosis.id), diagnosis);
}

/** `POST /refurb-diagnoses` { code }: starts the item's diagnosis, or resumes it. */
export function useStartRefurbDiagnosis() {
  const seed = useSeedDiagnosis();
  return useMutation({
    mutationFn: (code: string) => api.post<RefurbDiagnosisResponse>('/refurb-diagnoses', { code }),
    onSuccess: seed,
    meta: { handlesErrors: true },
  });
}

/** `GET /refurb-diagnoses/{id}`. */
export function useRefurbDiagnosis(id: string) {
  return useQuery({
    queryKey: refurbDiagnosisKeys.detail(id),
    queryFn: ({ signal }) => api.get<RefurbDiagnosisResponse>(`/refurb-diagnoses/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: START } },
  });
}

/** `GET /refurb-diagnoses/{id}/questions`: the account's questions and the answers given. */
export function useRefurbDiagnosisQuestions(id: string) {
  return useQuery({
    queryKey: refurbDiagnosisKeys.questions(id),
    queryFn: ({ signal }) =>
      api.get<RefurbDiagnosisQuestionsResponse>(`/refurb-diagnoses/${id}/questions`, { signal }),
    meta: { errorModal: { redirectToRoute: START } },
  });
}

/** `GET /refurb-diagnoses/{id}/refurb-steps`: the services the summary may add. */
export function useRefurbDiagnosisRefurbSteps(id: string) {
  return useQuery({
    queryKey: refurbDiagnosisKeys.refurbSteps(id),
    queryFn: ({ signal }) =>
      api.get<RefurbDiagnosisRefurbStepsResponse>(`/refurb-diagnoses/${id}/refurb-steps`, { signal }),
  });
}

/** `GET /refurb-diagnoses/{id}/stocks`: the stocks of the item's warehouse. */
export function useRefurbDiagnosisStocks(id: string) {
  return useQuery({
    queryKey: refurbDiagnosisKeys.stocks(id),
    queryFn: ({ signal }) =>
      api.get<RefurbDiagnosisStocksResponse>(`/refurb-diagnoses/${id}/stocks`, { signal }),
  });
}

/** `PUT /refurb-diagnoses/{id}/answers`: the answers, and the plan they lead to. */
export function useSaveRefurbDiagnosisAnswers(id: string) {
  const queryClient = useQueryClient();
  const seed = useSeedDiagnosis();
  return useMutation({
    mutationFn: (answers: RefurbDiagnosisAnswersRequest['answers']) =>
      api.put<RefurbDiagnosisResponse>(`/refurb-diagnoses/${id}/answers`, { answers }),
    onSuccess: (diagnosis) => {
      seed(diagnosis);
      void queryClient.invalidateQueries({ queryKey: refurbDiagnosisKeys.questions(id) });
    },
    meta: { handlesErrors: true },
  });
}

/** `PUT /refurb-diagnoses/{id}/plan`: the summary's services. */
export function useSaveRefurbDiagnosisPlan(id: string) {
  const seed = useSeedDiagnosis();
  return useMutation({
    mutationFn: (refurbStepIds: string[]) =>
      api.put<RefurbDiagnosisResponse>(`/refurb-diagnoses/${id}/plan`, { refurbStepIds }),
    onSuccess: seed,
    meta: { handlesErrors: true },
  });
}

/** `POST /refurb-diagnoses/{id}/finalize`. */
export function useFinalizeRefurbDiagnosis(id: string) {
  const seed = useSeedDiagnosis();
  return useMutation({
    mutationFn: (body: FinalizeRefurbDiagnosisRequest) =>
      api.post<RefurbDiagnosisResponse>(`/refurb-diagnoses/${id}/finalize`, body),
    onSuccess: seed,
    meta: { handlesErrors: true },
  });
}

/** A write refused because the diagnosis was finalized meanwhile: read it again (the finalized view shows). */
export function useRefreshRefurbDiagnosis(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: refurbDiagnosisKeys.detail(id) });
}
