import type { BuybackResponse, GiftCardResponse, PaymentResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectProblem, PM, useBuybackKit } from '../../../test/buyback-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import {
  giftCardNumberOf,
  paymentReaching,
  paymentStatusHistory,
  setTerminalMaximum,
} from '../../../test/payment-kit';
import type { RequestContext } from '../../platform/request-context';
import { isValidLuhn } from './gift-card-codes';

/**
 * Gift cards and vouchers of the built-in issuer (docs/payments.md): issued by the payment job when
 * a buyback paid by gift card or voucher completes, refused above the gift-card terminal's maximum,
 * and redeemed at the store counter (`voucher.redeem`) under the rules of the card's row, locked.
 */

const k = useBuybackKit();
let warehouse: RequestContext;
beforeAll(async () => {
  warehouse = await warehouseManagerContext(k.t);
});

/** A Paris store buyback paid this way, completed at its declared price (the payment job runs). */
async function completedBuyback(paymentModeId: string): Promise<BuybackResponse> {
  const b = await k.createBuyback({ paymentModeId });
  await advanceItem(warehouse, b.item.id, 'item_completed_by_price');
  return b;
}

const cardOf = (code: string) =>
  k.t.db.selectFrom('gift_cards').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe('issuing', () => {
  let b: BuybackResponse;
  let p: PaymentResponse;

  beforeAll(async () => {
    b = await completedBuyback(PM.giftCard);
    p = await paymentReaching(k, b, 'payment_completed');
  });

  it('a completed buyback paid by gift card gets a 16-digit Luhn card of its amount, valid 12 months', async () => {
    const row = await k.t.db
      .selectFrom('payments')
      .select(['gift_card_id', 'gift_card_number', 'amount_cents', 'paid_at', 'connector_configuration_id'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.gift_card_number).toMatch(/^\d{16}$/);
    expect(isValidLuhn(row.gift_card_number as string)).toBe(true);
    expect(row.paid_at).not.toBeNull();
    // the terminal that would refuse it above its maximum is what executed it
    expect(row.connector_configuration_id).toBe(DEMO.connectorConfigurations.giftCardTerminal.id);
    const card = await cardOf(row.gift_card_number as string);
    expect(card).toMatchObject({
      id: row.gift_card_id,
      kind: 'gift_card',
      status: 'active',
      initial_cents: row.amount_cents,
      balance_cents: row.amount_cents,
      payment_id: p.id,
      account_id: DEMO.accounts.demoRetail,
    });
    expect(row.amount_cents).toBeGreaterThan(0);
    const months =
      (new Date(card.expires_at as Date).getTime() - new Date(card.created_at).getTime()) /
      (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(12);
  });

  it('the payment panel masks the number but its last 4 digits and offers the gift card', async () => {
    const number = (
      await k.t.db
        .selectFrom('payments')
        .select('gift_card_number')
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow()
    ).gift_card_number as string;
    expect(p.giftCardNumberMasked).toBe(`••••••••••••${number.slice(-4)}`);
    expect(p.allowedActions).toEqual({ relaunch: false, markPaid: false, downloadGiftCard: true });
    expect(await paymentStatusHistory(k.t, b.id)).toEqual(['awaiting_payment', 'payment_completed']);
  });

  it('the gift card PDF is downloaded under its localized name; another retailer gets 404', async () => {
    const res = await k.get('seller', `/api/buybacks/${b.id}/documents/gift-card?lang=fr-FR`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="carte-cadeau-${b.identificationNumber}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectProblem(await k.get('otherRmu', `/api/buybacks/${b.id}/documents/gift-card`), 404, 'not_found');
  });

  it('a buyback paid by bank transfer has no gift card to download', async () => {
    const transfer = await k.createBuyback();
    expectProblem(
      await k.get('seller', `/api/buybacks/${transfer.id}/documents/gift-card`),
      404,
      'document_unavailable',
    );
  });

  it('a voucher is recorded with the code issued with the buyback', async () => {
    const v = await completedBuyback(PM.voucher);
    await paymentReaching(k, v, 'payment_completed');
    expect(v.voucherCode).toMatch(/^V[0-9A-Z]{11}$/);
    const card = await cardOf(v.voucherCode as string);
    const paid = await k.t.db
      .selectFrom('payments')
      .select(['gift_card_id', 'amount_cents', 'gift_card_number'])
      .where('buyback_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({
      id: paid.gift_card_id,
      kind: 'voucher',
      initial_cents: paid.amount_cents,
      balance_cents: paid.amount_cents,
      status: 'active',
    });
    // a voucher has its own code, not a gift card number
    expect(paid.gift_card_number).toBeNull();
  });

  it('above the active terminal maximum the payment fails with its reason and no card is issued', async () => {
    await setTerminalMaximum(k.t, 1000);
    try {
      const f = await completedBuyback(PM.giftCard);
      const failed = await paymentReaching(k, f, 'payment_failed');
      expect(failed.failureReason).toBe('amount_above_terminal_maximum');
      expect(failed.allowedActions.relaunch).toBe(true);
      const cards = await k.t.db
        .selectFrom('gift_cards')
        .select('id')
        .where('payment_id', '=', failed.id)
        .execute();
      expect(cards).toEqual([]);
    } finally {
      await setTerminalMaximum(k.t, 150000);
    }
  });

  it('without an active terminal the same amount is issued (the maximum is the terminal’s)', async () => {
    await k.t.db
      .updateTable('connector_configurations')
      .set({ status: 'inactive' })
      .where('id', '=', DEMO.connectorConfigurations.giftCardTerminal.id)
      .execute();
    await setTerminalMaximum(k.t, 1000);
    try {
      const f = await completedBuyback(PM.giftCard);
      const paid = await paymentReaching(k, f, 'payment_completed');
      expect(paid.giftCardNumberMasked).toMatch(/^•{12}\d{4}$/);
    } finally {
      await setTerminalMaximum(k.t, 150000);
      await k.t.db
        .updateTable('connector_configurations')
        .set({ status: 'active' })
        .where('id', '=', DEMO.connectorConfigurations.giftCardTerminal.id)
        .execute();
    }
  });
});

describe('redemption at the counter', () => {
  let giftCard: string;
  let voucher: string;

  beforeAll(async () => {
    const g = await completedBuyback(PM.giftCard);
    const v = await completedBuyback(PM.voucher);
    await paymentReaching(k, g, 'payment_completed');
    await paymentReaching(k, v, 'payment_completed');
    giftCard = await giftCardNumberOf(k.t, g.id);
    voucher = v.voucherCode as string;
  });

  const look = async (code: string): Promise<GiftCardResponse> => {
    const res = await k.get('seller', `/api/gift-cards/by-code/${code}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const redeem = (
    code: string,
    amountCents: number,
    who: 'seller' | 'storeManager' | 'otherSeller' = 'seller',
  ) => k.post(who, `/api/gift-cards/by-code/${code}/redemptions`, { amountCents });

  it('a store seller reads a card by its code, typed with spaces and small letters', async () => {
    const spaced = giftCard.replace(/(.{4})/g, '$1 ').trim();
    const res = await k.get('seller', `/api/gift-cards/by-code/${encodeURIComponent(spaced)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: giftCard,
      kind: 'gift_card',
      status: 'active',
      expired: false,
      retailer: 'Demo Retail',
      redemptions: [],
    });
    expect((await look(voucher.toLowerCase())).kind).toBe('voucher');
  });

  it('a gift card is spent in parts, refused above its balance, exhausted at 0', async () => {
    const card = await look(giftCard);
    const first = await redeem(giftCard, 1000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ balanceCents: card.balanceCents - 1000, status: 'active' });
    expect(first.json().redemptions).toEqual([
      expect.objectContaining({ amountCents: 1000, store: 'Demo Retail Paris Rivoli' }),
    ]);
    const above = expectProblem(
      await redeem(giftCard, card.balanceCents),
      422,
      'gift_card_amount_above_balance',
    );
    expect(above.violations).toEqual([expect.objectContaining({ propertyPath: 'amountCents' })]);
    const rest = await redeem(giftCard, card.balanceCents - 1000, 'storeManager');
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ balanceCents: 0, status: 'exhausted' });
    expectProblem(await redeem(giftCard, 1), 409, 'gift_card_exhausted');
    const redemptions = await k.t.db
      .selectFrom('gift_card_redemptions')
      .select(['amount_cents', 'organization_id', 'account_id'])
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(redemptions).toHaveLength(2);
    expect(redemptions.every((r) => r.account_id === DEMO.accounts.demoRetail)).toBe(true);
  });

  it('a voucher is redeemed for its whole balance only', async () => {
    const card = await look(voucher);
    expectProblem(await redeem(voucher, card.balanceCents - 1), 422, 'voucher_whole_balance');
    const res = await redeem(voucher, card.balanceCents);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ balanceCents: 0, status: 'exhausted' });
  });

  it('an expired or cancelled card is refused', async () => {
    const g = await completedBuyback(PM.giftCard);
    await paymentReaching(k, g, 'payment_completed');
    const code = await giftCardNumberOf(k.t, g.id);
    await k.t.db
      .updateTable('gift_cards')
      .set({ expires_at: sql<Date>`now() - interval '1 day'` })
      .where('code', '=', code)
      .execute();
    expect((await look(code)).expired).toBe(true);
    expectProblem(await redeem(code, 100), 409, 'gift_card_expired');
    await k.t.db.updateTable('gift_cards').set({ status: 'cancelled' }).where('code', '=', code).execute();
    expectProblem(await redeem(code, 100), 409, 'gift_card_cancelled');
  });

  it('an unknown code, and another retailer’s code, are unknown; a malformed one is refused', async () => {
    expectProblem(
      await k.get('seller', '/api/gift-cards/by-code/1234567812345678'),
      404,
      'gift_card_not_found',
    );
    const res = await k.get('otherSeller', `/api/gift-cards/by-code/${voucher}`);
    expectProblem(res, 404, 'gift_card_not_found');
    expectProblem(await redeem(voucher, 100, 'otherSeller'), 404, 'gift_card_not_found');
    expect((await k.get('seller', '/api/gift-cards/by-code/abc')).statusCode).toBe(422);
    expect((await redeem(giftCard, 0)).statusCode).toBe(422);
  });

  it('users without voucher.redeem are refused', async () => {
    expect((await k.get('warehouse', `/api/gift-cards/by-code/${voucher}`)).statusCode).toBe(403);
    expect((await k.get('analyst', `/api/gift-cards/by-code/${voucher}`)).statusCode).toBe(403);
  });

  it('two tills redeeming at once cannot overdraw a card', async () => {
    const g = await completedBuyback(PM.giftCard);
    await paymentReaching(k, g, 'payment_completed');
    const code = await giftCardNumberOf(k.t, g.id);
    const card = await look(code);
    const part = Math.ceil(card.balanceCents * 0.6);
    const second = await k.t.secondApp();
    const manager = (await k.t.login('store_manager@demo.test')).authorization;
    const answers = await Promise.all([
      redeem(code, part),
      second.inject({
        method: 'POST',
        url: `/api/gift-cards/by-code/${code}/redemptions`,
        headers: { authorization: manager },
        payload: { amountCents: part },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const after = await cardOf(code);
    expect(after.balance_cents).toBe(card.balanceCents - part);
    const spent = await k.t.db
      .selectFrom('gift_card_redemptions')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('total'))
      .where('gift_card_id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(Number(spent.total)).toBe(part);
  });
});
