import type { Locale, Problem } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { ApiError, NetworkError } from '../../lib/api';

export type BuybackDocument = 'transfer-order' | 'voucher';

/** The file name the server gives in `Content-Disposition` (`attachment; filename="…"`), if any. */
export function attachmentFileName(contentDisposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? null;
}

/**
 * Downloads a buyback's PDF (`GET /buybacks/{id}/documents/{kind}?lang=`) with the session and saves
 * it under the server's name for it, in the user's language. A refusal rejects with the server's
 * problem, like any other call.
 */
export async function downloadBuybackDocument(
  buyback: { id: string; identificationNumber: string },
  kind: BuybackDocument,
  locale: Locale,
) {
  let response: Response;
  try {
    response = await fetch(`/api/buybacks/${buyback.id}/documents/${kind}?lang=${locale}`, {
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
  link.download =
    attachmentFileName(response.headers.get('content-disposition')) ??
    documentFileName(kind, locale, buyback.identificationNumber);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
