import type { TransferOrderSettingsResponse } from '@reprise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const transferOrderKeys = {
  all: ['settings', 'transfer-order'] as const,
};

export function useTransferOrderSettings() {
  return useQuery({
    queryKey: transferOrderKeys.all,
    queryFn: ({ signal }) => api.get<TransferOrderSettingsResponse>('/settings/transfer-order', { signal }),
    // a 403 (no premium feature) is shown on the page, not in the error modal
    meta: { handlesErrors: true },
    retry: false,
  });
}

export function useSaveTransferOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: string) =>
      api.put<TransferOrderSettingsResponse>('/settings/transfer-order', { terms }),
    meta: { handlesErrors: true },
    onSuccess: (settings) => queryClient.setQueryData(transferOrderKeys.all, settings),
  });
}
