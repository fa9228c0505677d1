import type { Locale } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { PdfDocument } from '../../platform/documents';
import { type DropSlipData, renderDropSlip } from '../../platform/documents';
import { AppError, notFound } from '../../platform/errors';
import type { BaseContext } from '../../platform/request-context';
import { trackingLinkOf } from '../tracking-links';
import { findStoresAcceptingDrops } from '../white-label';
import * as repo from './buybacks.repository';
import { findDocumentBuyback } from './document-buyback';

/**
 * The drop slip of a pre-declared buyback (web_drop): what the visitor brings to the store with the
 * device. Readable by whoever reads the buyback (a visitor: only its own, on its own site's host)
 * while the buyback awaits the drop; gone once the store finalises or it is cancelled.
 */
export async function dropSlipPdf(
  ctx: BaseContext,
  id: string,
  language: Locale | undefined,
): Promise<PdfDocument> {
  const row = await findDocumentBuyback(ctx, id);
  if (!row) throw notFound('buyback');
  if (!row.predeclared || row.status !== 'bb_awaiting_store_drop') {
    throw new AppError(
      'document_unavailable',
      'This buyback has no drop slip: it is not awaiting a store drop.',
    );
  }
  const [settings, stores, tracking] = await Promise.all([
    repo.findAccountSettings(ctx, row.account_id),
    findStoresAcceptingDrops(ctx, row.account_id),
    // the customer's tracking page, printed as a QR code (docs/tracking.md)
    trackingLinkOf(ctx, row),
  ]);
  if (!settings) throw notFound('account');
  const data = await renderDropSlip({
    // the visitor's language, else the account's
    language: language ?? settings.language,
    currency: row.currency,
    issuer: settings.name,
    identificationNumber: row.identification_number,
    createdAt: new Date(row.created_at),
    productName: row.product_name,
    declaredState: row.declared_state as DropSlipData['declaredState'],
    totalCents: row.total_cents,
    paymentModeLabel: row.payment_mode_label,
    circuitName: row.circuit_name,
    trackingUrl: tracking?.url ?? null,
    stores: stores.map((s) => ({
      name: s.common_name,
      street: s.street,
      streetMore: s.street_more,
      zip: s.zip,
      city: s.city,
    })),
  });
  return { filename: documentFileName('drop-slip', language, row.identification_number), data };
}
