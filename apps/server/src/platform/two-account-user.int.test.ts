import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

/**
 * Which account a request works on (docs/data-access.md): the account of the organisation the
 * user holds the current module at, not the user's own. `multi@demo.test` is a Demo Retail user
 * who is store manager at Paris Rivoli (tim) and warehouse manager at Demo Buyer's Saint-Priest
 * (rps): in each module it must get exactly what the single-account user of the same organisation
 * and user type gets, on every list and detail of the API, and nothing of the other account.
 */

const A = DEMO.accounts;
const O = DEMO.orgs;

let t: TestApp;
type Headers = Record<string, string>;
const as: Record<'multiRps' | 'multiTim' | 'multiDefault' | 'warehouse' | 'store', Headers> = {
  multiRps: {},
  multiTim: {},
  multiDefault: {},
  warehouse: {},
  store: {},
};

const get = (who: Headers, url: string) => t.app.inject({ method: 'GET', url, headers: who });
const send = (who: Headers, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...who, ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}) },
    payload,
  });

/**
 * An answer as compared: its status and its body (JSON parsed when it is JSON; a problem document
 * without its request's own id). A generated file (PDF, CSV) carries its generation time: its type
 * and size class are compared instead.
 */
function answerOf(res: LightMyRequestResponse) {
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('application/problem+json')) {
    const { requestId: _own, ...problem } = res.json() as Record<string, unknown>;
    return { status: res.statusCode, body: problem };
  }
  if (type.includes('json') || type.startsWith('text/plain'))
    return { status: res.statusCode, body: type.includes('json') ? res.json() : res.body };
  return { status: res.statusCode, type, empty: res.rawPayload.length === 0 };
}

/** Generated documents cost a rendering each: they are tried on the first id only. */
const isDocument = (url: string) => /\/documents\/|\/file$|\/label$|\/documentation$/.test(url);

/**
 * Routes whose answer depends on who calls, not only on what the caller sees: the caller's own
 * user. Each is checked on its own below.
 */
const ABOUT_THE_CALLER = new Set(['/api/me']);

const itemCodes = [
  ...DEMO.warehouseItems.inTransit,
  ...DEMO.warehouseItems.registered,
  DEMO.warehouseItems.inQuarantineLocked,
  DEMO.warehouseItems.completedByPrice,
  DEMO.refurbishmentItems.servicesUnderWay,
  DEMO.refurbishmentItems.refurbished,
  DEMO.refurbishmentItems.packedInStore,
];
let itemIds: string[] = [];
let buybackIds: string[] = [];

/** The values a route's path parameters are tried with; null when the route is not walked. */
function pathsOf(url: string, harvested: Map<string, string[]>): string[] | null {
  if (!url.includes(':')) return [url];
  const accounts = [A.demoRetail, A.demoBuyer, A.otherRetail];
  const organizations = [O.storeParis, O.retailRoot, O.buyer, O.warehouseSaintPriest, O.warehouseRoubaix];
  const fill = (pattern: RegExp, values: readonly string[]) =>
    (isDocument(url) ? values.slice(0, 1) : values).map((value) => url.replace(pattern, value));
  if (/^\/api\/accounts?\/:(id|accountId)/.test(url) && url.split(':').length === 2)
    return fill(/:(id|accountId)/, accounts);
  if (/^\/api\/organizations\/:(id|organizationId)/.test(url) && url.split(':').length === 2)
    return fill(/:(id|organizationId)/, organizations);
  if (url === '/api/items/by-code/:code') return fill(/:code/, itemCodes);
  if (/^\/api\/items\/:id(\/[a-z-]+)*$/.test(url)) return fill(/:id/, itemIds);
  if (/^\/api\/buybacks\/:id(\/[a-z-]+)*$/.test(url)) return fill(/:id/, buybackIds);
  // a detail below a list: the ids that list answered the single-account users
  const match = /^(\/api\/[a-z-]+(?:\/[a-z-]+)*)\/:id(\/[a-z-]+)*$/.exec(url);
  const ids = match ? harvested.get(match[1] as string) : undefined;
  return ids?.length ? fill(/:id/, ids) : null;
}

/** Up to three member ids of a list answer. */
function memberIds(res: LightMyRequestResponse): string[] {
  if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) return [];
  const body = res.json() as { member?: { id?: unknown }[] } | { id?: unknown }[];
  const members = Array.isArray(body) ? body : Array.isArray(body.member) ? body.member : [];
  return members
    .map((m) => m?.id)
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 3);
}

