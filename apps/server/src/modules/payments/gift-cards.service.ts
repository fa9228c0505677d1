import type {
  GiftCardKind,
  GiftCardResponse,
  GiftCardStatus,
  Locale,
  PaymentStatus,
  RedeemGiftCardRequest,
} from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import { audit } from '../../platform/audit';
import { renderGiftCard } from '../../platform/documents/gift-card';
import { AppError, fieldError, notFound } from '../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { findAccountSettings } from '../accounts';
import { newVoucherCode } from '../buybacks';
import { CONNECTOR_FQN, findActiveConfiguration, resolveConfiguration } from '../connectors';
import { newGiftCardNumber } from './gift-card-codes';
import * as repo from './gift-cards.repository';
import { changePaymentStatus, type PaymentToExecute } from './payment-execution';
import type { PaymentColumns } from './payment-execution.repository';
import {
  findVisiblePayment,
  findVoucherCode,
  recordPaymentDetails,
  recordVoucherCode,
} from './payments.repository';

/**
 * Gift cards and vouchers of the built-in issuer (docs/payments.md, "Gift cards and vouchers").
 * The payment job (payment-execution.ts) calls `payByGiftCard` / `payByVoucher` in its
 * transaction, the payment locked and its amount computed: the card is issued and the payment
 * completed, or the payment fails with a reason. At the store counter a card is looked up by its
 * code and redeemed, the card's row locked so that two tills cannot spend one balance twice.
 */

/** The validity of a card when the account has no issuer configuration of its own. */
const DEFAULT_VALIDITY_MONTHS = 12;

/** The cards' validity: the account's active issuer configuration's, else 12 months. */
async function validityMonths(
  tx: BaseTxContext,
  accountId: string,
): Promise<{ months: number; configurationId: string | null }> {
  const issuer = await findActiveConfiguration(tx, accountId, CONNECTOR_FQN.giftCardIssuer);
  const months = Number(issuer?.values.validity_months);
  return {
    months: Number.isInteger(months) && months > 0 ? months : DEFAULT_VALIDITY_MONTHS,
    configurationId: issuer?.id ?? null,
  };
}

function monthsFromNow(months: number): Date {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

/** Moves the job's payment on (payment-execution.ts `changePaymentStatus`: checked, recorded, audited). */
async function moveTo(
  tx: BaseTxContext,
  payment: PaymentToExecute,
  to: PaymentStatus,
  columns: PaymentColumns,
  card?: { id: string; number?: string },
): Promise<void> {
  const row = {
    id: payment.id,
    account_id: payment.accountId,
    buyback_id: payment.buybackId,
    status: payment.status,
  };
  if (card) await recordPaymentDetails(tx, row, { gift_card_id: card.id, gift_card_number: card.number });
  await changePaymentStatus(tx, row, to, columns);
}

/** Issues a card for the payment (once: a job run again finds the card it issued). */
async function issueCard(
  tx: BaseTxContext,
  payment: PaymentToExecute,
  kind: GiftCardKind,
  code: () => string,
): Promise<{ id: string; code: string; issuerConfigurationId: string | null }> {
  const { months, configurationId } = await validityMonths(tx, payment.accountId);
  const existing = await repo.findCardOfPayment(tx, payment.id);
  if (existing) return { id: existing.id, code: existing.code, issuerConfigurationId: configurationId };
  // a random 16-digit number collides once in 10^15 draws; a voucher's code is its own (unique)
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = code();
    const id = await repo.insertCard(tx, {
      accountId: payment.accountId,
      kind,
      code: candidate,
      amountCents: payment.amountCents,
      currency: payment.currency,
      expiresAt: monthsFromNow(months),
      paymentId: payment.id,
    });
    if (id) {
      await audit(tx, {
        action: 'create',
        entityType: 'gift_card',
        entityId: id,
        accountId: payment.accountId,
        after: { kind, amountCents: payment.amountCents, validityMonths: months, paymentId: payment.id },
      });
      return { id, code: candidate, issuerConfigurationId: configurationId };
    }
  }
  throw new Error('no free gift card code after 5 draws');
}

