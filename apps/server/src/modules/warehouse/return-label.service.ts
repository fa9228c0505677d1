import type { ItemStatus, Locale } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { PdfDocument } from '../../platform/documents';
import { renderReturnLabel } from '../../platform/documents';
import { AppError, notFound } from '../../platform/errors';
import { organizationAddress } from '../../platform/organization-address';
import { type RequestContext, systemContext, transact } from '../../platform/request-context';
import { findAccountSettings, findOrganization } from '../accounts';
import { findVisibleBuyback, RETURN_LABEL_STATUSES, resolveItem } from '../buyback-lifecycle';
import {
  activeTransportConfiguration,
  carrierLabelPdf,
  carrierLabelState,
  requestShipments,
} from '../transport';

const unavailable = () =>
  new AppError(
    'document_unavailable',
    'This item has no return label: it is neither in quarantine nor to be returned.',
  );

/**
 * `GET /items/{id}/documents/return-label`: the platform's own label sending an item back to its
 * customer, from the item's warehouse, while it is in quarantine or to be
 * returned; in the retailer account's language, the file named in the user's (`?lang=`).
 */
export async function returnLabelPdf(
  ctx: RequestContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const item = await resolveItem(ctx, { id });
  if (!RETURN_LABEL_STATUSES.includes(item.status as ItemStatus) || !item.warehouse_id) throw unavailable();
  const [buyback, warehouse, settings] = await Promise.all([
    findVisibleBuyback(ctx, { id: item.buyback_id }),
    findOrganization(ctx, item.warehouse_id),
    findAccountSettings(ctx, item.account_id),
  ]);
  if (!buyback) throw notFound('buyback');
  if (!warehouse || !settings) throw unavailable();
  // with the retailer's carrier, the carrier's return label (asked for on the first download)
  const carrier = await carrierReturnLabel(ctx, item.account_id, buyback.id);
  if (carrier)
    return {
      filename: documentFileName('return-label', fileLanguage, item.identification_number),
      data: carrier,
    };
  const data = await renderReturnLabel({
    language: settings.language,
    buybackIdentificationNumber: buyback.identification_number,
    itemIdentificationNumber: item.identification_number,
    date: new Date(),
    sender: organizationAddress(warehouse),
    recipient: {
      name: `${buyback.customer_first_name} ${buyback.customer_last_name}`,
      street: buyback.customer_street,
      streetMore: buyback.customer_street_more,
      zip: buyback.customer_zip,
      city: buyback.customer_city,
      country: buyback.customer_country,
    },
    productName: buyback.product_name,
  });
  return { filename: documentFileName('return-label', fileLanguage, item.identification_number), data };
}

/**
 * The carrier's return label when the item's retailer has a transport configuration (docs/transport.md):
 * the first download requests a `return` shipment and answers 425 (as the shipping label does
 * while pending), a failed one 410; null without a carrier (the platform's own label then).
 */
async function carrierReturnLabel(ctx: RequestContext, retailerAccountId: string, buybackId: string) {
  // the retailer's carrier, read for a user of the buyer's warehouse too (the item is visible to it)
  const retailer = systemContext(ctx.deps, { kind: 'account', accountId: retailerAccountId }, ctx.locale);
  const configuration = await activeTransportConfiguration(retailer, retailerAccountId);
  if (!configuration) return null;
  const label = await carrierLabelState(retailer, { id: buybackId, accountId: retailerAccountId }, 'return');
  if (label.state === 'ready') {
    const pdf = await carrierLabelPdf(retailer, label.fileKey);
    if (pdf) return pdf;
    throw new AppError('document_unavailable', 'The carrier return label file is missing.');
  }
  if (label.state === 'failed')
    throw new AppError('shipping_label_unavailable', 'The carrier could not make the return label.');
  if (label.state === 'none')
    await transact(retailer, (tx) => requestShipments(tx, configuration, 'return', [buybackId]));
  throw new AppError(
    'shipping_label_not_ready',
    'The return label is being made by the carrier: ask again shortly.',
    [],
    {
      'retry-after': '3',
    },
  );
}
