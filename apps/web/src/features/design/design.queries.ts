import type { AccountResponse, UpdateDesignRequest } from '@reprise/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../app/session.queries';
import { api } from '../../lib/api';

/** The account images the design screen manages. */
export type AccountImage = 'logo' | 'favicon';

export const accountsKeys = {
  all: ['accounts'] as const,
  detail: (id: string) => [...accountsKeys.all, 'detail', id] as const,
};

/** The account, starting from the copy the session already holds. */
export function useAccount(id: string, placeholder?: AccountResponse) {
  return useQuery({
    queryKey: accountsKeys.detail(id),
    queryFn: ({ signal }) => api.get<AccountResponse>(`/accounts/${id}`, { signal }),
    placeholderData: placeholder,
  });
}

/**
 * After a design change: the account, and the session whose account feeds the theme, the top-bar
 * logo and the favicon (awaited, so that the new look shows when the mutation settles).
 */
function afterDesignChange(queryClient: QueryClient, id: string, account: AccountResponse | undefined) {
  if (account?.id === id) queryClient.setQueryData(accountsKeys.detail(id), account);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountsKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  ]);
}

export function useUpdateDesign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDesignRequest) => api.patch<AccountResponse>(`/accounts/${id}/design`, body),
    onSuccess: (account) => afterDesignChange(queryClient, id, account),
  });
}

export function useUploadAccountImage(id: string, image: AccountImage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.put<AccountResponse | undefined>(`/accounts/${id}/${image}`, body);
    },
    meta: { handlesErrors: true },
    onSuccess: (account) => afterDesignChange(queryClient, id, account ?? undefined),
  });
}

export function useRemoveAccountImage(id: string, image: AccountImage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AccountResponse | undefined>(`/accounts/${id}/${image}`),
    onSuccess: (account) => afterDesignChange(queryClient, id, account ?? undefined),
  });
}
