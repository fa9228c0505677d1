import { fillTransferOrderTerms, type Locale, type TransferOrderVariable } from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import {
  addressLine,
  documentStrings,
  formatMoney,
  formatUnits,
  type PdfDocument,
  renderTransferOrder,
  renderVoucher,
  type TransferOrderData,
} from '../../platform/documents';
import { AppError, notFound } from '../../platform/errors';
import type { BaseContext } from '../../platform/request-context';
import { trackingLinkOf } from '../tracking-links';
import * as repo from './buybacks.repository';
import { findDocumentBuyback } from './document-buyback';
import { hasFeature } from './wizard.rules';

/** The documents of a buyback: transfer order and voucher, in the account's language. */

const unavailable = (what: string) =>
  new AppError('document_unavailable', `The ${what} of this buyback is not available.`);

async function documentContext(ctx: BaseContext, id: string) {
  const row = await findDocumentBuyback(ctx, id);
  if (!row) throw notFound('buyback');
  const settings = await repo.findAccountSettings(ctx, row.account_id);
  if (!settings) throw notFound('account');
  return { row, settings };
}

/**
 * The transfer order: buyer identity (the category's buyer account's root organisation),
 * customer, product, declared state, answers, price, payment, the identification number as an
 * EAN-13 barcode, the terms (the account's own with custom_transfer_order, else the default
 * ones) with their variables filled, signature areas; transferOrderNumberOfCopy copies.
 */
export async function transferOrderPdf(
  ctx: BaseContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const { row, settings } = await documentContext(ctx, id);
  if (row.status === 'bb_cancelled' || row.predeclared) throw unavailable('transfer order');
  const [buyer, store, tracking] = await Promise.all([
    repo.findBuyerIdentity(ctx, row.buyer_account_id),
    row.store_id ? repo.findOrganization(ctx, row.store_id) : Promise.resolve(undefined),
    // the customer's tracking page, printed as a QR code (docs/tracking.md)
    trackingLinkOf(ctx, row),
  ]);
  if (!buyer) throw new AppError('transfer_order_unavailable', 'The buyer of this buyback cannot be found.');
  const language = settings.language;
  const t = documentStrings(language);
  const money = (cents: number) => formatMoney(cents, row.currency, language);
  const buyerAddress = {
    street: buyer.street,
    streetMore: buyer.street_more,
    zip: buyer.zip,
    city: buyer.city,
    country: buyer.country,
  };
  const capital = buyer.capital === null ? null : formatUnits(buyer.capital, row.currency, language);
  const paymentType = row.payment_type as TransferOrderData['paymentType'];
  const variables: Record<TransferOrderVariable, string> = {
    total_price: money(row.total_cents),
    buyer_address: addressLine(buyerAddress),
    buyer_long_name: buyer.corporate_name ?? buyer.common_name ?? buyer.account_name,
    buyer_name: buyer.common_name ?? buyer.account_name,
    buyer_siret: buyer.siret ?? '',
    buyer_capital: capital ?? '',
    customer_firstname: row.customer_first_name,
    customer_lastname: row.customer_last_name,
    payment_type: t.paymentTypes[paymentType],
    product_label: row.product_name,
  };
  const customTerms =
    hasFeature(settings.enabled_premium_features, 'custom_transfer_order') && settings.transfer_order_terms
      ? settings.transfer_order_terms
      : null;
  const data: TransferOrderData = {
    language,
    currency: row.currency,
    copies: row.transfer_order_copies,
    identificationNumber: row.identification_number,
    itemIdentificationNumber: row.item_identification_number,
    createdAt: new Date(row.created_at),
    store: store
      ? {
          commonName: store.common_name,
          address: {
            street: store.street,
            streetMore: store.street_more,
            zip: store.zip,
            city: store.city,
            country: store.country,
          },
        }
      : null,
    circuitName: row.circuit_name,
    buyer: {
      name: buyer.common_name ?? buyer.account_name,
      longName: buyer.corporate_name,
      address: buyerAddress,
      siret: buyer.siret,
      capital,
    },
    customer: {
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      email: row.customer_email,
      phone: row.customer_phone,
      address: {
        street: row.customer_street,
        streetMore: row.customer_street_more,
        zip: row.customer_zip,
        city: row.customer_city,
        country: row.customer_country,
      },
      identification:
        row.identification_type && row.customer_identification_number
          ? {
              type: row.identification_type as NonNullable<
                TransferOrderData['customer']['identification']
              >['type'],
              number: row.customer_identification_number,
              deliveryDate: row.identification_delivery_date,
              issuingAuthority: row.identification_issuing_authority,
            }
          : null,
    },
    product: {
      name: row.product_name,
      brand: row.product_brand,
      model: row.product_model,
      category: row.category_label,
      imei: row.imei,
    },
    declaredState: row.declared_state as TransferOrderData['declaredState'],
    answers: row.answers.map((a) => ({ question: a.questionTitle, answers: a.answerTitles })),
    price: {
      basePriceCents: row.base_price_cents,
      impactPriceEntries: row.impact_price_entries,
      estimatedPriceCents: row.estimated_price_cents,
      paymentModifierCents: row.payment_modifier_cents,
      shippingModifierCents: row.shipping_modifier_cents,
      bonusCents: row.bonus_cents,
      totalCents: row.total_cents,
    },
    paymentType,
    paymentModeLabel: row.payment_mode_label,
    ibanMasked: row.iban_masked,
    terms: fillTransferOrderTerms(customTerms ?? t.defaultTerms, variables),
    trackingUrl: tracking?.url ?? null,
  };
  try {
    return {
      filename: documentFileName('transfer-order', fileLanguage, row.identification_number),
      data: await renderTransferOrder(data),
    };
  } catch {
    throw new AppError(
      'transfer_order_unavailable',
      'The transfer order cannot be generated now; try again later.',
    );
  }
}

/** The voucher of a buyback paid by voucher, with its own code and a Code 128 barcode. */
export async function voucherPdf(ctx: BaseContext, id: string, fileLanguage?: Locale): Promise<PdfDocument> {
  const { row, settings } = await documentContext(ctx, id);
  if (
    row.payment_type !== 'voucher' ||
    !row.voucher_code ||
    row.status === 'bb_cancelled' ||
    row.predeclared
  ) {
    throw unavailable('voucher');
  }
  const data = await renderVoucher({
    language: settings.language,
    currency: row.currency,
    voucherCode: row.voucher_code,
    amountCents: row.total_cents,
    identificationNumber: row.identification_number,
    createdAt: new Date(row.created_at),
    issuer: settings.name,
    store: row.store_common_name,
    customerName: `${row.customer_first_name} ${row.customer_last_name}`,
    productName: row.product_name,
  });
  return { filename: documentFileName('voucher', fileLanguage, row.voucher_code), data };
}