beforeAll(async () => {
  t = await createTestApp();
  const multi = (await t.login('multi@demo.test')).authorization;
  as.multiRps = { authorization: multi, 'x-module': 'rps' };
  as.multiTim = { authorization: multi, 'x-module': 'tim' };
  as.multiDefault = { authorization: multi };
  as.warehouse = { authorization: (await t.login('warehouse_manager@demo.test')).authorization };
  as.store = { authorization: (await t.login('store_manager@demo.test')).authorization };
  const items = await t.db
    .selectFrom('buyback_items')
    .select(['id', 'buyback_id'])
    .where('identification_number', 'in', itemCodes)
    .execute();
  itemIds = items.map((i) => i.id);
  buybackIds = [...new Set(items.map((i) => i.buyback_id))];
  expect(itemIds.length).toBe(itemCodes.length);
});
afterAll(() => t.close());

describe('a two-account user works on its current module’s account', () => {
  it('signs in to the store module, its organisation and account those of Paris Rivoli', async () => {
    const me = (await get(as.multiDefault, '/api/me')).json();
    expect(me.currentModule).toBe('tim');
    expect(me.currentOrganization).toMatchObject({ id: O.storeParis, account: { id: A.demoRetail } });
    const rps = (await get(as.multiRps, '/api/me')).json();
    expect(rps.currentOrganization).toMatchObject({
      id: O.warehouseSaintPriest,
      account: { id: A.demoBuyer },
    });
    // the user's own account stays Demo Retail: it is where the user is managed
    expect(rps.accountId).toBe(A.demoRetail);
  });

  it('in the warehouse module: the root details and the lists the warehouse manager sees', async () => {
    const rootDetail = await get(as.multiRps, `/api/accounts/${A.demoBuyer}/organization-root-detail`);
    expect(rootDetail.statusCode, rootDetail.body).toBe(200);
    const counts: Record<string, number> = {};
    for (const url of [
      '/api/stocks',
      '/api/items-stock',
      '/api/refurb-steps',
      '/api/warehouse-dispatch-rules',
    ]) {
      const multi = await get(as.multiRps, `${url}?itemsPerPage=100`);
      expect(multi.statusCode, `${url}: ${multi.body}`).toBe(200);
      expect(answerOf(multi), url).toEqual(answerOf(await get(as.warehouse, `${url}?itemsPerPage=100`)));
      counts[url] = multi.json().totalItems;
    }
    // the demo's figures (README.md): Saint-Priest's stocks, items in stock, services, dispatch rules
    expect(counts).toEqual({
      '/api/stocks': 7,
      '/api/items-stock': 16,
      '/api/refurb-steps': 5,
      '/api/warehouse-dispatch-rules': 2,
    });
  });

  it('answers every GET of the API as the single-account user of the same organisation does', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => r.method === 'GET' && !r.public && !ABOUT_THE_CALLER.has(r.url),
    );
    // the lists first: their members' ids are the details tried
    const harvested = new Map<string, string[]>();
    for (const route of routes.filter((r) => !r.url.includes(':'))) {
      const ids = new Set<string>();
      for (const who of [as.warehouse, as.store])
        for (const id of memberIds(await get(who, route.url))) ids.add(id);
      harvested.set(route.url, [...ids]);
    }
    const pairs = [
      { multi: as.multiRps, single: as.warehouse, name: 'rps / warehouse_manager' },
      { multi: as.multiTim, single: as.store, name: 'tim / store_manager' },
    ];
    let compared = 0;
    let answered = 0;
    const differences: string[] = [];
    for (const route of routes) {
      for (const path of pathsOf(route.url, harvested) ?? []) {
        for (const pair of pairs) {
          const single = answerOf(await get(pair.single, path));
          const multi = answerOf(await get(pair.multi, path));
          compared += 1;
          if (single.status === 200) answered += 1;
          if (JSON.stringify(multi) !== JSON.stringify(single))
            differences.push(`${pair.name} GET ${path}: ${multi.status} vs ${single.status}`);
        }
      }
    }
    expect(differences).toEqual([]);
    // the walk reached the lists and details of every module, not only refusals
    expect(compared).toBeGreaterThan(300);
    expect(answered).toBeGreaterThan(150);
  }, 180_000);

  it('shows nothing of Demo Buyer in the store module and nothing of Demo Retail in the warehouse module', async () => {
    const ownedBy = async (accountId: string) => [
      ...(await t.db.selectFrom('stocks').select('id').where('account_id', '=', accountId).execute()),
      ...(await t.db.selectFrom('refurb_steps').select('id').where('account_id', '=', accountId).execute()),
      ...(await t.db
        .selectFrom('warehouse_dispatch_rules')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()),
      ...(await t.db
        .selectFrom('organization_root_details')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()),
      ...(await t.db.selectFrom('payment_modes').select('id').where('account_id', '=', accountId).execute()),
      ...(await t.db
        .selectFrom('connector_configurations')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()),
    ];
    const buyerIds = (await ownedBy(A.demoBuyer)).map((r) => r.id);
    const retailIds = (await ownedBy(A.demoRetail)).map((r) => r.id);
    expect(buyerIds.length).toBeGreaterThan(10);
    expect(retailIds.length).toBeGreaterThan(3);
    const lists = [
      '/api/stocks',
      '/api/items-stock',
      '/api/refurb-steps',
      '/api/refurb-questions',
      '/api/warehouse-dispatch-rules',
      '/api/payment-modes',
      '/api/circuits',
      '/api/connectors',
      '/api/organizations',
      '/api/organizations/root',
      '/api/users',
      '/api/buybacks',
      '/api/items/quarantine',
      '/api/dashboard-data',
      `/api/accounts/${A.demoBuyer}/organization-root-detail`,
      `/api/accounts/${A.demoRetail}/organization-root-detail`,
      '/api/warehouse/checkin/settings',
    ];
    for (const url of lists) {
      const tim = (await get(as.multiTim, url)).body;
      const rps = (await get(as.multiRps, url)).body;
      for (const id of buyerIds) expect(tim, `${url} in tim names ${id}`).not.toContain(id);
      for (const id of retailIds) expect(rps, `${url} in rps names ${id}`).not.toContain(id);
    }
    // each account's root details only in its module
    expect((await get(as.multiTim, `/api/accounts/${A.demoBuyer}/organization-root-detail`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(as.multiRps, `/api/accounts/${A.demoRetail}/organization-root-detail`)).statusCode,
    ).toBe(404);
    expect(
      (await get(as.multiTim, `/api/accounts/${A.demoRetail}/organization-root-detail`)).statusCode,
    ).toBe(200);
  });
});