/**
 * Pays by gift card: with an active gift-card terminal, an amount above its maximum fails the
 * payment (`amount_above_terminal_maximum`, relaunched once the maximum is raised); otherwise a
 * card of the amount is issued and the payment completed with its number.
 */
export async function payByGiftCard(tx: BaseTxContext, payment: PaymentToExecute): Promise<void> {
  const terminal = await findActiveConfiguration(tx, payment.accountId, CONNECTOR_FQN.giftCardTerminal);
  const maximum = Number(terminal?.values.maximum_amount);
  if (terminal && Number.isFinite(maximum) && payment.amountCents > maximum) {
    await moveTo(tx, payment, 'payment_failed', {
      failure_reason: 'amount_above_terminal_maximum',
      connector_configuration_id: terminal.id,
    });
    return;
  }
  if (payment.amountCents <= 0) throw new Error('a gift card pays a positive amount');
  const card = await issueCard(tx, payment, 'gift_card', newGiftCardNumber);
  await moveTo(
    tx,
    payment,
    'payment_completed',
    {
      failure_reason: null,
      connector_configuration_id: terminal?.id ?? card.issuerConfigurationId,
      paid_at: new Date(),
    },
    { id: card.id, number: card.code },
  );
}

/**
 * Pays by voucher: a store buyback's code was issued with it, a pre-declared one's at its
 * finalisation (payments.voucher_code); any other web buyback (post, drop with label, collect)
 * gets its code now, at its completion, never at the checkout (docs/payments.md). The payment
 * records a card of kind voucher with that code and the amount, and completes.
 */
export async function payByVoucher(tx: BaseTxContext, payment: PaymentToExecute): Promise<void> {
  if (payment.amountCents <= 0) throw new Error('a voucher pays a positive amount');
  let voucherCode = await findVoucherCode(tx, payment);
  if (!voucherCode) {
    voucherCode = newVoucherCode();
    await recordVoucherCode(tx, payment, voucherCode);
  }
  const code = voucherCode;
  const card = await issueCard(tx, payment, 'voucher', () => code);
  await moveTo(
    tx,
    payment,
    'payment_completed',
    { failure_reason: null, connector_configuration_id: card.issuerConfigurationId, paid_at: new Date() },
    { id: card.id },
  );
}

// ---------- the counter: look-up and redemption ----------

async function toGiftCardResponse(ctx: BaseContext, card: repo.GiftCardRow): Promise<GiftCardResponse> {
  const redemptions = await repo.listRedemptions(ctx, card.id);
  return {
    id: card.id,
    kind: card.kind as GiftCardKind,
    code: card.code,
    status: card.status as GiftCardStatus,
    expired: card.expired,
    initialCents: card.initial_cents,
    balanceCents: card.balance_cents,
    currency: card.currency,
    expiresAt: card.expires_at ? new Date(card.expires_at).toISOString() : null,
    retailer: card.retailer,
    buybackIdentificationNumber: card.buyback_code,
    createdAt: new Date(card.created_at).toISOString(),
    redemptions: redemptions.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      at: new Date(r.at).toISOString(),
      by: r.by,
      store: r.store,
    })),
  };
}

const unknownCard = () => new AppError('gift_card_not_found', 'No gift card or voucher has this code.');

/** A card of the user's account by its code (another account's code is unknown too). */
export async function getGiftCard(ctx: RequestContext, code: string): Promise<GiftCardResponse> {
  const card = await repo.findCardByCode(ctx, code);
  if (!card) throw unknownCard();
  return toGiftCardResponse(ctx, card);
}

