import type {
  BuybackEditionResponse,
  BuybackEditionStep,
  BuybackResponse,
  BuybackStatus,
  EditBuybackRequest,
  ItemStatus,
  PaymentStatus,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import { fold } from '../catalog';
import { toBuybackResponse } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { validateCustomer } from './customer.rules';
import * as editionRepo from './edition.repository';
import { editionRefusal, paymentStatusForTotal } from './edition.rules';
import { newVoucherCode } from './identification-numbers';
import { priceLine } from './wizard.service';

/**
 * The edition of a buyback (`/buyback/{id}/edition`): its customer's details, its payment mode and,
 * before the control, its diagnosis (the price computed again as at creation), and its external
 * code, in one transaction with one audit entry. The transfer order is drawn from the buyback at
 * each download, so the next one carries the new details (docs/statuses.md).
 */

const stateOf = (row: repo.BuybackDetailRow) => ({
  status: row.status as BuybackStatus,
  itemStatus: row.item_status as ItemStatus,
  paymentStatus: row.payment_status as PaymentStatus,
});

async function visible(ctx: RequestContext, id: string, forUpdate = false) {
  const row = await repo.findVisibleBuyback(ctx, { id }, { forUpdate });
  if (!row) throw notFound('buyback');
  return row;
}

export async function getEdition(ctx: RequestContext, id: string): Promise<BuybackEditionResponse> {
  const state = stateOf(await visible(ctx, id));
  const step = (name: BuybackEditionStep) => ({ refusal: editionRefusal(name, state) });
  return {
    steps: { customer: step('customer'), paymentMode: step('paymentMode'), diagnosis: step('diagnosis') },
  };
}

function assertOpen(row: repo.BuybackDetailRow, steps: BuybackEditionStep[]) {
  const refused = steps.flatMap((step) => {
    const refusal = editionRefusal(step, stateOf(row));
    return refusal ? [{ step, refusal }] : [];
  });
  if (refused.length === 0) return;
  throw new AppError(
    'buyback_edition_closed',
    'This part of the buyback can no longer be changed at its current step.',
    refused.map(({ step, refusal }) => ({
      propertyPath: step === 'diagnosis' ? 'answers' : step === 'paymentMode' ? 'paymentModeId' : step,
      message: `Closed: ${refusal}.`,
      code: `edition_${refusal}`,
    })),
  );
}

const customerOf = (row: repo.BuybackDetailRow) => ({
  firstName: row.customer_first_name,
  lastName: row.customer_last_name,
  email: row.customer_email,
  phone: row.customer_phone,
  street: row.customer_street,
  streetMore: row.customer_street_more,
  zip: row.customer_zip,
  city: row.customer_city,
  country: row.customer_country,
  identification: row.identification_type
    ? {
        type: row.identification_type,
        number: row.customer_identification_number,
        deliveryDate: row.identification_delivery_date,
        issuingAuthority: row.identification_issuing_authority,
      }
    : null,
});

async function editCustomer(tx: TxContext, row: repo.BuybackDetailRow, raw: Record<string, unknown>) {
  const settings = await repo.findAccountSettings(tx, row.account_id);
  const customer = validateCustomer(raw, null, {
    identityDocumentRequired: settings?.customer_identity_document_required ?? false,
    // the IBAN stays the payment's (docs/payments.md); the circuit was chosen for the country then
    ibanRequired: false,
  });
  await editionRepo.updateCustomer(
    tx,
    row,
    {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      street: customer.street,
      street_more: customer.streetMore,
      zip: customer.zip,
      city: customer.city,
      country: customer.country,
      identification_type: customer.identification.type,
      identification_number: customer.identification.number,
      identification_delivery_date: customer.identification.deliveryDate,
      identification_issuing_authority: customer.identification.issuingAuthority,
    },
    fold(`${customer.lastName} ${customer.firstName}`).trim(),
  );
  return customer.country;
}

/** The price computed again with the answers and payment mode given (else the buyback's own). */
async function reprice(
  tx: TxContext,
  row: repo.BuybackDetailRow,
  input: EditBuybackRequest,
  country: string,
) {
  const line = await priceLine(
    tx,
    row.account_id,
    {
      productId: row.product_id,
      answers:
        input.answers ?? row.answers.map((a) => ({ questionId: a.questionId, answerIds: a.answerIds })),
      imei: row.imei,
      shippingMethodId: row.circuit_id,
      paymentModeId: input.paymentModeId ?? row.payment_mode_id,
    },
    {
      channel: row.channel as 'store' | 'web',
      country,
      pathPrefix: '',
      contexts: new Map(),
      offeredCircuits: new Map(),
    },
  );
  if (line.payment.iban && row.iban_masked === null) {
    throw new AppError('validation_failed', 'This payment mode needs an IBAN the buyback does not have.', [
      { propertyPath: 'paymentModeId', message: 'An IBAN is needed.', code: 'iban_required' },
    ]);
  }
  const b = line.breakdown;
  await editionRepo.updateBuyback(tx, row, {
    payment_mode_id: line.payment.id,
    payment_mode_label: line.payment.label,
    payment_type: line.payment.type,
    payment_mode_description: line.payment.description,
    payment_mode_long_description: line.payment.longDescription,
    answers: JSON.stringify(line.snapshot),
    declared_state: b.declaredState,
    base_price_cents: b.basePriceCents,
    impact_price_entries: JSON.stringify(b.impactPriceEntries),
    estimated_price_cents: b.estimatedPriceCents,
    payment_modifier_cents: b.paymentModifierCents,
    shipping_modifier_cents: b.shippingModifierCents,
    bonus_cents: b.bonusCents,
    total_cents: b.totalCents,
    pricing_input: JSON.stringify(line.pricingInput),
  });
  // a voucher is issued with a store buyback (new-buyback-rows.ts); a web one's comes later
  const voucher =
    line.payment.type !== 'voucher'
      ? null
      : (row.voucher_code ?? (row.channel === 'store' && !row.predeclared ? newVoucherCode() : null));
  // only a bank transfer keeps an IBAN (010_iban_at_rest.sql): leaving it forgets the IBAN
  const noIban =
    line.payment.type === 'bank_transfer'
      ? {}
      : { iban_encrypted: null, iban_masked: null, iban_token_hash: null };
  await editionRepo.repriceItemAndPayment(tx, row, b.totalCents, {
    type: line.payment.type,
    voucher_code: voucher,
    ...noIban,
  });
  const paymentStatus = paymentStatusForTotal(row.payment_status as PaymentStatus, b.totalCents);
  if (paymentStatus !== row.payment_status) await repo.updateStatuses(tx, row, { paymentStatus });
}

const auditedOf = (row: repo.BuybackDetailRow) => ({
  externalCode: row.external_code,
  customer: customerOf(row),
  paymentModeId: row.payment_mode_id,
  paymentType: row.payment_type,
  answers: row.answers,
  totalCents: row.total_cents,
});

export async function editBuyback(
  ctx: RequestContext,
  id: string,
  input: EditBuybackRequest,
): Promise<BuybackResponse> {
  return transact(ctx, async (tx) => {
    const row = await visible(tx, id, true);
    const steps: BuybackEditionStep[] = [];
    if (input.customer !== undefined) steps.push('customer');
    if (input.paymentModeId !== undefined && input.paymentModeId !== row.payment_mode_id)
      steps.push('paymentMode');
    if (input.answers !== undefined) steps.push('diagnosis');
    assertOpen(row, steps.length > 0 ? steps : ['customer']);
    const codeChanged = input.externalCode !== undefined && input.externalCode !== row.external_code;
    // nothing to change: nothing written, no audit entry
    if (steps.length === 0 && !codeChanged) return toBuybackResponse(tx.actor, row);

    const country = input.customer ? await editCustomer(tx, row, input.customer) : row.customer_country;
    if (steps.includes('paymentMode') || steps.includes('diagnosis')) await reprice(tx, row, input, country);
    if (codeChanged) {
      await editionRepo.updateBuyback(tx, row, { external_code: input.externalCode });
    }
    const after = await visible(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: 'buyback',
      entityId: row.id,
      accountId: row.account_id,
      before: auditedOf(row),
      after: auditedOf(after),
    });
    return toBuybackResponse(tx.actor, after);
  });
}
