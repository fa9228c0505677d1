import type { Locale } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { downloadFile } from '../../lib/download';

export type BuybackDocument = 'transfer-order' | 'voucher' | 'gift-card';

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
  await downloadFile(`/buybacks/${buyback.id}/documents/${kind}?lang=${locale}`, {
    accept: 'application/pdf',
    fallbackName: documentFileName(kind, locale, buyback.identificationNumber),
  });
}
