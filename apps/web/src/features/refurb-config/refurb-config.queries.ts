import type {
  Collection,
  CreateRefurbQuestionRequest,
  CreateRefurbStepRequest,
  PatchRefurbStepRequest,
  RefurbConfigAccountsResponse,
  RefurbQuestionRequest,
  RefurbQuestionResponse,
  RefurbStepOptionsResponse,
  RefurbStepResponse,
  RefurbStepStockOptionsResponse,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

type ListQuery = Record<string, string | number | null | undefined>;

/**
 * One key factory for the refurbishment configuration of a buyer account: its services, their form
 * options, its diagnosis questions, and the accounts a platform operator chooses among.
 */
const refurbConfigKeys = {
  all: ['refurb-config'] as const,
  steps: () => [...refurbConfigKeys.all, 'steps'] as const,
  stepLists: () => [...refurbConfigKeys.steps(), 'list'] as const,
  stepList: (query: ListQuery) => [...refurbConfigKeys.stepLists(), query] as const,
  step: (id: string) => [...refurbConfigKeys.steps(), 'detail', id] as const,
  stepOptions: (account: string | null) => [...refurbConfigKeys.steps(), 'options', account] as const,
  stockOptions: (account: string | null) => [...refurbConfigKeys.all, 'stock-options', account] as const,
  questions: () => [...refurbConfigKeys.all, 'questions'] as const,
  questionList: (account: string | null) => [...refurbConfigKeys.questions(), 'list', account] as const,
  question: (id: string) => [...refurbConfigKeys.questions(), 'detail', id] as const,
  accounts: () => [...refurbConfigKeys.all, 'accounts'] as const,
};

const STEPS = '/refurb-steps';
const QUESTIONS = '/refurb-questions';

export function useRefurbSteps(query: ListQuery, enabled = true) {
  return useQuery({
    queryKey: refurbConfigKeys.stepList(query),
    queryFn: ({ signal }) => api.get<Collection<RefurbStepResponse>>(STEPS, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRefurbStep(id: string) {
  return useQuery({
    queryKey: refurbConfigKeys.step(id),
    queryFn: ({ signal }) => api.get<RefurbStepResponse>(`${STEPS}/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/refurb-steps' } },
  });
}

/** Every service of the account, for the answers of a question to plan. */
export function useRefurbStepOptions(account: string | null, enabled = true) {
  return useQuery({
    queryKey: refurbConfigKeys.stepOptions(account),
    queryFn: ({ signal }) =>
      api.get<RefurbStepOptionsResponse>(`${STEPS}/options`, { query: { account }, signal }),
    enabled,
  });
}

/** The account's warehouses and their stocks, for the service form. */
export function useStockOptions(account: string | null, enabled = true) {
  return useQuery({
    queryKey: refurbConfigKeys.stockOptions(account),
    queryFn: ({ signal }) =>
      api.get<RefurbStepStockOptionsResponse>(`${STEPS}/stock-options`, { query: { account }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useConfigAccounts(enabled: boolean) {
  return useQuery({
    queryKey: refurbConfigKeys.accounts(),
    queryFn: ({ signal }) => api.get<RefurbConfigAccountsResponse>(`${STEPS}/accounts`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** A service written: its detail is the answer; the lists, the options and the questions (their services' names) follow. */
function useAfterStepWrite() {
  const queryClient = useQueryClient();
  return (step?: RefurbStepResponse) => {
    if (step) queryClient.setQueryData(refurbConfigKeys.step(step.id), step);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: refurbConfigKeys.stepLists() }),
      queryClient.invalidateQueries({ queryKey: [...refurbConfigKeys.steps(), 'options'] }),
      queryClient.invalidateQueries({ queryKey: refurbConfigKeys.questions() }),
    ]);
  };
}

export function useCreateRefurbStep() {
  const afterWrite = useAfterStepWrite();
  return useMutation({
    mutationFn: (body: CreateRefurbStepRequest) => api.post<RefurbStepResponse>(STEPS, body),
    meta: { handlesErrors: true },
    onSuccess: (step) => afterWrite(step),
  });
}

export function useUpdateRefurbStep(id: string) {
  const afterWrite = useAfterStepWrite();
  return useMutation({
    mutationFn: (body: PatchRefurbStepRequest) => api.patch<RefurbStepResponse>(`${STEPS}/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (step) => afterWrite(step),
  });
}

/** Deletes a service; the screen says why it was refused (a question plans it). */
export function useDeleteRefurbStep() {
  const queryClient = useQueryClient();
  const afterWrite = useAfterStepWrite();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${STEPS}/${id}`),
    meta: { handlesErrors: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: refurbConfigKeys.step(id) });
      return afterWrite();
    },
  });
}

export function useRefurbQuestions(account: string | null, enabled = true) {
  return useQuery({
    queryKey: refurbConfigKeys.questionList(account),
    queryFn: ({ signal }) =>
      api.get<Collection<RefurbQuestionResponse>>(QUESTIONS, { query: { account }, signal }),
    enabled,
  });
}

export function useRefurbQuestion(id: string) {
  return useQuery({
    queryKey: refurbConfigKeys.question(id),
    queryFn: ({ signal }) => api.get<RefurbQuestionResponse>(`${QUESTIONS}/${id}`, { signal }),
    meta: { errorModal: { redirectToRoute: '/refurb-diagnosis-questions' } },
  });
}

/** A question written: its detail is the answer; the lists and the services (their answer counts) follow. */
function useAfterQuestionWrite() {
  const queryClient = useQueryClient();
  return (question?: RefurbQuestionResponse) => {
    if (question) queryClient.setQueryData(refurbConfigKeys.question(question.id), question);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...refurbConfigKeys.questions(), 'list'] }),
      queryClient.invalidateQueries({ queryKey: refurbConfigKeys.stepLists() }),
      queryClient.invalidateQueries({ queryKey: [...refurbConfigKeys.steps(), 'detail'] }),
    ]);
  };
}

export function useCreateRefurbQuestion() {
  const afterWrite = useAfterQuestionWrite();
  return useMutation({
    mutationFn: (body: CreateRefurbQuestionRequest) => api.post<RefurbQuestionResponse>(QUESTIONS, body),
    meta: { handlesErrors: true },
    onSuccess: (question) => afterWrite(question),
  });
}

export function useUpdateRefurbQuestion(id: string) {
  const afterWrite = useAfterQuestionWrite();
  return useMutation({
    mutationFn: (body: RefurbQuestionRequest) => api.put<RefurbQuestionResponse>(`${QUESTIONS}/${id}`, body),
    meta: { handlesErrors: true },
    onSuccess: (question) => afterWrite(question),
  });
}

export function useDeleteRefurbQuestion() {
  const queryClient = useQueryClient();
  const afterWrite = useAfterQuestionWrite();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${QUESTIONS}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: refurbConfigKeys.question(id) });
      return afterWrite();
    },
  });
}

/** Saves the whole list in a new order; the answer is the list as saved. */
export function useOrderRefurbQuestions(account: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put<Collection<RefurbQuestionResponse>>(`${QUESTIONS}/order`, {
        ids,
        ...(account ? { account } : {}),
      }),
    onSuccess: (list) => queryClient.setQueryData(refurbConfigKeys.questionList(account), list),
    // a list changed elsewhere meanwhile (409) is read again
    onError: () => queryClient.invalidateQueries({ queryKey: [...refurbConfigKeys.questions(), 'list'] }),
  });
}
