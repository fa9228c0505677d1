import type {
  CreateDiagnosticQuestionRequest,
  DiagnosticQuestionResponse,
  PatchDiagnosticQuestionRequest,
} from '@reprise/shared';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../../../app/errors';
import { api } from '../../../lib/api';
import { categoriesKeys, diagnosticQuestionsKeys } from '../catalog-keys';

const fetchDiagnosticQuestions = (categoryId: string, signal: AbortSignal) =>
  api.get<DiagnosticQuestionResponse[]>(`/categories/${categoryId}/questions`, { signal });

/** The category's own questions, in their order. */
export function useCategoryDiagnosticQuestions(categoryId: string) {
  return useQuery({
    queryKey: diagnosticQuestionsKeys.ofCategory(categoryId),
    queryFn: ({ signal }) => fetchDiagnosticQuestions(categoryId, signal),
  });
}

/** The questions of several categories (the ancestors of one), each in its order. */
export function useDiagnosticQuestionsOf(categoryIds: readonly string[]) {
  return useQueries({
    queries: categoryIds.map((categoryId) => ({
      queryKey: diagnosticQuestionsKeys.ofCategory(categoryId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchDiagnosticQuestions(categoryId, signal),
    })),
  });
}

export function useDiagnosticQuestion(id: string) {
  return useQuery({
    queryKey: diagnosticQuestionsKeys.detail(id),
    queryFn: ({ signal }) => api.get<DiagnosticQuestionResponse>(`/questions/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/diagnostic' } },
  });
}

/** The category's questions and its question count (in the landing's tree and on the category) changed. */
function afterWrite(queryClient: QueryClient, categoryId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: diagnosticQuestionsKeys.ofCategory(categoryId) }),
    queryClient.invalidateQueries({ queryKey: categoriesKeys.index() }),
    queryClient.invalidateQueries({ queryKey: categoriesKeys.detail(categoryId) }),
  ]);
}

export function useCreateDiagnosticQuestion(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiagnosticQuestionRequest) =>
      api.post<DiagnosticQuestionResponse>(`/categories/${categoryId}/questions`, body),
    meta: { handlesErrors: true },
    onSuccess: (question) => {
      queryClient.setQueryData(diagnosticQuestionsKeys.detail(question.id), question);
      return afterWrite(queryClient, categoryId);
    },
  });
}

export function useUpdateDiagnosticQuestion(id: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchDiagnosticQuestionRequest) =>
      api.patch<DiagnosticQuestionResponse>(`/questions/${id}`, patch),
    meta: { handlesErrors: true },
    onSuccess: (question) => {
      queryClient.setQueryData(diagnosticQuestionsKeys.detail(question.id), question);
      return afterWrite(queryClient, categoryId);
    },
  });
}

export function useDeleteDiagnosticQuestion(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/questions/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: diagnosticQuestionsKeys.detail(id) });
      return afterWrite(queryClient, categoryId);
    },
  });
}

/** Saves a new order of the category's questions, shown at once and undone if the server refuses it. */
export function useReorderDiagnosticQuestions(categoryId: string) {
  const queryClient = useQueryClient();
  const key = diagnosticQuestionsKeys.ofCategory(categoryId);
  const mutationKey = diagnosticQuestionsKeys.reorder(categoryId);
  return useMutation({
    mutationKey,
    mutationFn: (ids: string[]) =>
      api.post<DiagnosticQuestionResponse[]>(`/categories/${categoryId}/questions/order`, { ids }),
    // Quick successive moves reach the server in the order they were made.
    scope: { id: mutationKey.join(':') },
    meta: { handlesErrors: true },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DiagnosticQuestionResponse[]>(key);
      if (previous) {
        const byId = new Map(previous.map((q) => [q.id, q]));
        queryClient.setQueryData(
          key,
          ids.flatMap((id, position) => {
            const question = byId.get(id);
            return question ? [{ ...question, position }] : [];
          }),
        );
      }
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      reportError(error);
    },
    onSuccess: (questions) => {
      // A later move still on its way keeps its own (optimistic) order on screen.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, questions);
    },
  });
}