/** Why a card cannot be redeemed now, checked on the locked row; null when it can. */
function redemptionRefusal(
  card: Pick<repo.GiftCardRow, 'status' | 'expired' | 'kind' | 'balance_cents'>,
  amountCents: number,
): AppError | null {
  if (card.status === 'cancelled')
    return new AppError('gift_card_cancelled', 'This card has been cancelled.');
  if (card.status === 'exhausted' || card.balance_cents === 0)
    return new AppError('gift_card_exhausted', 'This card has already been spent entirely.');
  if (card.expired) return new AppError('gift_card_expired', 'This card has expired.');
  if (card.kind === 'voucher' && amountCents !== card.balance_cents)
    return fieldError('voucher_whole_balance', 'amountCents', 'A voucher is redeemed for its whole balance.');
  if (amountCents > card.balance_cents)
    return fieldError(
      'gift_card_amount_above_balance',
      'amountCents',
      'The amount is above the balance of the card.',
    );
  return null;
}

/**
 * Redeems an amount of a card at the counter: the card's row locked for the transaction, the
 * rules checked on it, the balance decreased (`exhausted` at 0) and the redemption recorded with
 * the user and the organisation (the store) it was made at.
 */
export async function redeemGiftCard(
  ctx: RequestContext,
  code: string,
  input: RedeemGiftCardRequest,
): Promise<GiftCardResponse> {
  return transact(ctx, async (tx) => {
    const card = await repo.findCardByCode(tx, code, { forUpdate: true });
    if (!card) throw unknownCard();
    const refusal = redemptionRefusal(card, input.amountCents);
    if (refusal) throw refusal;
    const redemptionId = await repo.redeem(tx, card, {
      amountCents: input.amountCents,
      organizationId: tx.actor.organizationId,
      userId: tx.actor.userId,
    });
    const balance = card.balance_cents - input.amountCents;
    await audit(tx, {
      action: 'update',
      entityType: 'gift_card',
      entityId: card.id,
      accountId: card.account_id,
      before: { balanceCents: card.balance_cents, status: card.status },
      after: {
        balanceCents: balance,
        status: balance === 0 ? 'exhausted' : card.status,
        redemptionId,
        amountCents: input.amountCents,
      },
    });
    const after = await repo.findCardByCode(tx, code);
    if (!after) throw unknownCard();
    return toGiftCardResponse(tx, after);
  });
}

// ---------- the gift card document ----------

/**
 * The gift card of a buyback paid by gift card (`GET /buybacks/{id}/documents/gift-card`): its
 * amount, number (Code 128), expiry and retailer; with a gift-card terminal, its merchant id,
 * terminal id and item code.
 */
export async function giftCardPdf(
  ctx: RequestContext,
  buybackId: string,
  fileLanguage?: Locale,
): Promise<{ filename: string; data: Buffer }> {
  const payment = await findVisiblePayment(ctx, { buybackId });
  if (!payment) throw notFound('buyback');
  // the card is its payment's account's, read through the buyback the user sees (a buyer's too)
  const ofPayment: RequestContext = { ...ctx, scope: { kind: 'account', accountId: payment.account_id } };
  const card = payment.gift_card_number
    ? await repo.findCardByCode(ofPayment, payment.gift_card_number)
    : undefined;
  if (payment.type !== 'gift_card' || !card || card.kind !== 'gift_card')
    throw new AppError('document_unavailable', 'The gift card of this buyback is not available.');
  const settings = await findAccountSettings(ctx, payment.account_id);
  const configuration = payment.connector_configuration_id
    ? await resolveConfiguration(ctx, payment.connector_configuration_id)
    : null;
  const terminal = configuration?.fqn === CONNECTOR_FQN.giftCardTerminal ? configuration.values : null;
  const data = await renderGiftCard({
    language: settings?.language ?? 'fr-FR',
    currency: card.currency,
    code: card.code,
    amountCents: card.initial_cents,
    expiresAt: card.expires_at ? new Date(card.expires_at) : null,
    issuedAt: new Date(card.created_at),
    retailer: card.retailer,
    store: payment.store_name,
    buybackIdentificationNumber: payment.buyback_code,
    terminal: terminal
      ? {
          merchantId: terminal.merchant_id ?? null,
          terminalId: terminal.terminal_id ?? null,
          itemCode: terminal.item_code ?? null,
        }
      : null,
  });
  return { filename: documentFileName('gift-card', fileLanguage, payment.buyback_code), data };
}
