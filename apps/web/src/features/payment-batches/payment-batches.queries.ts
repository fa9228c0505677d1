import type {
  BankStatementResponse,
  Collection,
  TransferBatchDetailResponse,
  TransferBatchResponse,
} from '@reprise/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** SEPA transfer batches and bank statements (modules/payments/transfer-batches.routes.ts). */
const paymentBatchesKeys = {
  all: ['payment-batches'] as const,
  lists: () => [...paymentBatchesKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...paymentBatchesKeys.lists(), query] as const,
  detail: (id: string) => [...paymentBatchesKeys.all, 'detail', id] as const,
};

export function useTransferBatches(query: Record<string, string | number | string[] | undefined>) {
  return useQuery({
    queryKey: paymentBatchesKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<Collection<TransferBatchResponse>>('/transfer-batches', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTransferBatch(id: string) {
  return useQuery({
    queryKey: paymentBatchesKeys.detail(id),
    queryFn: ({ signal }) => api.get<TransferBatchDetailResponse>(`/transfer-batches/${id}`, { signal }),
  });
}

/** `POST /transfer-batches/{id}/sent`: the answer seeds the detail; the lists are read again. */
export function useMarkBatchSent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TransferBatchDetailResponse>(`/transfer-batches/${id}/sent`),
    onSuccess: (batch) => {
      client.setQueryData(paymentBatchesKeys.detail(id), batch);
      void client.invalidateQueries({ queryKey: paymentBatchesKeys.lists() });
    },
  });
}

/** `POST /bank-statements` (multipart, field `file`): every batch may have changed. */
export function useUploadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<BankStatementResponse>('/bank-statements', body);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: paymentBatchesKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** `GET /transfer-batches/{id}/file`: the pain.001 XML, saved under the server's name for it. */
async function downloadBatchFile(batch: { id: string; messageId: string }) {
  await downloadFile(`/transfer-batches/${batch.id}/file`, {
    accept: 'application/xml',
    fallbackName: `${batch.messageId}.xml`,
  });
}

export function useDownloadBatchFile() {
  return useMutation({ mutationFn: downloadBatchFile });
}
