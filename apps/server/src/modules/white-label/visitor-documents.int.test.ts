import type { BuybackResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CIRCUIT,
  customer,
  DEMO,
  DEMO_CONFIG,
  expectProblem,
  IBAN,
  key,
  PM,
  STORE,
  startBuybackKit,
  webCartOf,
  withoutWebCircuits,
} from '../../../test/buyback-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import { documentStrings, formatMoney } from '../../platform/documents';

/**
 * What the public site's visitor gets after its checkout (issue 10): the drop slip of a buyback
 * declared online and handed in at a store, the voucher only once the store has issued it, and the
 * customer's country and postcode checked against the circuits that serve it.
 */

const DEMO_HOST = 'demo-retail.localhost:3000';
const OTHER_HOST = 'other-retail.localhost:3000';

let k: BuybackKit;
let product: string;
let answers: ReturnType<typeof answersFor>;

interface Visitor {
  get(url: string, host?: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

async function newVisitor(): Promise<Visitor> {
  const res = await k.t.app.inject({
    method: 'POST',
    url: '/api/white-label/visitor',
    headers: { host: DEMO_HOST },
    // one address per visitor: the visitors' throttle counts by address
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = res.cookies.find((c) => c.name === 'reprise_session')?.value as string;
  const send = (method: 'GET' | 'POST', url: string, host: string, payload?: unknown, headers = {}) =>
    k.t.app.inject({
      method,
      url,
      headers: { host, origin: `http://${host}`, ...headers },
      cookies: { reprise_session: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url, host = DEMO_HOST) => send('GET', url, host),
    post: (url, payload, headers = {}) => send('POST', url, DEMO_HOST, payload, headers),
  };
}

/** A web cart of one buyback handed in at a store, paid by voucher. */
const webCart = (line: Record<string, unknown> = {}, customerOver: Record<string, unknown> = {}) => ({
  ...webCartOf(product, answers, { shippingMethodId: CIRCUIT.webDrop, paymentModeId: PM.voucher, ...line }),
  customer: customer(customerOver),
});

async function checkout(v: Visitor, line: Record<string, unknown> = {}): Promise<BuybackResponse> {
  const res = await v.post('/api/carts', webCart(line), key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().buybacks[0];
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  await parser.destroy();
  return oneSpace(text);
}

/** Every run of white space as one space (French money has a narrow no-break space before €). */
const oneSpace = (text: string) => text.replace(/\s+/g, ' ');

const countBuybacks = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('buybacks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A store buyback (store drop, bank transfer) of the product for a customer living at `address`. */
const storeCheckout = (address: { country: string; zip: string }) =>
  k.post(
    'seller',
    `/api/store/${STORE}/buybacks`,
    {
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
      customer: customer({ iban: IBAN, ...address }),
    },
    key(),
  );

const finalize = (id: string) => k.post('seller', `/api/store/${STORE}/buybacks/${id}/finalize`, {}, key());

beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct({ name: 'Drop slip test phone' });
  answers = answersFor(await k.questionnaire(product));
}, 120_000);

afterAll(async () => {
  await k?.close();
});

describe('the drop slip of a buyback declared online and dropped in store', () => {
  it('its visitor downloads it: code with its barcode, product, declared state, price and drop stores, in the language asked', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    expect(buyback.allowedActions.downloadDropSlip).toBe(true);
    const res = await v.get(`/api/buybacks/${buyback.id}/documents/drop-slip?lang=en-GB`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="drop-slip-${buyback.identificationNumber}.pdf"`,
    );
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Drop slip');
    expect(text).toContain(buyback.identificationNumber);
    expect(text).toContain('Drop slip test phone');
    expect(text).toContain(documentStrings('en-GB').grades[buyback.declaredState]);
    expect(text).toContain(oneSpace(formatMoney(buyback.totalCents, 'EUR', 'en-GB')));
    const stores = await k.t.db
      .selectFrom('organizations')
      .select(['common_name', 'status'])
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .where('type', '=', 'store')
      .execute();
    expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) {
      if (store.status === 'active') expect(text).toContain(store.common_name);
      else expect(text).not.toContain(store.common_name);
    }

    const french = await pdfText((await v.get(`/api/buybacks/${buyback.id}/documents/drop-slip`)).rawPayload);
    expect(french).toContain('Bordereau de dépôt');
    expect(french).toContain(oneSpace(formatMoney(buyback.totalCents, 'EUR', 'fr-FR')));
    const german = await pdfText(
      (await v.get(`/api/buybacks/${buyback.id}/documents/drop-slip?lang=de-DE`)).rawPayload,
    );
    expect(german).toContain('Abgabeschein');
    expect(german).toContain(documentStrings('de-DE').grades[buyback.declaredState]);
    expectProblem(
      await v.get(`/api/buybacks/${buyback.id}/documents/drop-slip?lang=xx-XX`),
      422,
      'validation_failed',
    );
  });

  it('another visitor, its session on another host, an anonymous caller and another retailer cannot fetch it', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    const url = `/api/buybacks/${buyback.id}/documents/drop-slip`;
    expectProblem(await (await newVisitor()).get(url), 404, 'not_found');
    expectProblem(await v.get(url, OTHER_HOST), 401, 'unauthenticated');
    const anonymous = await k.t.app.inject({ method: 'GET', url, headers: { host: DEMO_HOST } });
    expectProblem(anonymous, 401, 'unauthenticated');
    expectProblem(await k.get('otherRmu', url), 404, 'not_found');
    // the retailer's back office reads the buybacks of its site
    expect((await k.get('rmu', url)).statusCode).toBe(200);
  });

  it('is gone once the store finalises the buyback, and a post buyback has none', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    expect((await finalize(buyback.id)).statusCode).toBe(200);
    const after = (await v.get(`/api/buybacks/${buyback.id}`)).json() as BuybackResponse;
    expect(after.allowedActions.downloadDropSlip).toBe(false);
    expectProblem(
      await v.get(`/api/buybacks/${buyback.id}/documents/drop-slip`),
      404,
      'document_unavailable',
    );
    const post = await checkout(v, { shippingMethodId: CIRCUIT.webPost, paymentModeId: PM.bankTransfer });
    expect(post.allowedActions.downloadDropSlip).toBe(false);
    expectProblem(await v.get(`/api/buybacks/${post.id}/documents/drop-slip`), 404, 'document_unavailable');
  });
});

describe('the voucher of a pre-declared buyback', () => {
  it('is issued when the store finalises it: the visitor sees no code nor voucher before', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    expect(buyback).toMatchObject({ predeclared: true, paymentType: 'voucher', voucherCode: null });
    expect(buyback.allowedActions.downloadVoucher).toBe(false);
    const payment = () =>
      k.t.db
        .selectFrom('payments')
        .select('voucher_code')
        .where('buyback_id', '=', buyback.id)
        .executeTakeFirstOrThrow();
    expect((await payment()).voucher_code).toBeNull();
    expect((await v.get(`/api/buybacks/${buyback.id}`)).json().voucherCode).toBeNull();
    expectProblem(await v.get(`/api/buybacks/${buyback.id}/documents/voucher`), 404, 'document_unavailable');

    const done = await finalize(buyback.id);
    expect(done.statusCode, done.body).toBe(200);
    const code = (await payment()).voucher_code;
    expect(code).toMatch(/^V[A-Z2-9]{11}$/);
    expect(done.json().voucherCode).toBe(code);
    const seen = (await v.get(`/api/buybacks/${buyback.id}`)).json() as BuybackResponse;
    expect(seen.voucherCode).toBe(code);
    expect(seen.allowedActions.downloadVoucher).toBe(true);
    expect((await v.get(`/api/buybacks/${buyback.id}/documents/voucher`)).statusCode).toBe(200);
  });

  it('a code stored before the finalisation is never shown while the buyback is pre-declared', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    await k.t.db
      .updateTable('payments')
      .set({ voucher_code: 'VEARLYCODE23' })
      .where('buyback_id', '=', buyback.id)
      .execute();
    const seen = await v.get(`/api/buybacks/${buyback.id}`);
    expect(seen.json().voucherCode).toBeNull();
    expect(seen.body).not.toContain('VEARLYCODE23');
    // the finalisation keeps the code already issued
    expect((await finalize(buyback.id)).json().voucherCode).toBe('VEARLYCODE23');
  });
});

describe('countries and postcodes of the customer', () => {
  const countries = (host = DEMO_HOST) =>
    k.t.app.inject({ method: 'GET', url: '/api/white-label/countries', headers: { host } });
  const setRuleCountries = (ruleId: string, value: string[] | null) =>
    k.t.db
      .updateTable('dispatch_circuit_rules')
      .set({ eligible_countries: value })
      .where('id', '=', ruleId)
      .execute();

  it("the site answers the countries its web circuits serve (a rule's own countries first)", async () => {
    const res = await countries();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ member: ['BE', 'FR'] });
    await setRuleCountries(DEMO_CONFIG.rules.webDrop, ['FR', 'LU']);
    try {
      expect((await countries()).json()).toEqual({ member: ['BE', 'FR', 'LU'] });
    } finally {
      await setRuleCountries(DEMO_CONFIG.rules.webDrop, null);
    }
    expectProblem(await countries(OTHER_HOST), 404, 'site_not_available');
  });

  it('no web circuit active: no country', async () => {
    await withoutWebCircuits(k.t, async () => {
      expect((await countries()).json()).toEqual({ member: [] });
    });
  });

  it('a country no circuit of the cart serves is refused on customer.country, and nothing is created', async () => {
    const v = await newVisitor();
    const before = await countBuybacks();
    const res = await v.post(
      '/api/carts',
      webCart({}, { country: 'DE', zip: '10115', city: 'Berlin' }),
      key(),
    );
    expect(expectProblem(res, 422, 'validation_failed').violations).toEqual([
      expect.objectContaining({ propertyPath: 'customer.country', code: 'country_not_served' }),
    ]);
    expect(await countBuybacks()).toBe(before);
  });

  it("each line's circuit must serve the country: one line's rule limited to France refuses Belgium", async () => {
    const v = await newVisitor();
    const belgian = { country: 'BE', zip: '1000', city: 'Bruxelles' };
    const cart = webCart({}, belgian);
    const twoLines = {
      ...cart,
      buybacks: [
        ...cart.buybacks,
        {
          ...cart.buybacks[0],
          inCartId: 'line-2',
          shippingMethodId: CIRCUIT.webPost,
          paymentModeId: PM.bankTransfer,
        },
      ],
    };
    await setRuleCountries(DEMO_CONFIG.rules.webPost, ['FR']);
    try {
      const refused = await v.post('/api/carts', twoLines, key());
      expect(expectProblem(refused, 422, 'validation_failed').violations).toEqual([
        expect.objectContaining({ propertyPath: 'customer.country', code: 'country_not_served' }),
      ]);
    } finally {
      await setRuleCountries(DEMO_CONFIG.rules.webPost, null);
    }
    const accepted = await v.post('/api/carts', twoLines, key());
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('a postcode not in the format of its country is refused, by the web and the store checkouts', async () => {
    const v = await newVisitor();
    const web = await v.post('/api/carts', webCart({}, { zip: 'ABCDE' }), key());
    expect(expectProblem(web, 422, 'validation_failed').violations).toEqual([
      expect.objectContaining({ propertyPath: 'customer.zip', code: 'zip_country_format' }),
    ]);
    const store = await storeCheckout({ country: 'BE', zip: '75011' });
    expect(expectProblem(store, 422, 'validation_failed').violations).toEqual([
      expect.objectContaining({ propertyPath: 'customer.zip', code: 'zip_country_format' }),
    ]);
    const served = await storeCheckout({ country: 'ES', zip: '28013' });
    expect(expectProblem(served, 422, 'validation_failed').violations).toEqual([
      expect.objectContaining({ propertyPath: 'customer.country', code: 'country_not_served' }),
    ]);
  });

  it('a valid foreign postcode is kept in its canonical form', async () => {
    await setRuleCountries(DEMO_CONFIG.rules.webDrop, ['FR', 'NL']);
    try {
      const v = await newVisitor();
      const res = await v.post(
        '/api/carts',
        webCart({}, { country: 'NL', zip: '1012ab', city: 'Amsterdam' }),
        key(),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json().buybacks[0] as BuybackResponse).customer.zip).toBe('1012 AB');
    } finally {
      await setRuleCountries(DEMO_CONFIG.rules.webDrop, null);
    }
  });
});

describe('the voucher of a buyback sent by post', () => {
  it('is issued at its completion, not at the checkout: no code nor voucher until the warehouse completes it', async () => {
    // the demo's post circuit pays by transfer only: this file's database offers its voucher too
    await k.t.db
      .insertInto('circuit_payment_modes')
      .values({ circuit_id: CIRCUIT.webPost, payment_mode_id: PM.voucher })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const v = await newVisitor();
    const buyback = await checkout(v, { shippingMethodId: CIRCUIT.webPost, paymentModeId: PM.voucher });
    expect(buyback).toMatchObject({ predeclared: false, paymentType: 'voucher', voucherCode: null });
    expect(buyback.allowedActions.downloadVoucher).toBe(false);
    const payment = () =>
      k.t.db
        .selectFrom('payments')
        .select(['voucher_code', 'status', 'gift_card_id'])
        .where('buyback_id', '=', buyback.id)
        .executeTakeFirstOrThrow();
    expect((await payment()).voucher_code).toBeNull();
    expectProblem(await v.get(`/api/buybacks/${buyback.id}/documents/voucher`), 404, 'document_unavailable');

    const warehouse = await warehouseManagerContext(k.t);
    await advanceItem(warehouse, buyback.item.id, 'item_completed_by_price');
    await k.t.jobsSettled();
    const paid = await payment();
    expect(paid.status).toBe('payment_completed');
    expect(paid.voucher_code).toMatch(/^V[A-Z2-9]{11}$/);
    const card = await k.t.db
      .selectFrom('gift_cards')
      .select(['id', 'kind', 'code'])
      .where('id', '=', paid.gift_card_id as string)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ kind: 'voucher', code: paid.voucher_code });
    const seen = (await v.get(`/api/buybacks/${buyback.id}`)).json() as BuybackResponse;
    expect(seen.voucherCode).toBe(paid.voucher_code);
    expect(seen.allowedActions.downloadVoucher).toBe(true);
  });
});
