import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** Query of a collection: pagination, `order[field]` and the list filters (empty ones are left out). */
export type ListQuery = Record<string, string | number | null | undefined>;

/**
 * A create or update sent from a form: the form shows its failures itself (422 violations inline,
 * no error modal), and once saved, `afterSave` puts the answer in the cache and invalidates the
 * queries that show it (the mutation ends when that is done).
 */
export function useSaveMutation<Body, Saved>(
  save: (body: Body) => Promise<Saved>,
  afterSave: (queryClient: QueryClient, saved: Saved) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: { handlesErrors: true },
    onSuccess: (saved) => afterSave(queryClient, saved),
  });
}
