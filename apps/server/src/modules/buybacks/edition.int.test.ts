import type { BuybackResponse } from '@reprise/shared';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Who } from '../../../test/api-kit';
import {
  answersFor,
  type BuybackKit,
  customer,
  expectProblem,
  PM,
  startBuybackKit,
} from '../../../test/buyback-kit';

let k: BuybackKit;
let product: string;
let q: Awaited<ReturnType<BuybackKit['questionnaire']>>;
beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct();
  q = await k.questionnaire(product);
});
afterAll(() => k.close());

const edit = (id: string, payload: unknown, who: Who = 'seller') =>
  k.send('PATCH', who, `/api/buybacks/${id}/edition`, payload, {
    'content-type': 'application/merge-patch+json',
  });
const editionOf = async (id: string) => (await k.get('seller', `/api/buybacks/${id}/edition`)).json();
const setItemStatus = (id: string, status: string) =>
  k.t.db.updateTable('buyback_items').set({ status }).where('buyback_id', '=', id).execute();
const setPaymentStatus = (id: string, status: string) =>
  k.t.db.updateTable('payments').set({ status }).where('buyback_id', '=', id).execute();

async function transferOrderText(id: string) {
  const res = await k.get('seller', `/api/buybacks/${id}/documents/transfer-order`);
  expect(res.statusCode, res.body).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('editing a buyback', () => {
  it("changes the customer's details and the external code, audited, and the transfer order is issued again with them", async () => {
    const b = await k.createBuyback({ productId: product });
    expect(await editionOf(b.id)).toEqual({
      steps: { customer: { refusal: null }, paymentMode: { refusal: null }, diagnosis: { refusal: null } },
    });
    const res = await edit(b.id, {
      customer: customer({ lastName: 'Kowalczyk', city: 'Lyon', zip: '69002' }),
      externalCode: 'CAISSE-9-0042',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: BuybackResponse = res.json();
    expect(after.customer).toMatchObject({ lastName: 'Kowalczyk', city: 'Lyon', zip: '69002' });
    expect(after.externalCode).toBe('CAISSE-9-0042');
    expect(after.totalCents).toBe(b.totalCents);
    // the list finds it by its new code and sorts it by its new name
    const found = (await k.get('rmu', '/api/buybacks?externalCode=caisse-9-0042')).json();
    expect(found.member.map((m: { id: string }) => m.id)).toEqual([b.id]);

    const text = await transferOrderText(b.id);
    expect(text).toContain('Kowalczyk');
    expect(text).not.toContain('Łukasiewicz');

    // sending nothing new writes nothing
    expect((await edit(b.id, { externalCode: 'CAISSE-9-0042' })).statusCode).toBe(200);
    const entries = await k.t.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'buyback')
      .where('entity_id', '=', b.id)
      .where('action', '=', 'update')
      .execute();
    expect(entries).toHaveLength(1);
    const entry = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'buyback')
      .where('entity_id', '=', b.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'update',
      before: { externalCode: null, customer: { lastName: 'Łukasiewicz', city: 'Paris' } },
      after: { externalCode: 'CAISSE-9-0042', customer: { lastName: 'Kowalczyk', city: 'Lyon' } },
    });
  });

  it('a new payment mode and a new diagnosis compute the price again, as a new buyback with them would', async () => {
    const b = await k.createBuyback({ productId: product });
    const worse = answersFor(q, -1);
    const res = await edit(b.id, { paymentModeId: PM.voucher, answers: worse });
    expect(res.statusCode, res.body).toBe(200);
    const edited: BuybackResponse = res.json();
    const fresh = await k.createBuyback({ productId: product, paymentModeId: PM.voucher, answers: worse });
    expect(edited).toMatchObject({
      paymentType: 'voucher',
      paymentMode: { id: PM.voucher },
      declaredState: fresh.declaredState,
      estimatedPriceCents: fresh.estimatedPriceCents,
      paymentModifierCents: fresh.paymentModifierCents,
      totalCents: fresh.totalCents,
    });
    expect(edited.answers.map((a) => a.answerIds)).toEqual(worse.map((a) => a.answerIds));
    // a store buyback's voucher is issued with it: at once
    expect(edited.voucherCode).toMatch(/\S/);
    const item = await k.t.db
      .selectFrom('buyback_items')
      .select('purchase_price_cents')
      .where('buyback_id', '=', b.id)
      .executeTakeFirstOrThrow();
    const payment = await k.t.db
      .selectFrom('payments')
      .select(['type', 'amount_cents'])
      .where('buyback_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(item.purchase_price_cents).toBe(fresh.totalCents);
    expect(payment).toEqual({ type: 'voucher', amount_cents: fresh.totalCents });
  });

  it('once the item is controlled, the diagnosis and the payment mode are refused with their reason; the customer still changes', async () => {
    const b = await k.createBuyback({ productId: product });
    await setItemStatus(b.id, 'item_awaiting_compliancy_tests');
    expect((await editionOf(b.id)).steps).toEqual({
      customer: { refusal: null },
      paymentMode: { refusal: 'controlled' },
      diagnosis: { refusal: 'controlled' },
    });
    const refused = expectProblem(
      await edit(b.id, { answers: answersFor(q, -1), paymentModeId: PM.giftCard }),
      409,
      'buyback_edition_closed',
    );
    expect(refused.violations).toEqual([
      expect.objectContaining({ propertyPath: 'paymentModeId', code: 'edition_controlled' }),
      expect.objectContaining({ propertyPath: 'answers', code: 'edition_controlled' }),
    ]);
    expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().totalCents).toBe(b.totalCents);
    expect((await edit(b.id, { customer: customer({ firstName: 'Anna' }) })).statusCode).toBe(200);
  });

  it('a payment under way refuses a new payment mode, not a new diagnosis', async () => {
    const b = await k.createBuyback({ productId: product });
    await setPaymentStatus(b.id, 'payment_initiated');
    expect((await editionOf(b.id)).steps.paymentMode).toEqual({ refusal: 'payment_started' });
    expectProblem(await edit(b.id, { paymentModeId: PM.giftCard }), 409, 'buyback_edition_closed');
    expect((await edit(b.id, { answers: answersFor(q, -1) })).statusCode).toBe(200);
  });

  it('a cancelled buyback refuses every change', async () => {
    const b = await k.createBuyback({ productId: product });
    const cancelled = await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, {
      reason: 'customer_retraction',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await editionOf(b.id)).steps.customer).toEqual({ refusal: 'cancelled' });
    const refused = expectProblem(
      await edit(b.id, { customer: customer({ firstName: 'Anna' }) }),
      409,
      'buyback_edition_closed',
    );
    expect(refused.violations[0]).toMatchObject({ propertyPath: 'customer', code: 'edition_cancelled' });
    expectProblem(await edit(b.id, { externalCode: 'X' }), 409, 'buyback_edition_closed');
  });

  it('refuses invalid details, a payment mode the circuit does not offer or that needs an IBAN it lacks, a reader and another retailer', async () => {
    const b = await k.createBuyback({
      productId: product,
      paymentModeId: PM.noIbanTransfer,
      customer: customer(),
    });
    const zip = expectProblem(
      await edit(b.id, { customer: customer({ zip: '' }) }),
      422,
      'validation_failed',
    );
    expect(zip.violations[0]).toMatchObject({ propertyPath: 'customer.zip' });
    const iban = expectProblem(
      await edit(b.id, { paymentModeId: PM.bankTransfer }),
      422,
      'validation_failed',
    );
    expect(iban.violations[0]).toMatchObject({ propertyPath: 'paymentModeId', code: 'iban_required' });
    expect((await edit(b.id, { paymentModeId: crypto.randomUUID() })).statusCode).toBe(422);
    expect((await edit(b.id, { status: 'bb_completed' })).statusCode).toBe(422);
    expect((await edit(b.id, { externalCode: 'X' }, 'analyst')).statusCode).toBe(403);
    expectProblem(await edit(b.id, { externalCode: 'X' }, 'otherSeller'), 404, 'not_found');
    expectProblem(await k.get('otherSeller', `/api/buybacks/${b.id}/edition`), 404, 'not_found');
    const unchanged = (await k.get('seller', `/api/buybacks/${b.id}`)).json();
    expect(unchanged).toMatchObject({ paymentType: 'no_iban_transfer', externalCode: null });
  });
});