describe('a two-account user writes in its current module’s account', () => {
  it('creates a stock at Saint-Priest in Demo Buyer, seen by the warehouse manager', async () => {
    const res = await send(as.multiRps, 'POST', '/api/stocks', {
      warehouseId: O.warehouseSaintPriest,
      name: 'Rayon du double compte',
      identifier: 'R-MULTI',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('stocks')
      .select('account_id')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(A.demoBuyer);
    expect((await get(as.warehouse, `/api/stocks/${res.json().id}`)).statusCode).toBe(200);
    // in the store module the same user has no stock to manage
    expect(
      (await send(as.multiTim, 'POST', '/api/stocks', { warehouseId: O.warehouseSaintPriest, name: 'Non' }))
        .statusCode,
    ).toBe(403);
  });

  it('creates a service (refurb step) in Demo Buyer', async () => {
    const before = (await get(as.warehouse, '/api/refurb-steps')).json().totalItems;
    const res = await send(as.multiRps, 'POST', '/api/refurb-steps', {
      name: 'Nettoyage du double compte',
      stockId: DEMO.stocks.workshopSaintPriest,
      costs: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(as.warehouse, '/api/refurb-steps')).json().totalItems).toBe(before + 1);
  });

  it('checks an item in at Saint-Priest, as the warehouse manager would', async () => {
    const [mine, theirs] = DEMO.warehouseItems.inTransit;
    const multi = await send(as.multiRps, 'POST', '/api/warehouse/checkin', { code: mine });
    expect(multi.statusCode, multi.body).toBe(200);
    const single = await send(as.warehouse, 'POST', '/api/warehouse/checkin', { code: theirs });
    expect(single.statusCode, single.body).toBe(200);
    expect(multi.json().status).toBe(single.json().status);
    expect(multi.json().stock?.id ?? null).toBe(single.json().stock?.id ?? null);
    // in the store module the item is not the user's to check in
    const tim = await send(as.multiTim, 'POST', '/api/warehouse/checkin', {
      code: DEMO.warehouseItems.inTransit[2],
    });
    expect(tim.statusCode).toBe(403);
  });

  it('releases an item from quarantine into a Saint-Priest stock', async () => {
    const item = await t.db
      .selectFrom('buyback_items')
      .select('id')
      .where('identification_number', '=', DEMO.warehouseItems.inQuarantineLocked)
      .executeTakeFirstOrThrow();
    const customerReturn = await t.db
      .selectFrom('stocks')
      .select('id')
      .where('warehouse_id', '=', O.warehouseSaintPriest)
      .where('native_kind', '=', 'customer_return')
      .executeTakeFirstOrThrow();
    const offered = (await get(as.multiRps, `/api/items/${item.id}/stocks`)).json() as {
      member: { id: string }[];
    };
    expect(offered.member.map((s) => s.id)).toContain(customerReturn.id);
    const res = await send(as.multiRps, 'POST', `/api/items/${item.id}/quarantine/release`, {
      stockId: customerReturn.id,
      comment: 'Libéré par le double compte',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('item_to_return');
  });
});
