import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { type ErrorModalOptions, reportError } from './errors';

/** `meta` of every query and mutation. */
interface RequestMeta extends Record<string, unknown> {
  /** The screen shows this failure itself (e.g. 422 violations inline): no error modal. */
  handlesErrors?: boolean;
  /** Where the error modal's button leads when this request fails. */
  errorModal?: ErrorModalOptions;
  /**
   * What else the answer shows (the users' parent organisations, a circuit's payment modes): it is
   * read again when one of them is written, without the writer knowing the reader's keys.
   */
  shows?: readonly ShownResource[];
}

/** Resources whose writes refresh the queries that show them (`meta.shows`). */
export type ShownResource = 'organizations' | 'payment-modes';

/** The filter of `invalidateQueries` for every query that shows a resource. */
export const queriesShowing = (resource: ShownResource) => ({
  predicate: (query: { meta?: RequestMeta }) => query.meta?.shows?.includes(resource) ?? false,
});

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function report(error: unknown, meta: RequestMeta | undefined): void {
  if (!meta?.handlesErrors) reportError(error, meta?.errorModal);
}

/** Client errors will not change by retrying; server and network failures get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
