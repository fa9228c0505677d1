import type { Locale } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { PdfDocument } from '../../platform/documents';
import { renderShippingLabel } from '../../platform/documents';
import { AppError, notFound } from '../../platform/errors';
import { organizationAddress } from '../../platform/organization-address';
import type { BaseContext, RequestContext } from '../../platform/request-context';
import { carrierLabelPdf, carrierLabelState, shippingLabelState } from '../transport';
import * as repo from './buybacks.repository';
import { findDocumentBuyback } from './document-buyback';

/** The shipping label of a web buyback sent by parcel (transport/shipping-labels.ts). */

const notExpected = () =>
  new AppError('shipping_label_not_expected', 'This buyback has no shipping label (its circuit sends none).');
const notReady = () =>
  new AppError(
    'shipping_label_not_ready',
    'The shipping label is not ready yet: ask again in a few seconds.',
    [],
    {
      'retry-after': '3',
    },
  );

const unavailable = () =>
  new AppError(
    'shipping_label_unavailable',
    'The carrier could not make the shipping label: it is not available.',
  );

async function visibleRow(ctx: BaseContext, id: string) {
  const row = await findDocumentBuyback(ctx, id);
  if (!row) throw notFound('buyback');
  return row;
}

/** `HEAD /buybacks/{id}/shipping-label`: resolves when ready, else throws 425 or 404. */
export async function checkShippingLabel(ctx: RequestContext, id: string): Promise<void> {
  const state = shippingLabelState(await visibleRow(ctx, id));
  if (state === 'not_expected') throw notExpected();
  if (state === 'pending') throw notReady();
  if (state === 'failed') throw unavailable();
}

/** `GET /buybacks/{id}/shipping-label`: the platform's own label PDF. */
export async function shippingLabelPdf(
  ctx: BaseContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const row = await visibleRow(ctx, id);
  const state = shippingLabelState(row);
  if (state === 'not_expected') throw notExpected();
  if (state === 'pending') throw notReady();
  if (state === 'failed') throw unavailable();
  // the carrier's own label when a carrier carries the parcel (modules/transport)
  const carrier = await carrierLabelState(ctx, { id: row.id, accountId: row.account_id }, 'shipping');
  if (carrier.state === 'ready') {
    const pdf = await carrierLabelPdf(ctx, carrier.fileKey);
    if (!pdf) throw new AppError('document_unavailable', 'The carrier label file is missing.');
    return {
      filename: documentFileName('shipping-label', fileLanguage, row.identification_number),
      data: pdf,
    };
  }
  const [settings, warehouse, transportProvider] = await Promise.all([
    repo.findAccountSettings(ctx, row.account_id),
    row.destination_warehouse_id
      ? repo.findOrganization(ctx, row.destination_warehouse_id)
      : Promise.resolve(undefined),
    repo.findTransportProviderName(ctx, row.circuit_id),
  ]);
  if (!settings) throw notFound('account');
  if (!warehouse) {
    throw new AppError('document_unavailable', 'The warehouse this parcel goes to cannot be found.');
  }
  const data = await renderShippingLabel({
    language: settings.language,
    identificationNumber: row.identification_number,
    itemIdentificationNumber: row.item_identification_number,
    createdAt: new Date(row.created_at),
    sender: {
      name: `${row.customer_first_name} ${row.customer_last_name}`,
      street: row.customer_street,
      streetMore: row.customer_street_more,
      zip: row.customer_zip,
      city: row.customer_city,
      country: row.customer_country,
    },
    recipient: organizationAddress(warehouse),
    transportProvider,
    circuitName: row.circuit_name,
    productName: row.product_name,
  });
  return { filename: documentFileName('shipping-label', fileLanguage, row.identification_number), data };
}
