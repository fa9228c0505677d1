import type { Collection, FailedJobResponse } from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query of `GET /jobs/failed`: pagination and the queue filter (empty ones are left out). */
export type FailedJobsQuery = Record<string, string | number | null | undefined>;

const jobsKeys = {
  all: ['jobs'] as const,
  failedLists: () => [...jobsKeys.all, 'failed'] as const,
  failedList: (query: FailedJobsQuery) => [...jobsKeys.failedLists(), query] as const,
};

export function useFailedJobs(query: FailedJobsQuery) {
  return useQuery({
    queryKey: jobsKeys.failedList(query),
    queryFn: ({ signal }) => api.get<Collection<FailedJobResponse>>('/jobs/failed', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Retries or discards a failed job; the lists are read again either way (another admin may have acted). */
export function useFailedJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'discard' }) =>
      action === 'retry'
        ? api.post<void>(`/jobs/failed/${id}/retry`)
        : api.delete<void>(`/jobs/failed/${id}`),
    // the screen says itself that a job is gone (retried or discarded by another admin)
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKeys.failedLists() }),
  });
}
