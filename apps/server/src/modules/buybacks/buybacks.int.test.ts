import { randomUUID } from 'node:crypto';
import { type BuybackResponse, isValidEan13, permissionsFor } from '@reprise/shared';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CIRCUIT,
  customer,
  DEMO,
  expectProblem,
  IBAN,
  key,
  PM,
  STORE,
  startBuybackKit,
} from '../../../test/buyback-kit';
import type { Actor } from '../../platform/context';
import { type RequestContext, scopeOfActor, transact } from '../../platform/request-context';
import { createBuybacks } from './create-buybacks.service';

let k: BuybackKit;
let product: string;
let answers: { questionId: string; answerIds: string[] }[];
beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct({ tacCodes: ['35678901'] });
  answers = answersFor(await k.questionnaire(product));
});
afterAll(() => k.close());

const body = (over: Record<string, unknown> = {}) => ({
  productId: product,
  answers,
  shippingMethodId: CIRCUIT.storeDrop,
  paymentModeId: PM.bankTransfer,
  customer: customer({ iban: IBAN }),
  ...over,
});
const create = (
  over: Record<string, unknown> = {},
  headers: Record<string, string> = key(),
  who: 'seller' | 'rmu' | 'otherSeller' | 'analyst' | 'storeManager' = 'seller',
  store: string = STORE,
) => k.post(who, `/api/store/${store}/buybacks`, body(over), headers);
const countBuybacks = async () =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM buybacks`.execute(k.t.db)).rows[0]?.n);
const setRootDetails = (values: Record<string, unknown>, account: string = DEMO.accounts.demoRetail) =>
  k.t.db.updateTable('organization_root_details').set(values).where('account_id', '=', account).execute();

async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** The demo store seller as an actor, for buybacks the public site will create (web channel). */
async function sellerActor(): Promise<Actor> {
  const user = await k.t.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', 'store_seller@demo.test')
    .executeTakeFirstOrThrow();
  return {
    userId: user.id,
    sessionId: randomUUID(),
    accountId: DEMO.accounts.demoRetail,
    email: user.email,
    module: 'tim',
    userType: 'store_seller',
    organizationId: STORE,
    organizationPath: `/${DEMO.orgs.retailRoot}/${DEMO.orgs.muFrance}/${STORE}/`,
    isPlatform: false,
    permissions: new Set(permissionsFor('store_seller', 'tim')),
  };
}

async function predeclare(): Promise<BuybackResponse> {
  const actor = await sellerActor();
  const ctx: RequestContext = { actor, scope: scopeOfActor(actor), locale: null, db: k.t.db, deps: k.t.deps };
  const created = await transact(ctx, (tx) =>
    createBuybacks(tx, {
      channel: 'web',
      storeId: null,
      accountId: DEMO.accounts.demoRetail,
      lines: [{ productId: product, answers, shippingMethodId: CIRCUIT.webDrop, paymentModeId: PM.voucher }],
      customer: customer(),
      asCart: false,
    }),
  );
  return created.buybacks[0] as BuybackResponse;
}

describe('creating a store buyback', () => {
  it('answers the buyback with its numbers, statuses, snapshot and the server price', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    const b: BuybackResponse = res.json();
    expect(b.identificationNumber).toMatch(/^\d{13}$/);
    expect(isValidEan13(b.identificationNumber)).toBe(true);
    expect(isValidEan13(b.item.identificationNumber)).toBe(true);
    expect(b.item.identificationNumber).not.toBe(b.identificationNumber);
    expect(b).toMatchObject({
      channel: 'store',
      status: 'bb_awaiting_inventory',
      paymentStatus: 'awaiting_payment',
      paymentType: 'bank_transfer',
      predeclared: false,
      store: { id: STORE },
      circuit: { id: CIRCUIT.storeDrop, type: 'store_drop', depositType: 'drop' },
      warehouseId: DEMO.orgs.warehouseSaintPriest,
      item: { status: 'item_awaiting_inventory' },
      customer: { firstName: 'Søren', lastName: 'Łukasiewicz', phone: '+33612345678', country: 'FR' },
      ibanMasked: 'FR76 **** **** **** **** ***0 189',
      transferOrderNumberOfCopy: 2,
      allowedActions: { cancel: false, markLost: true, downloadTransferOrder: true, downloadVoucher: false },
    });
    expect(b.answers).toHaveLength(answers.length);
    const estimate = await k.post('seller', '/api/estimates', {
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
    });
    expect(b.totalCents).toBe(estimate.json().totalCents);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type'])
      .where('entity_id', '=', b.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', entity_type: 'buyback' }]);
  });

  it('never takes a price, a status or a number from the client', async () => {
    const res = await create({
      totalCents: 1,
      status: 'bb_completed',
      identificationNumber: '0000000000000',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('bb_awaiting_inventory');
    expect(res.json().totalCents).toBeGreaterThan(1);
    expect(res.json().identificationNumber).not.toBe('0000000000000');
  });

  it('keeps its price and answers when the catalogue changes afterwards', async () => {
    const own = await k.newProduct();
    const ownAnswers = answersFor(await k.questionnaire(own));
    const b = (await create({ productId: own, answers: ownAnswers })).json() as BuybackResponse;
    const patched = await k.patch('rmu', `/api/products/${own}`, {
      name: 'Renamed phone',
      buybackPrices: {
        functional: 100,
        grade_a: 100,
        grade_b: 100,
        grade_c: 100,
        grade_d: 100,
        grade_e: 100,
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const again = (await k.get('seller', `/api/buybacks/${b.id}`)).json();
    expect(again.totalCents).toBe(b.totalCents);
    expect(again.basePriceCents).toBe(b.basePriceCents);
    expect(again.product.name).toBe(b.product.name);
    expect(again.answers).toEqual(b.answers);
  });

  it('gives a voucher its own code, and a buyback at zero needs no payment', async () => {
    const voucher = (await create({ paymentModeId: PM.voucher, customer: customer() })).json();
    expect(voucher.paymentType).toBe('voucher');
    expect(voucher.voucherCode).toMatch(/^V[A-Z2-9]{11}$/);
    expect(voucher.allowedActions.downloadVoucher).toBe(true);
    const free = await k.newProduct({
      buybackPrices: { functional: 0, grade_a: 0, grade_b: 0, grade_c: 0, grade_d: 0, grade_e: 0 },
    });
    const q = await k.questionnaire(free);
    const lowest = answersFor(q, (question) => {
      const values = question.answers.map((a) => a.impact?.value ?? 0);
      return values.indexOf(Math.min(...values));
    });
    const zero = await create({
      productId: free,
      answers: lowest,
      paymentModeId: PM.giftCard,
      customer: customer(),
    });
    expect(zero.statusCode, zero.body).toBe(201);
    expect(zero.json()).toMatchObject({ totalCents: 0, paymentStatus: 'payment_not_needed' });
  });

  it('checks the customer with the account rules: identity document, IBAN for a bank transfer', async () => {
    const before = await countBuybacks();
    const noIban = await create({ customer: customer() });
    expect(noIban.statusCode, noIban.body).toBe(422);
    expect(noIban.json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: 'customer.iban', code: 'required' })]),
    );
    const badIban = await create({ customer: customer({ iban: 'FR76 3000 6000 0112 3456 7890 180' }) });
    expect(badIban.json().violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'customer.iban', code: 'iban_invalid' }),
      ]),
    );
    // the IBAN may come beside the customer too
    expect((await create({ customer: customer(), iban: IBAN })).statusCode).toBe(201);
    // a gift card needs no IBAN, and keeps none
    const gift = await create({ paymentModeId: PM.giftCard, customer: customer({ iban: IBAN }) });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(gift.json().ibanMasked).toBeNull();

    await setRootDetails({ customer_identity_document_required: true });
    try {
      const missing = await create({
        customer: customer({ iban: IBAN, identification: { type: 'passport', number: 'AB12345' } }),
      });
      expect(missing.statusCode, missing.body).toBe(422);
      expect(
        missing
          .json()
          .violations.map((v: { propertyPath: string }) => v.propertyPath)
          .sort(),
      ).toEqual(['customer.identification.deliveryDate', 'customer.identification.issuingAuthority']);
      expect((await create()).statusCode).toBe(201);
    } finally {
      await setRootDetails({ customer_identity_document_required: false });
    }
    const badName = await create({ customer: customer({ iban: IBAN, firstName: 'A', email: 'nope' }) });
    expect(badName.json().violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'customer.firstName', code: 'too_short' }),
        expect.objectContaining({ propertyPath: 'customer.email', code: 'invalid_email' }),
      ]),
    );
    // the failed commands left nothing behind
    expect(await countBuybacks()).toBe(before + 3);
  });

  it('requires the IMEI of a product that collects it (imei_search_and_collect), and stores a TAC mismatch', async () => {
    const collecting = await k.newProduct({ isCollectingIMEI: true, tacCodes: ['35678901'] });
    const q = answersFor(await k.questionnaire(collecting));
    // without the premium feature the IMEI is optional
    await setRootDetails({
      enabled_premium_features: sql`array_remove(enabled_premium_features, 'imei_search_and_collect')`,
    });
    try {
      expect((await create({ productId: collecting, answers: q })).statusCode).toBe(201);
    } finally {
      await setRootDetails({
        enabled_premium_features: sql`array_append(enabled_premium_features, 'imei_search_and_collect')`,
      });
    }
    // the demo account has it: the IMEI is required
    expectProblem(await create({ productId: collecting, answers: q }), 422, 'imei_required');
    expectProblem(
      await create({ productId: collecting, answers: q, imei: '35678901234' }),
      422,
      'imei_invalid',
    );
    const mismatch = await create({ productId: collecting, answers: q, imei: '490154203237518' });
    expect(mismatch.statusCode, mismatch.body).toBe(201);
    expect(mismatch.json()).toMatchObject({ imei: '490154203237518', imeiTacMismatch: true });
    const matching = await create({ productId: collecting, answers: q, imei: '356789012345678' });
    expect(matching.json()).toMatchObject({ imei: '356789012345678', imeiTacMismatch: false });
  });

  it('creates only in a store the caller sees, and only with buyback.create', async () => {
    expectProblem(await create({}, key(), 'seller', DEMO.orgs.storeLille), 404, 'not_found');
    expectProblem(await create({}, key(), 'otherSeller'), 404, 'not_found');
    expectProblem(await create({}, key(), 'analyst'), 403, 'forbidden');
    // a manager higher up creates in any store below
    const lille = await create({}, key(), 'rmu', DEMO.orgs.storeLille);
    expect(lille.statusCode, lille.body).toBe(201);
    expect(lille.json().store.id).toBe(DEMO.orgs.storeLille);
  });

  it('gives every buyback and item its own number, even when created concurrently', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => create()));
    const created = results.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as BuybackResponse;
    });
    const numbers = created.flatMap((b) => [b.identificationNumber, b.item.identificationNumber]);
    expect(new Set(numbers).size).toBe(24);
    expect(numbers.every(isValidEan13)).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and creates one buyback', async () => {
    const headers = key();
    const before = await countBuybacks();
    const first = await create({}, headers);
    const second = await create({}, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countBuybacks()).toBe(before + 1);
  });

  it('refuses the same key with another body', async () => {
    const headers = key();
    expect((await create({}, headers)).statusCode).toBe(201);
    expectProblem(
      await create({ paymentModeId: PM.giftCard, customer: customer() }, headers),
      422,
      'idempotency_key_reused',
    );
    // and on another route
    expectProblem(
      await k.post(
        'seller',
        '/api/carts',
        { channel: 'store', storeId: STORE, buybacks: [], customer: customer() },
        headers,
      ),
      422,
      'validation_failed',
    );
  });

  it('requires a key of 8 to 255 visible characters', async () => {
    expectProblem(await create({}, {}), 400, 'idempotency_key_invalid');
    expectProblem(await create({}, { 'idempotency-key': 'short' }), 400, 'idempotency_key_invalid');
    expectProblem(await create({}, { 'idempotency-key': 'x'.repeat(256) }), 400, 'idempotency_key_invalid');
  });

  it('lets a client retry with the same key after a refused request', async () => {
    const headers = key();
    expect((await create({ customer: customer() }, headers)).statusCode).toBe(422);
    expect((await create({}, headers)).statusCode).toBe(201);
  });

  it('never creates two buybacks for concurrent duplicates', async () => {
    const before = await countBuybacks();
    const keys = Array.from({ length: 8 }, () => key());
    const results = await Promise.all(keys.flatMap((h) => [create({}, h), create({}, h)]));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(8);
    expect(await countBuybacks()).toBe(before + 8);
  });
});

describe('POST /carts', () => {
  const cartBody = (lines: Record<string, unknown>[], over: Record<string, unknown> = {}) => ({
    channel: 'store',
    storeId: STORE,
    buybacks: lines.map((l, i) => ({
      inCartId: `line-${i}`,
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
      ...l,
    })),
    customer: customer({ iban: IBAN }),
    termsAccepted: true,
    ...over,
  });

  it('creates every buyback of the cart for one customer', async () => {
    const second = await k.newProduct();
    const res = await k.post(
      'seller',
      '/api/carts',
      cartBody([
        {},
        {
          productId: second,
          answers: answersFor(await k.questionnaire(second), -1),
          paymentModeId: PM.voucher,
        },
      ]),
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const cart = res.json();
    expect(cart.buybacks).toHaveLength(2);
    expect(cart.buybacks.map((b: BuybackResponse) => b.cartId)).toEqual([cart.cartId, cart.cartId]);
    expect(cart.buybacks[1].product.id).toBe(second);
    expect(cart.buybacks[1].voucherCode).toBeTruthy();
  });

  it('is all or nothing', async () => {
    const before = await countBuybacks();
    const res = await k.post('seller', '/api/carts', cartBody([{}, { answers: answers.slice(1) }]), key());
    expectProblem(res, 422, 'diagnostic_error');
    expect(res.json().violations[0].propertyPath).toBe('buybacks.1.answers');
    expect(await countBuybacks()).toBe(before);
  });

  it('holds one buyback without multi_product_cart, 200 with it', async () => {
    const other = await k.t.db
      .selectFrom('products')
      .select(['id', 'main_category_id'])
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    const question = await k.post('otherRmu', `/api/categories/${other.main_category_id}/questions`, {
      title: "L'appareil s'allume-t-il ?",
      type: 'unique',
      answers: [{ title: 'Oui' }, { title: 'Non', maxGrade: 'grade_e' }],
    });
    expect(question.statusCode, question.body).toBe(201);
    const otherAnswers = answersFor(
      (await k.get('otherSeller', `/api/products/${other.id}/buyback-questionnaire`)).json(),
    );
    const line = {
      productId: other.id,
      answers: otherAnswers,
      shippingMethodId: CIRCUIT.otherStoreDrop,
      paymentModeId: PM.otherVoucher,
    };
    const two = await k.post(
      'otherSeller',
      '/api/carts',
      cartBody([line, line], { storeId: DEMO.orgs.otherStore, customer: customer() }),
      key(),
    );
    expectProblem(two, 422, 'cart_too_many_items');
    const one = await k.post(
      'otherSeller',
      '/api/carts',
      cartBody([line], { storeId: DEMO.orgs.otherStore, customer: customer() }),
      key(),
    );
    expect(one.statusCode, one.body).toBe(201);
    const tooMany = await k.post(
      'seller',
      '/api/carts',
      cartBody(Array.from({ length: 201 }, () => ({}))),
      key(),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().violations[0]).toMatchObject({
      propertyPath: 'buybacks',
      code: 'cart_too_many_items',
    });
  });

  it('refuses a cart below the minimum value and tells the missing amount', async () => {
    const price = (await create()).json().totalCents as number;
    const minimumEuros = Math.ceil(price / 100) + 10;
    await setRootDetails({ cart_min_value: minimumEuros });
    try {
      const res = await k.post('seller', '/api/carts', cartBody([{}]), key());
      const problem = expectProblem(res, 422, 'cart_below_minimum');
      expect(problem.detail).toContain(`missing ${minimumEuros * 100 - price} cents`);
      // the single-buyback route applies it too; two of them reach it
      expectProblem(await create(), 422, 'cart_below_minimum');
      if (price * 2 >= minimumEuros * 100) {
        expect((await k.post('seller', '/api/carts', cartBody([{}, {}]), key())).statusCode).toBe(201);
      }
    } finally {
      await setRootDetails({ cart_min_value: 0 });
    }
  });
});

describe('cancellation', () => {
  it('cancels the buyback, its item and its payment, irreversibly, with an audit row', async () => {
    const b = await k.createBuyback();
    const res = await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, {
      reason: 'customer_retraction',
      comment: 'Le client a changé d’avis',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'bb_cancelled',
      paymentStatus: 'payment_cancelled',
      item: { status: 'item_cancelled' },
      cancelReason: 'customer_retraction',
      cancelComment: 'Le client a changé d’avis',
      allowedActions: { cancel: false, markLost: false, downloadTransferOrder: false },
    });
    expectProblem(
      await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, { reason: 'other' }),
      409,
      'buyback_cancelled',
    );
    expectProblem(
      await k.post('storeManager', `/api/buybacks/${b.id}/mark-lost`, {}),
      409,
      'buyback_cancelled',
    );
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity_id', '=', b.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('checks the reason and the comment', async () => {
    const b = await k.createBuyback();
    expect(
      (await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, { reason: 'bored' })).statusCode,
    ).toBe(422);
    expect(
      (
        await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, {
          reason: 'other',
          comment: 'x'.repeat(256),
        })
      ).statusCode,
    ).toBe(422);
    expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().status).toBe('bb_awaiting_inventory');
  });

  it('needs force when the payment is being executed or already made, and then leaves the payment alone', async () => {
    for (const paymentStatus of ['payment_initiated', 'payment_completed']) {
      const b = await k.createBuyback();
      await k.t.db
        .updateTable('payments')
        .set({ status: paymentStatus })
        .where('buyback_id', '=', b.id)
        .execute();
      expectProblem(
        await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, { reason: 'technical_problem' }),
        409,
        'payment_not_cancellable',
      );
      expect((await k.get('seller', `/api/buybacks/${b.id}`)).json().status).toBe('bb_awaiting_inventory');
      const forced = await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, {
        reason: 'technical_problem',
        force: true,
      });
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json()).toMatchObject({ status: 'bb_cancelled', paymentStatus });
    }
  });

  it('is refused once the product has left the store, and to a store seller', async () => {
    const b = await k.createBuyback();
    expectProblem(
      await k.post('seller', `/api/buybacks/${b.id}/cancel`, { reason: 'other' }),
      403,
      'forbidden',
    );
    await k.t.db.updateTable('buybacks').set({ status: 'bb_in_transit' }).where('id', '=', b.id).execute();
    await k.t.db
      .updateTable('buyback_items')
      .set({ status: 'item_in_transit' })
      .where('buyback_id', '=', b.id)
      .execute();
    expectProblem(
      await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, { reason: 'other' }),
      409,
      'transition_not_allowed',
    );
    expectProblem(
      await k.post('seller', `/api/buybacks/${b.id}/mark-lost`, {}),
      409,
      'transition_not_allowed',
    );
  });
});

describe('lost in store', () => {
  it('marks the item lost in store; the buyback is not completed; only once', async () => {
    const b = await k.createBuyback();
    const res = await k.post('seller', `/api/buybacks/${b.id}/mark-lost`, {
      comment: 'Introuvable au coffre',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'bb_not_completed', item: { status: 'item_lost_store' } });
    expectProblem(
      await k.post('seller', `/api/buybacks/${b.id}/mark-lost`, {}),
      409,
      'transition_not_allowed',
    );
    expectProblem(
      await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, { reason: 'other' }),
      409,
      'transition_not_allowed',
    );
    expectProblem(await k.post('analyst', `/api/buybacks/${b.id}/mark-lost`, {}), 403, 'forbidden');
  });
});

describe('pre-declared web buybacks', () => {
  it('start awaiting the store drop and are finalised once at a counter', async () => {
    const pre = await predeclare();
    expect(pre).toMatchObject({
      channel: 'web',
      status: 'bb_awaiting_store_drop',
      predeclared: true,
      store: null,
      item: { status: 'item_awaiting_store_drop' },
      allowedActions: { finalize: true, downloadTransferOrder: false },
    });
    // the sellers of the account find it by its number before it belongs to a store
    expect(
      (await k.get('seller', `/api/buybacks/by-identification-number/${pre.identificationNumber}`))
        .statusCode,
    ).toBe(200);
    expectProblem(
      await k.get('seller', `/api/buybacks/${pre.id}/documents/transfer-order`),
      404,
      'document_unavailable',
    );
    const headers = key();
    const url = `/api/store/${STORE}/buybacks/${pre.id}/finalize`;
    const res = await k.post('seller', url, {}, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'bb_awaiting_inventory',
      predeclared: false,
      store: { id: STORE },
      item: { status: 'item_awaiting_inventory' },
      allowedActions: { finalize: false, downloadTransferOrder: true },
    });
    const replay = await k.post('seller', url, {}, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    expectProblem(await k.post('seller', url, {}, key()), 409, 'predeclared_not_eligible');
    // a store buyback is not pre-declared
    const store = await k.createBuyback();
    expectProblem(
      await k.post('seller', `/api/store/${STORE}/buybacks/${store.id}/finalize`, {}, key()),
      409,
      'predeclared_not_eligible',
    );
  });

  it('cannot be finalised by another retailer', async () => {
    const pre = await predeclare();
    expectProblem(
      await k.post(
        'otherSeller',
        `/api/store/${DEMO.orgs.otherStore}/buybacks/${pre.id}/finalize`,
        {},
        key(),
      ),
      404,
      'not_found',
    );
  });
});

describe('reading buybacks', () => {
  let paris: BuybackResponse;
  let lille: BuybackResponse;
  beforeAll(async () => {
    paris = await k.createBuyback({ customer: customer({ iban: IBAN, lastName: 'Ærøskøbing-Müller' }) });
    lille = (
      await create(
        { paymentModeId: PM.giftCard, customer: customer({ lastName: 'Zidane' }) },
        key(),
        'rmu',
        DEMO.orgs.storeLille,
      )
    ).json();
  });

  it('lists what the organisation sees: the store its own, the management unit its stores', async () => {
    const seller = (await k.get('seller', '/api/buybacks?itemsPerPage=100')).json();
    expect(
      seller.member.every((b: { store: { id: string } | null }) => b.store?.id === STORE || b.store === null),
    ).toBe(true);
    expect(seller.member.some((b: { id: string }) => b.id === paris.id)).toBe(true);
    expect(seller.member.some((b: { id: string }) => b.id === lille.id)).toBe(false);
    expectProblem(await k.get('seller', `/api/buybacks/${lille.id}`), 404, 'not_found');
    const mu = (await k.get('mu', `/api/buybacks?code=${lille.identificationNumber}`)).json();
    expect(mu.member.map((b: { id: string }) => b.id)).toEqual([lille.id]);
  });

  it('filters by code, status, store, customer name, payment type and dates, and sorts', async () => {
    const byCode = (await k.get('rmu', `/api/buybacks?code=${paris.identificationNumber}`)).json();
    expect(byCode.member.map((b: { id: string }) => b.id)).toEqual([paris.id]);
    const byItem = (await k.get('rmu', `/api/buybacks?code=${paris.item.identificationNumber}`)).json();
    expect(byItem.member.map((b: { id: string }) => b.id)).toEqual([paris.id]);
    const byName = (await k.get('rmu', '/api/buybacks?customerName=AEROSKOBING-muller')).json();
    expect(byName.member.map((b: { id: string }) => b.id)).toEqual([paris.id]);
    const byStore = (
      await k.get('rmu', `/api/buybacks?store[]=${DEMO.orgs.storeLille}&itemsPerPage=100`)
    ).json();
    expect(byStore.member.every((b: { store: { id: string } }) => b.store.id === DEMO.orgs.storeLille)).toBe(
      true,
    );
    const gift = (await k.get('rmu', '/api/buybacks?paymentType[]=gift_card&itemsPerPage=100')).json();
    expect(gift.member.every((b: { paymentType: string }) => b.paymentType === 'gift_card')).toBe(true);
    expect(gift.member.some((b: { id: string }) => b.id === lille.id)).toBe(true);
    const cancelled = (await k.get('rmu', '/api/buybacks?status[]=bb_cancelled&itemsPerPage=100')).json();
    expect(cancelled.member.every((b: { status: string }) => b.status === 'bb_cancelled')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = (
      await k.get(
        'rmu',
        `/api/buybacks?createdAt[after]=${today}&createdAt[before]=${today}&code=${paris.identificationNumber}`,
      )
    ).json();
    expect(dated.totalItems).toBe(1);
    const future = (await k.get('rmu', `/api/buybacks?createdAt[after]=2999-01-01`)).json();
    expect(future.totalItems).toBe(0);
    const sorted = (await k.get('rmu', '/api/buybacks?order[totalPrice]=asc&itemsPerPage=100')).json();
    const totals = sorted.member.map((b: { totalCents: number }) => b.totalCents);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));
    expect((await k.get('rmu', '/api/buybacks?code=12ab')).statusCode).toBe(422);
  });

  it('finds a buyback by its 13-digit number', async () => {
    const found = await k.get(
      'seller',
      `/api/buybacks/by-identification-number/${paris.identificationNumber}`,
    );
    expect(found.json().id).toBe(paris.id);
    expect(
      (
        await k.get('seller', `/api/buybacks/by-identification-number/${paris.identificationNumber.slice(1)}`)
      ).json().violations[0].code,
    ).toBe('code_length_invalid');
    expect(
      (await k.get('seller', '/api/buybacks/by-identification-number/12345abc90123')).json().violations[0]
        .code,
    ).toBe('code_digits_only');
    expectProblem(
      await k.get('seller', '/api/buybacks/by-identification-number/2000000000000'),
      404,
      'not_found',
    );
  });

  it('gives the instructions and the additional information of the circuit', async () => {
    const instructions = (await k.get('seller', `/api/buybacks/${paris.id}/instructions`)).json();
    expect(instructions.circuitName).toBe('Dépôt en magasin');
    expect(instructions.instructions.length).toBeGreaterThan(0);
    const infos = (await k.get('seller', `/api/buybacks/${paris.id}/additional-infos`)).json();
    expect(infos).toMatchObject({
      warehouse: { id: DEMO.orgs.warehouseSaintPriest },
      transferOrderNumberOfCopy: 2,
      predeclarationOutdated: false,
      statusHistory: [
        {
          status: 'bb_awaiting_inventory',
          itemStatus: 'item_awaiting_inventory',
          paymentStatus: 'awaiting_payment',
        },
      ],
    });
  });

  it('shows Other Retail nothing of Demo Retail: read, find, cancel, lose, download, list', async () => {
    for (const who of ['otherSeller', 'otherRmu'] as const) {
      expectProblem(await k.get(who, `/api/buybacks/${paris.id}`), 404, 'not_found');
      expectProblem(
        await k.get(who, `/api/buybacks/by-identification-number/${paris.identificationNumber}`),
        404,
        'not_found',
      );
      expectProblem(await k.get(who, `/api/buybacks/${paris.id}/instructions`), 404, 'not_found');
      expectProblem(await k.get(who, `/api/buybacks/${paris.id}/additional-infos`), 404, 'not_found');
      expectProblem(await k.get(who, `/api/buybacks/${paris.id}/documents/transfer-order`), 404, 'not_found');
      expectProblem(await k.post(who, `/api/buybacks/${paris.id}/mark-lost`, {}), 404, 'not_found');
      const list = (await k.get(who, `/api/buybacks?itemsPerPage=100`)).json();
      expect(list.member.some((b: { id: string }) => b.id === paris.id)).toBe(false);
    }
    expectProblem(
      await k.post('otherRmu', `/api/buybacks/${paris.id}/cancel`, { reason: 'other' }),
      404,
      'not_found',
    );
    expect((await k.get('seller', `/api/buybacks/${paris.id}`)).json().status).toBe('bb_awaiting_inventory');
    // the buyer's and the warehouse's users see it through its assignment (buyback-visibility.int.test.ts)
    expect((await k.get('buyer', `/api/buybacks/${paris.id}`)).statusCode).toBe(200);
  });
});

describe('documents', () => {
  it('downloads the transfer order with the buyer, the customer and the filled custom terms, in copies', async () => {
    const b = await k.createBuyback();
    const res = await k.get('seller', `/api/buybacks/${b.id}/documents/transfer-order`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).text.replace(/\s+/g, ' ');
    const buyer = await k.t.db
      .selectFrom('organizations')
      .select(['common_name', 'corporate_name', 'siret'])
      .where('id', '=', DEMO.orgs.buyer)
      .executeTakeFirstOrThrow();
    for (const expected of [
      b.identificationNumber,
      'Søren',
      'Łukasiewicz',
      '12 Rue de Łódź',
      buyer.common_name,
      buyer.siret as string,
      b.product.name,
      'Exemplaire 2 sur 2',
      // the custom terms of the demo, variables filled
      `Je soussigné(e) Søren Łukasiewicz cède à ${buyer.corporate_name ?? buyer.common_name}`,
      'payée par Virement bancaire',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('{{');
  });

  it('is written in the account language', async () => {
    const b = await k.createBuyback();
    await k.t.db
      .updateTable('accounts')
      .set({ language: 'de-DE' })
      .where('id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      const { text } = await pdfText(
        (await k.get('seller', `/api/buybacks/${b.id}/documents/transfer-order`)).rawPayload,
      );
      expect(text).toContain('Abtretungsbeleg');
      expect(text).toContain('Banküberweisung');
    } finally {
      await k.t.db
        .updateTable('accounts')
        .set({ language: 'fr-FR' })
        .where('id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  });

  it('downloads a voucher only for a buyback paid by voucher', async () => {
    const voucher = await k.createBuyback({ paymentModeId: PM.voucher, customer: customer() });
    const res = await k.get('seller', `/api/buybacks/${voucher.id}/documents/voucher`);
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain(voucher.voucherCode as string);
    expect(text).toContain(voucher.identificationNumber);
    const bank = await k.createBuyback();
    expectProblem(
      await k.get('seller', `/api/buybacks/${bank.id}/documents/voucher`),
      404,
      'document_unavailable',
    );
  });
});

describe('the external code of a buyback', () => {
  it('is given at creation, changed and cleared by PATCH (audited), and found in the list', async () => {
    const res = await create({ externalCode: '  TICKET-7781  ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as BuybackResponse;
    expect(created.externalCode).toBe('TICKET-7781');
    expect((await k.get('seller', `/api/buybacks/${created.id}`)).json().externalCode).toBe('TICKET-7781');

    // found by it, whatever its case; the list shows it
    const found = await k.get('rmu', '/api/buybacks?externalCode=ticket-7781');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().totalItems).toBe(1);
    expect(found.json().member[0]).toMatchObject({ id: created.id, externalCode: 'TICKET-7781' });

    const patch = (payload: unknown, who: 'seller' | 'analyst' | 'otherSeller' = 'seller') =>
      k.send('PATCH', who, `/api/buybacks/${created.id}`, payload, {
        'content-type': 'application/merge-patch+json',
      });
    const changed = await patch({ externalCode: 'CAISSE-2-0099' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().externalCode).toBe('CAISSE-2-0099');
    expect((await k.get('rmu', '/api/buybacks?externalCode=TICKET-7781')).json().totalItems).toBe(0);
    const entry = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_type', '=', 'buyback')
      .where('entity_id', '=', created.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      before: { externalCode: 'TICKET-7781' },
      after: { externalCode: 'CAISSE-2-0099' },
    });

    // refused: too long, a field that cannot change, a reader, another retailer
    const tooLong = await patch({ externalCode: 'x'.repeat(46) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().violations[0]).toMatchObject({ propertyPath: 'externalCode', code: 'too_long' });
    expect((await patch({ status: 'bb_completed' })).statusCode).toBe(422);
    expect((await patch({ externalCode: 'X' }, 'analyst')).statusCode).toBe(403);
    expectProblem(await patch({ externalCode: 'X' }, 'otherSeller'), 404, 'not_found');
    expect((await k.get('seller', `/api/buybacks/${created.id}`)).json().externalCode).toBe('CAISSE-2-0099');

    // null (or an empty text) clears it
    expect((await patch({ externalCode: '' })).json().externalCode).toBeNull();
    expect((await create()).json().externalCode).toBeNull();
  });
});
