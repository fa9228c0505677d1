import {
  type BuybackCircuitType,
  type Locale,
  SHIPPING_LABEL_CIRCUIT_TYPES,
  type ShippingLabelStatus,
} from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import { renderShippingLabel } from '../../platform/documents';
import { AppError, notFound } from '../../platform/errors';
import type { PdfDocument } from './buyback-documents.service';
import * as repo from './buybacks.repository';

/**
 * The shipping label of a web buyback sent by parcel (web_drop_label, web_post). Its state:
 * `not_expected` for the other circuits (and a cancelled buyback), `pending` while a carrier has
 * not answered yet, `ready` once generated. Until a carrier connector exists, the platform's own
 * label is generated at checkout (create-buybacks), so a new label buyback is ready at once; a
 * connector would store `pending` and set `ready` on the carrier's answer.
 */

export function hasShippingLabel(circuitType: string): boolean {
  return (SHIPPING_LABEL_CIRCUIT_TYPES as readonly string[]).includes(circuitType as BuybackCircuitType);
}

export function shippingLabelState(row: {
  circuit_type: string;
  status: string;
  shipping_label_status: string | null;
}): ShippingLabelStatus {
  if (!hasShippingLabel(row.circuit_type) || row.status === 'bb_cancelled') return 'not_expected';
  return row.shipping_label_status === 'ready' ? 'ready' : 'pending';
}

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

async function visibleRow(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleBuyback(db, actor, { id });
  if (!row) throw notFound('buyback');
  return row;
}

/** `HEAD /buybacks/{id}/shipping-label`: resolves when ready, else throws 425 or 404. */
export async function checkShippingLabel(db: Db, actor: Actor, id: string): Promise<void> {
  const state = shippingLabelState(await visibleRow(db, actor, id));
  if (state === 'not_expected') throw notExpected();
  if (state === 'pending') throw notReady();
}

/** `GET /buybacks/{id}/shipping-label`: the platform's own label PDF. */
export async function shippingLabelPdf(
  db: Db,
  actor: Actor,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const row = await visibleRow(db, actor, id);
  const state = shippingLabelState(row);
  if (state === 'not_expected') throw notExpected();
  if (state === 'pending') throw notReady();
  const [settings, warehouse, provider] = await Promise.all([
    repo.findAccountSettings(db, row.account_id),
    row.warehouse_id ? repo.findOrganization(db, row.warehouse_id) : Promise.resolve(undefined),
    db
      .selectFrom('circuits as c')
      .innerJoin('transport_providers as t', 't.id', 'c.transport_provider_id')
      .select('t.name')
      .where('c.id', '=', row.circuit_id)
      .executeTakeFirst(),
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
    recipient: {
      name: warehouse.corporate_name ?? warehouse.common_name,
      street: warehouse.street,
      streetMore: warehouse.street_more,
      zip: warehouse.zip,
      city: warehouse.city,
      country: warehouse.country,
    },
    transportProvider: provider?.name ?? null,
    circuitName: row.circuit_name,
    productName: row.product_name,
  });
  return { filename: documentFileName('shipping-label', fileLanguage, row.identification_number), data };
}
