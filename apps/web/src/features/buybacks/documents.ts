import type { Problem } from '@reprise/shared';
import { ApiError, NetworkError } from '../../lib/api';

export type BuybackDocument = 'transfer-order' | 'voucher';

/**
 * Downloads a buyback's PDF (`GET /buybacks/{id}/documents/{kind}`) with the session and saves it
 * under `filename`. A refusal rejects with the server's problem, like any other call.
 */
export async function downloadBuybackDocument(buybackId: string, kind: BuybackDocument, filename: string) {
  let response: Response;
  try {
    response = await fetch(`/api/buybacks/${buybackId}/documents/${kind}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/pdf' },
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network');
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(
      response.status,
      problem?.code
        ? problem
        : {
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            detail: '',
            code: 'unknown',
          },
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
