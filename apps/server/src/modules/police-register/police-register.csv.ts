import type { PoliceRegisterEntryResponse } from '@reprise/shared';
import { type CsvValue, csvField, inertFormula, UTF8_BOM } from '../exports';

/**
 * The register of a period as CSV: `;` between fields (the police's and the stores' spreadsheets
 * read it so in France, Belgium and Germany), CRLF, RFC 4180 quoting, UTF-8 with its byte order
 * mark, as the other exports; texts typed by people made inert for spreadsheets (inertFormula).
 */

const COLUMNS = [
  'number',
  'acquired_at',
  'buyback_number',
  'item_number',
  'seller_last_name',
  'seller_first_name',
  'seller_street',
  'seller_street_more',
  'seller_zip',
  'seller_city',
  'seller_country',
  'identity_document_type',
  'identity_document_number',
  'identity_document_authority',
  'identity_document_date',
  'product',
  'brand',
  'model',
  'imei',
  'serial_number',
  'state',
  'price',
  'currency',
  'payment_type',
  'payment_mode',
  'device_check',
  'corrects_number',
  'correction_reason',
  'hash',
] as const;

const line = (values: readonly CsvValue[]) => `${values.map(csvField).join(';')}\r\n`;

const cells = (e: PoliceRegisterEntryResponse): CsvValue[] => [
  String(e.number),
  e.acquiredAt,
  e.buybackNumber,
  e.itemNumber,
  inertFormula(e.seller.lastName),
  inertFormula(e.seller.firstName),
  inertFormula(e.seller.street),
  inertFormula(e.seller.streetMore),
  e.seller.zip,
  inertFormula(e.seller.city),
  e.seller.country,
  e.seller.identityDocument.type,
  inertFormula(e.seller.identityDocument.number),
  inertFormula(e.seller.identityDocument.issuingAuthority),
  e.seller.identityDocument.deliveryDate,
  inertFormula(e.object.productName),
  inertFormula(e.object.brand),
  inertFormula(e.object.model),
  e.object.imei,
  inertFormula(e.object.serialNumber),
  e.object.state,
  (e.priceCents / 100).toFixed(2),
  e.currency,
  e.paymentType,
  inertFormula(e.paymentModeLabel),
  e.deviceCheck,
  e.corrects ? String(e.corrects.number) : null,
  inertFormula(e.correctionReason),
  e.hash,
];

export const registerCsv = (entries: readonly PoliceRegisterEntryResponse[]): string =>
  UTF8_BOM + line(COLUMNS) + entries.map((e) => line(cells(e))).join('');
