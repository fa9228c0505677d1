import type { CreateQuestionRequest, PatchQuestionRequest, QuestionResponse } from '@reprise/shared';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../../../app/errors';
import { api } from '../../../lib/api';
import { categoriesKeys, questionsKeys } from '../catalog-keys';

export { questionsKeys };

const fetchQuestions = (categoryId: string, signal: AbortSignal) =>
  api.get<QuestionResponse[]>(`/categories/${categoryId}/questions`, { signal });

/** The category's own questions, in their order. */
export function useCategoryQuestions(categoryId: string) {
  return useQuery({
    queryKey: questionsKeys.ofCategory(categoryId),
    queryFn: ({ signal }) => fetchQuestions(categoryId, signal),
  });
}

/** The questions of several categories (the ancestors of one), each in its order. */
export function useQuestionsOf(categoryIds: readonly string[]) {
  return useQueries({
    queries: categoryIds.map((categoryId) => ({
      queryKey: questionsKeys.ofCategory(categoryId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchQuestions(categoryId, signal),
    })),
  });
}

export function useQuestion(id: string) {
  return useQuery({
    queryKey: questionsKeys.detail(id),
    queryFn: ({ signal }) => api.get<QuestionResponse>(`/questions/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/diagnostic' } },
  });
}

/** The category's questions and its question count (in the landing's tree and on the category) changed. */
function afterWrite(queryClient: QueryClient, categoryId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: questionsKeys.ofCategory(categoryId) }),
    queryClient.invalidateQueries({ queryKey: categoriesKeys.index() }),
    queryClient.invalidateQueries({ queryKey: categoriesKeys.detail(categoryId) }),
  ]);
}

export function useCreateQuestion(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuestionRequest) =>
      api.post<QuestionResponse>(`/categories/${categoryId}/questions`, body),
    meta: { handlesErrors: true },
    onSuccess: (question) => {
      queryClient.setQueryData(questionsKeys.detail(question.id), question);
      return afterWrite(queryClient, categoryId);
    },
  });
}

export function useUpdateQuestion(id: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchQuestionRequest) => api.patch<QuestionResponse>(`/questions/${id}`, patch),
    meta: { handlesErrors: true },
    onSuccess: (question) => {
      queryClient.setQueryData(questionsKeys.detail(question.id), question);
      return afterWrite(queryClient, categoryId);
    },
  });
}

export function useDeleteQuestion(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/questions/${id}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: questionsKeys.detail(id) });
      return afterWrite(queryClient, categoryId);
    },
  });
}

/** Saves a new order of the category's questions, shown at once and undone if the server refuses it. */
export function useReorderQuestions(categoryId: string) {
  const queryClient = useQueryClient();
  const key = questionsKeys.ofCategory(categoryId);
  const mutationKey = ['reorder-questions', categoryId];
  return useMutation({
    mutationKey,
    mutationFn: (ids: string[]) =>
      api.post<QuestionResponse[]>(`/categories/${categoryId}/questions/order`, { ids }),
    // Quick successive moves reach the server in the order they were made.
    scope: { id: mutationKey.join(':') },
    meta: { handlesErrors: true },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QuestionResponse[]>(key);
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
