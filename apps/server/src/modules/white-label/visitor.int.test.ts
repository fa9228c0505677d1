import { randomUUID } from 'node:crypto';
import type { BuybackResponse, PublicCategory } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CAT,
  CIRCUIT,
  DEMO,
  expectProblem,
  PM,
  startBuybackKit,
  webCartOf,
  withoutWebCircuits,
} from '../../../test/buyback-kit';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';
import { VISITORS_PER_ADDRESS } from './visitor.service';

/**
 * The public site's anonymous visitor (issue 5): its session, its permissions and their limits
 * (web channel only, terms of service, its own buybacks only, its own site's host only), the
 * premium features, the category tree and the shipping label.
 */

const DEMO_HOST = 'demo-retail.localhost:3000';
const OTHER_HOST = 'other-retail.localhost:3000';
const BACK_OFFICE = 'localhost:3000';

let k: BuybackKit;
let product: string;
let answers: ReturnType<typeof answersFor>;

interface Visitor {
  id: string;
  token: string;
  get(url: string, host?: string): Promise<LightMyRequestResponse>;
  head(url: string, host?: string): Promise<LightMyRequestResponse>;
  post(
    url: string,
    payload: unknown,
    headers?: Record<string, string>,
    host?: string,
  ): Promise<LightMyRequestResponse>;
}

async function newVisitor(host = DEMO_HOST): Promise<Visitor> {
  const res = await k.t.app.inject({ method: 'POST', url: '/api/white-label/visitor', headers: { host } });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === 'reprise_session');
  expect(cookie).toBeDefined();
  const token = cookie?.value as string;
  const send = (method: 'GET' | 'HEAD' | 'POST', url: string, h: string, payload?: unknown, headers = {}) =>
    k.t.app.inject({
      method,
      url,
      // the browser's Origin of the site's own pages (a cookie write without it is refused)
      headers: { host: h, origin: `http://${h}`, ...headers },
      cookies: { reprise_session: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    id: res.json().id,
    token,
    get: (url, h = host) => send('GET', url, h),
    head: (url, h = host) => send('HEAD', url, h),
    post: (url, payload, headers = {}, h = host) => send('POST', url, h, payload, headers),
  };
}

const webCart = (over: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  ...webCartOf(product, answers, line),
  ...over,
});

const key = () => ({ 'idempotency-key': randomUUID() });

async function checkout(v: Visitor, line: Record<string, unknown> = {}): Promise<BuybackResponse> {
  const res = await v.post('/api/carts', webCart({}, line), key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().buybacks[0];
}

const countBuybacks = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('buybacks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
}

beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct({ name: 'Visitor test phone' });
  answers = answersFor(await k.questionnaire(product));
  // the platform's own label here: Demo Retail's carrier (seed/demo-transport.ts) is set aside;
  // the carrier's label is modules/transport/transport.int.test.ts
  await k.t.db
    .updateTable('connector_configurations')
    .set({ status: 'inactive' })
    .where('id', '=', DEMO_TRANSPORT.configurationId)
    .execute();
}, 120_000);

afterAll(async () => {
  await k?.close();
});

describe('the anonymous visitor session', () => {
  it('an active site creates a pseudo_anonymous user of its account in an HttpOnly SameSite session cookie', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/white-label/visitor',
      headers: { host: DEMO_HOST },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      userType: 'pseudo_anonymous',
      accountId: DEMO.accounts.demoRetail,
    });
    const cookie = res.cookies.find((c) => c.name === 'reprise_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    // the anonymous token lives 780 minutes: its cookie, and its session on the server
    expect(cookie?.maxAge).toBe(780 * 60);
    const session = await k.t.db
      .selectFrom('sessions')
      .select(sql<number>`round(extract(epoch from expires_at - created_at) / 60)`.as('minutes'))
      .where('user_id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(Number(session.minutes)).toBe(780);
    const role = await k.t.db
      .selectFrom('user_modules as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_type', 'm.module_type', 'u.account_id', 'u.password_hash'])
      .where('m.user_id', '=', body.id)
      .execute();
    expect(role).toEqual([
      {
        user_type: 'pseudo_anonymous',
        module_type: 'tim',
        account_id: DEMO.accounts.demoRetail,
        password_hash: null,
      },
    ]);
  });

  it.each([
    ['the back office host', BACK_OFFICE],
    ['an unknown site', 'nobody.localhost:3000'],
  ])('%s creates no visitor (site_not_available)', async (_name, host) => {
    const res = await k.t.app.inject({ method: 'POST', url: '/api/white-label/visitor', headers: { host } });
    expectProblem(res, 404, 'site_not_available');
    expect(res.cookies).toEqual([]);
  });

  it('an inactive site creates no visitor, and its visitors lose their session', async () => {
    const v = await newVisitor();
    expect((await v.get('/api/white-label/premium-features')).statusCode).toBe(200);
    await k.t.db
      .updateTable('accounts')
      .set({ site_active: false })
      .where('id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      const res = await k.t.app.inject({
        method: 'POST',
        url: '/api/white-label/visitor',
        headers: { host: DEMO_HOST },
      });
      expectProblem(res, 404, 'site_not_available');
      expectProblem(await v.get('/api/white-label/premium-features'), 401, 'unauthenticated');
    } finally {
      await k.t.db
        .updateTable('accounts')
        .set({ site_active: true })
        .where('id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  });

  it('one address creating too many visitors waits (429 with Retry-After), others do not', async () => {
    const create = (ip: string) =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/white-label/visitor',
        headers: { host: DEMO_HOST },
        remoteAddress: ip,
      });
    const before = Number(
      (
        await k.t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let i = 0; i < VISITORS_PER_ADDRESS; i += 1)
      expect((await create('203.0.113.7')).statusCode).toBe(201);
    const refused = await create('203.0.113.7');
    expectProblem(refused, 429, 'too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await create('203.0.113.8')).statusCode).toBe(201);
    const after = Number(
      (
        await k.t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after - before).toBe(VISITORS_PER_ADDRESS + 1);
  });

  it("a visitor's session is refused on another site's host and on the back office host (401)", async () => {
    const v = await newVisitor();
    for (const host of [OTHER_HOST, BACK_OFFICE]) {
      expectProblem(await v.get('/api/white-label/premium-features', host), 401, 'unauthenticated');
      expectProblem(
        await v.get(`/api/products/${product}/buyback-questionnaire`, host),
        401,
        'unauthenticated',
      );
      // the same token as a bearer changes nothing
      const bearer = await k.t.app.inject({
        method: 'GET',
        url: '/api/buyback-settings',
        headers: { host, authorization: `Bearer ${v.token}` },
      });
      expectProblem(bearer, 401, 'unauthenticated');
    }
  });

  it("visitors are not listed among the account's users", async () => {
    const v = await newVisitor();
    const users = await k.get('rmu', '/api/users?itemsPerPage=100&search=visitors.invalid');
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().totalItems).toBe(0);
    const all = await k.get('admin', '/api/users?itemsPerPage=100&userType=pseudo_anonymous');
    expect(all.json().member.map((u: { id: string }) => u.id)).not.toContain(v.id);
  });

  it('never reaches back-office data (403 on lists, users, configuration, other buybacks)', async () => {
    const v = await newVisitor();
    for (const url of [
      '/api/buybacks',
      '/api/products',
      '/api/categories',
      '/api/users',
      '/api/organizations',
      '/api/circuits',
      '/api/white-label/sites',
      `/api/accounts/${DEMO.accounts.demoRetail}/white-label`,
    ]) {
      const res = await v.get(url);
      expect(res.statusCode, url).toBe(403);
    }
    const store = await k.createBuyback({ productId: product });
    expectProblem(await v.get(`/api/buybacks/${store.id}`), 404, 'not_found');
    expectProblem(
      await v.get(`/api/buybacks/by-identification-number/${store.identificationNumber}`),
      403,
      'forbidden',
    );
    expect(
      (await v.post(`/api/store/${DEMO.orgs.storeParis}/buybacks/${store.id}/finalize`, {}, key()))
        .statusCode,
    ).toBe(403);
    expect((await v.post(`/api/buybacks/${store.id}/cancel`, { reason: 'other' })).statusCode).toBe(403);
  });
});

describe('the route walk for a visitor', () => {
  it('every route without a web_buyback permission answers 403 to a visitor on its own host', async () => {
    const v = await newVisitor();
    const held = new Set(['web_buyback.create', 'web_buyback.read']);
    const routes = k.t.app.apiRoutes.filter((r) => {
      if (r.public || r.authenticated || !r.permission) return false;
      const needed = typeof r.permission === 'string' ? [r.permission] : r.permission;
      return !needed.some((p) => held.has(p));
    });
    expect(routes.length).toBeGreaterThan(50);
    const id = randomUUID();
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, id);
      const res = await k.t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { host: DEMO_HOST, origin: `http://${DEMO_HOST}` },
        cookies: { reprise_session: v.token },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('premium features', () => {
  it("answers the enabled premium features of the site's account to its visitor", async () => {
    const v = await newVisitor();
    const res = await v.get('/api/white-label/premium-features');
    expect(res.statusCode, res.body).toBe(200);
    const row = await k.t.db
      .selectFrom('organization_root_details')
      .select('enabled_premium_features')
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .executeTakeFirstOrThrow();
    expect(res.json().features.sort()).toEqual([...row.enabled_premium_features].sort());
    expect(res.json().features).toContain('multi_product_cart');
  });

  it('401 without a visitor session; 403 for a back-office user', async () => {
    const anonymous = await k.t.app.inject({
      method: 'GET',
      url: '/api/white-label/premium-features',
      headers: { host: DEMO_HOST },
    });
    expectProblem(anonymous, 401, 'unauthenticated');
    expectProblem(await k.get('seller', '/api/white-label/premium-features'), 403, 'forbidden');
  });
});

describe("the visitor's wizard: web channel only", () => {
  it('reads the questionnaire, the buyback settings and the web shipping methods', async () => {
    const v = await newVisitor();
    const q = await v.get(`/api/products/${product}/buyback-questionnaire`);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().product.id).toBe(product);
    expect((await v.get('/api/buyback-settings')).statusCode).toBe(200);
    const methods = await v.get(`/api/products/${product}/shipping-methods?channel=web&country=FR`);
    expect(methods.statusCode, methods.body).toBe(200);
    const types = methods.json().member.map((m: { type: string }) => m.type);
    expect(types).toEqual(expect.arrayContaining(['web_drop', 'web_post']));
    expect(types.every((t: string) => t.startsWith('web_'))).toBe(true);
  });

  it('store shipping methods and store estimates answer 403 channel_not_allowed', async () => {
    const v = await newVisitor();
    expectProblem(
      await v.get(`/api/products/${product}/shipping-methods?channel=store`),
      403,
      'channel_not_allowed',
    );
    expectProblem(
      await v.post('/api/estimates', { productId: product, answers }),
      403,
      'channel_not_allowed',
    );
    expectProblem(
      await v.post('/api/estimates', { productId: product, answers, channel: 'store' }),
      403,
      'channel_not_allowed',
    );
    const web = await v.post('/api/estimates', {
      productId: product,
      answers,
      channel: 'web',
      shippingMethodId: CIRCUIT.webPost,
      country: 'FR',
    });
    expect(web.statusCode, web.body).toBe(200);
    expect(web.json().totalCents).toBeGreaterThan(0);
  });

  it("a product of another retailer's catalogue is not found", async () => {
    const other = await k.t.db
      .selectFrom('products')
      .select('id')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    const v = await newVisitor();
    expect((await v.get(`/api/products/${other.id}/buyback-questionnaire`)).statusCode).toBe(404);
  });
});

describe("the visitor's checkout", () => {
  it('a store cart answers 403 channel_not_allowed, and nothing is created', async () => {
    const v = await newVisitor();
    const before = await countBuybacks();
    const res = await v.post(
      '/api/carts',
      webCart({ channel: 'store', storeId: DEMO.orgs.storeParis }, { shippingMethodId: CIRCUIT.storeDrop }),
      key(),
    );
    expectProblem(res, 403, 'channel_not_allowed');
    expect(await countBuybacks()).toBe(before);
  });

  it.each([
    ['absent', undefined],
    ['false', false],
  ])(
    'terms of service %s: 422 terms_not_accepted on termsAccepted, nothing created',
    async (_name, terms) => {
      const v = await newVisitor();
      const before = await countBuybacks();
      const res = await v.post('/api/carts', webCart({ termsAccepted: terms }), key());
      const problem = expectProblem(res, 422, 'terms_not_accepted');
      expect(problem.violations).toEqual([
        expect.objectContaining({ propertyPath: 'termsAccepted', code: 'terms_not_accepted' }),
      ]);
      expect(await countBuybacks()).toBe(before);
    },
  );

  it('a web cart creates web buybacks of the site account, at its root, created by the visitor; idempotent', async () => {
    const v = await newVisitor();
    const idempotency = key();
    const res = await v.post('/api/carts', webCart(), idempotency);
    expect(res.statusCode, res.body).toBe(201);
    const buyback = res.json().buybacks[0] as BuybackResponse;
    expect(buyback.channel).toBe('web');
    expect(buyback.circuit.type).toBe('web_post');
    expect(buyback.store).toBeNull();
    expect(buyback.status).toBe('bb_awaiting_inventory');
    const row = await k.t.db
      .selectFrom('buybacks')
      .innerJoin('carts as c', 'c.id', 'buybacks.cart_id')
      .select([
        'buybacks.created_by',
        'buybacks.account_id',
        'buybacks.organization_path',
        'c.terms_accepted',
      ])
      .where('buybacks.id', '=', buyback.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      created_by: v.id,
      account_id: DEMO.accounts.demoRetail,
      organization_path: `/${DEMO.orgs.retailRoot}/`,
      terms_accepted: true,
    });
    const again = await v.post('/api/carts', webCart(), idempotency);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().buybacks[0].id).toBe(buyback.id);
  });

  it('a back-office user cannot check out a web cart (403 channel_not_allowed)', async () => {
    const res = await k.post('seller', '/api/carts', webCart(), key());
    expectProblem(res, 403, 'channel_not_allowed');
  });

  it('reads its own buybacks, their instructions and documents; another visitor gets 404', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    expect((await v.get(`/api/buybacks/${buyback.id}`)).json().identificationNumber).toBe(
      buyback.identificationNumber,
    );
    const instructions = await v.get(`/api/buybacks/${buyback.id}/instructions`);
    expect(instructions.statusCode, instructions.body).toBe(200);
    expect(instructions.json().circuitName).toBe(buyback.circuit.name);
    const order = await v.get(`/api/buybacks/${buyback.id}/documents/transfer-order`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.headers['content-type']).toBe('application/pdf');

    const stranger = await newVisitor();
    for (const url of [
      `/api/buybacks/${buyback.id}`,
      `/api/buybacks/${buyback.id}/instructions`,
      `/api/buybacks/${buyback.id}/documents/transfer-order`,
      `/api/buybacks/${buyback.id}/shipping-label`,
    ])
      expectProblem(await stranger.get(url), 404, 'not_found');
    expect((await stranger.head(`/api/buybacks/${buyback.id}/shipping-label`)).statusCode).toBe(404);
    // Other Retail's users see nothing of it either
    expectProblem(await k.get('otherRmu', `/api/buybacks/${buyback.id}`), 404, 'not_found');
  });

  it('a web_drop buyback is pre-declared: the store seller finds it by its code and finalises it', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v, { shippingMethodId: CIRCUIT.webDrop, paymentModeId: PM.voucher });
    expect(buyback.predeclared).toBe(true);
    expect(buyback.status).toBe('bb_awaiting_store_drop');
    const found = await k.get(
      'seller',
      `/api/buybacks/by-identification-number/${buyback.identificationNumber}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().allowedActions.finalize).toBe(true);
    const done = await k.post(
      'seller',
      `/api/store/${DEMO.orgs.storeParis}/buybacks/${buyback.id}/finalize`,
      {},
      key(),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ predeclared: false, store: { id: DEMO.orgs.storeParis } });
  });
});

describe('the shipping label', () => {
  it('web_post: HEAD 200 once generated at checkout; GET is the platform label PDF', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    const head = await v.head(`/api/buybacks/${buyback.id}/shipping-label`);
    expect(head.statusCode, head.body).toBe(200);
    const res = await v.get(`/api/buybacks/${buyback.id}/shipping-label`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(buyback.identificationNumber);
    // sender: the customer; recipient: the circuit's warehouse; the transport provider
    expect(text).toContain('Søren Łukasiewicz');
    expect(text).toContain('12 Rue de Łódź');
    const warehouse = await k.t.db
      .selectFrom('organizations')
      .select(['city', 'zip'])
      .where('id', '=', DEMO.orgs.warehouseSaintPriest)
      .executeTakeFirstOrThrow();
    expect(text).toContain(`${warehouse.zip} ${warehouse.city}`);
    expect(text.toLowerCase()).toContain('colissimo');
  });

  it('425 shipping_label_not_ready while a carrier has not answered, 200 once ready', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    await k.t.db
      .updateTable('buybacks')
      .set({ shipping_label_status: 'pending' })
      .where('id', '=', buyback.id)
      .execute();
    expect((await v.head(`/api/buybacks/${buyback.id}/shipping-label`)).statusCode).toBe(425);
    expectProblem(await v.get(`/api/buybacks/${buyback.id}/shipping-label`), 425, 'shipping_label_not_ready');
    await k.t.db
      .updateTable('buybacks')
      .set({ shipping_label_status: 'ready' })
      .where('id', '=', buyback.id)
      .execute();
    expect((await v.head(`/api/buybacks/${buyback.id}/shipping-label`)).statusCode).toBe(200);
  });

  it('404 shipping_label_not_expected for the circuits without a label (web_drop, store circuits)', async () => {
    const v = await newVisitor();
    const drop = await checkout(v, { shippingMethodId: CIRCUIT.webDrop, paymentModeId: PM.voucher });
    expect((await v.head(`/api/buybacks/${drop.id}/shipping-label`)).statusCode).toBe(404);
    expectProblem(await v.get(`/api/buybacks/${drop.id}/shipping-label`), 404, 'shipping_label_not_expected');
    const store = await k.createBuyback({ productId: product });
    expectProblem(
      await k.get('seller', `/api/buybacks/${store.id}/shipping-label`),
      404,
      'shipping_label_not_expected',
    );
    const row = await k.t.db
      .selectFrom('buybacks')
      .select('shipping_label_status')
      .where('id', 'in', [drop.id, store.id])
      .execute();
    expect(row.map((r) => r.shipping_label_status)).toEqual([null, null]);
  });

  it('the back office reads the label of a web buyback it sees', async () => {
    const v = await newVisitor();
    const buyback = await checkout(v);
    const res = await k.get('rmu', `/api/buybacks/${buyback.id}/shipping-label`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });
});

describe('the category tree by host', () => {
  const tree = (host: string) =>
    k.t.app.inject({ method: 'GET', url: '/api/white-label/categories', headers: { host } });

  it("answers the site's categories depth-first with the published products of each subtree on the web channel", async () => {
    const res = await tree(DEMO_HOST);
    expect(res.statusCode, res.body).toBe(200);
    const member = res.json().member as PublicCategory[];
    expect(member.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const c of member) {
      // parents come first, and a child is one level deeper
      if (c.parentId) {
        expect(seen.has(c.parentId), c.label).toBe(true);
        expect(c.depth).toBe((member.find((p) => p.id === c.parentId) as PublicCategory).depth + 1);
      } else expect(c.depth).toBe(0);
      seen.add(c.id);
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.productCount).toBeGreaterThan(0);
      const children = member.filter((x) => x.parentId === c.id);
      if (children.length)
        expect(c.productCount).toBeGreaterThanOrEqual(children.reduce((s, x) => s + x.productCount, 0));
    }
    // the published phones of the Apple sub-category count, in it and in its parent
    const apple = member.find((c) => c.id === CAT['smartphones-apple']) as PublicCategory;
    const published = await k.t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('main_category_id', '=', CAT['smartphones-apple'] as string)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    expect(apple.productCount).toBe(Number(published.n));
    // no category of another account
    const other = await k.t.db
      .selectFrom('categories')
      .select('id')
      .where('account_id', '!=', DEMO.accounts.demoRetail)
      .execute();
    const ids = new Set(member.map((c) => c.id));
    expect(other.some((o) => ids.has(o.id))).toBe(false);
  });

  it('a category without an active web circuit counts no product', async () => {
    await withoutWebCircuits(k.t, async () => {
      const res = await tree(DEMO_HOST);
      expect(res.statusCode).toBe(200);
      expect(res.json().member).toEqual([]);
    });
  });

  it('404 category_navigation_disabled when the root details turn category navigation off', async () => {
    await k.t.db
      .updateTable('organization_root_details')
      .set({ category_navigation_enabled: false })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      expectProblem(await tree(DEMO_HOST), 404, 'category_navigation_disabled');
    } finally {
      await k.t.db
        .updateTable('organization_root_details')
        .set({ category_navigation_enabled: true })
        .where('account_id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  });

  it('an unknown host answers site_not_available', async () => {
    expectProblem(await tree('nobody.localhost:3000'), 404, 'site_not_available');
  });

  it("search by category lists the published products of the category's subtree only", async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: `/api/white-label/search?q=Visitor%20test%20phone&categoryId=${CAT['smartphones-apple']}`,
      headers: { host: DEMO_HOST },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().member.map((p: { id: string }) => p.id);
    expect(ids).toContain(product);
    const inCategory = await k.t.db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', ids)
      .where('main_category_id', '!=', CAT['smartphones-apple'] as string)
      .execute();
    expect(inCategory).toEqual([]);
    // another account's category finds nothing here
    const other = await k.t.db
      .selectFrom('categories')
      .select('id')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .executeTakeFirstOrThrow();
    const none = await k.t.app.inject({
      method: 'GET',
      url: `/api/white-label/search?categoryId=${other.id}`,
      headers: { host: DEMO_HOST },
    });
    expect(none.json().member).toEqual([]);
  });
});
