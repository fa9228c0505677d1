import type { OrganizationResponse, OrganizationTreeNode } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoUsers } from '../../../test/api-kit';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';

const O = DEMO.orgs;
const A = DEMO.accounts;
const DEMO_RETAIL = [
  O.retailRoot,
  O.muFrance,
  O.muBenelux,
  O.storeParis,
  O.storeLille,
  O.storeBruxelles,
  O.storeLiege,
];

let t: TestApp;
const as: Record<string, string> = {};

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: as[who] as string } });
const ids = (list: { id: string }[]) => list.map((o) => o.id).sort();
const memberIds = async (who: string, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return ids(res.json().member);
};
const flatten = (nodes: OrganizationTreeNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...flatten(n.children)]);

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInDemoUsers(t));
});
afterAll(() => t.close());

describe('organisation list scope', () => {
  it('a root management unit manager lists its whole account tree and nothing else', async () => {
    expect(await memberIds('rmu', '/api/organizations?itemsPerPage=100')).toEqual([...DEMO_RETAIL].sort());
  });

  it('a management unit manager lists its management unit and the stores below it', async () => {
    expect(await memberIds('mu', '/api/organizations')).toEqual(
      [O.muFrance, O.storeParis, O.storeLille].sort(),
    );
  });

  it('a store manager sees only its store', async () => {
    expect(await memberIds('storeManager', '/api/organizations')).toEqual([O.storeParis]);
    expect((await get('storeManager', `/api/organizations/${O.storeLille}`)).statusCode).toBe(404);
    expect((await get('storeManager', `/api/organizations/${O.muFrance}`)).statusCode).toBe(404);
  });

  it('a platform admin sees every account and may filter by account', async () => {
    const all = await get('admin', '/api/organizations?itemsPerPage=100');
    expect(all.json().totalItems).toBe(14);
    expect(await memberIds('admin', `/api/organizations?accountId=${A.otherRetail}`)).toEqual(
      [O.otherRoot, O.otherMu, O.otherStore].sort(),
    );
  });

  it('the account filter is for platform operators: others always read their own scope', async () => {
    expect(await memberIds('storeManager', `/api/organizations?accountId=${A.otherRetail}`)).toEqual([
      O.storeParis,
    ]);
  });

  it("Other Retail's users list none of Demo Retail's organisations", async () => {
    expect(await memberIds('otherRmu', '/api/organizations?itemsPerPage=100')).toEqual(
      [O.otherRoot, O.otherMu, O.otherStore].sort(),
    );
    // a store seller holds no organisation permission: lists and tree are closed to it altogether
    expect((await get('otherSeller', '/api/organizations')).statusCode).toBe(403);
    expect((await get('otherSeller', '/api/organizations/tree')).statusCode).toBe(403);
    expect(ids((await get('otherSeller', '/api/organizations/connected-warehouses')).json())).toEqual([]);
  });

  it("Other Retail's users get 404 on every read of a Demo Retail organisation", async () => {
    for (const who of ['otherRmu', 'otherSeller']) {
      for (const path of ['', '/module-count', '/users-module-count']) {
        const res = await get(who, `/api/organizations/${O.storeParis}${path}`);
        // the seller lacks organisation permissions altogether: 403 before any lookup
        expect(res.statusCode, `${who} ${path}`).toBe(who === 'otherSeller' ? 403 : 404);
      }
    }
    const res = await get('otherRmu', `/api/organizations/${O.muFrance}`);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect(
      (await get('otherRmu', `/api/organizations/available-parents?type=store&id=${O.storeParis}`))
        .statusCode,
    ).toBe(404);
  });

  it('a store seller may not list organisations (no permission)', async () => {
    expect((await get('seller', '/api/organizations')).json()).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });

  it('an analyst may read the organisations of its account', async () => {
    expect(await memberIds('analyst', '/api/organizations?itemsPerPage=100')).toHaveLength(7);
    expect((await get('analyst', `/api/organizations/${O.storeLiege}`)).statusCode).toBe(200);
  });
});

describe('organisation list filters, search and order', () => {
  it('filters by one type or several (type[]=)', async () => {
    expect(await memberIds('rmu', '/api/organizations?type=management_unit')).toEqual(
      [O.muFrance, O.muBenelux].sort(),
    );
    expect(
      await memberIds('rmu', '/api/organizations?type[]=management_unit&type[]=root_management_unit'),
    ).toEqual([O.retailRoot, O.muFrance, O.muBenelux].sort());
  });

  it('filters by parent, and by having a parent or not', async () => {
    expect(await memberIds('rmu', '/api/organizations?exists[parentOrganization]=false')).toEqual([
      O.retailRoot,
    ]);
    expect(
      await memberIds('rmu', '/api/organizations?exists[parentOrganization]=true&itemsPerPage=100'),
    ).toHaveLength(6);
    expect(await memberIds('rmu', `/api/organizations?parentOrganizationId=${O.muBenelux}`)).toEqual(
      [O.storeBruxelles, O.storeLiege].sort(),
    );
  });

  it('filters by status', async () => {
    expect(await memberIds('rmu', '/api/organizations?status=inactive')).toEqual([]);
    expect(await memberIds('rmu', '/api/organizations?status=active&itemsPerPage=100')).toHaveLength(7);
  });

  it('searches common name, city and external id regardless of case and accents', async () => {
    expect(await memberIds('rmu', '/api/organizations?search=LIEGE')).toEqual([O.storeLiege]);
    expect(await memberIds('rmu', '/api/organizations?search=li%C3%A8ge')).toEqual([O.storeLiege]);
    expect(await memberIds('rmu', '/api/organizations?search=bruxelles')).toEqual(
      [O.muBenelux, O.storeBruxelles].sort(),
    );
    expect(await memberIds('rmu', '/api/organizations?search=dr-lil')).toEqual([O.storeLille]);
  });

  it('a search term is matched literally (a % is not a wildcard) and never escapes the scope', async () => {
    expect(await memberIds('rmu', '/api/organizations?search=%25')).toEqual([]);
    expect(await memberIds('otherRmu', '/api/organizations?search=demo')).toEqual([]);
  });

  it('orders by a field, either way', async () => {
    const names = async (url: string) =>
      (await get('rmu', url)).json().member.map((o: OrganizationResponse) => o.externalId);
    expect(await names('/api/organizations?type=store&order[externalId]=asc')).toEqual([
      'DR-BRU-01',
      'DR-LGG-01',
      'DR-LIL-01',
      'DR-PAR-01',
    ]);
    expect(await names('/api/organizations?type=store&order[externalId]=desc')).toEqual([
      'DR-PAR-01',
      'DR-LIL-01',
      'DR-LGG-01',
      'DR-BRU-01',
    ]);
    const cities = (await get('rmu', '/api/organizations?type=store&order[city]=asc'))
      .json()
      .member.map((o: OrganizationResponse) => o.address.city);
    expect(cities).toEqual(['Bruxelles', 'Liège', 'Lille', 'Paris']);
  });

  it('pages with totalItems and view links', async () => {
    const first = (await get('rmu', '/api/organizations?itemsPerPage=3')).json();
    expect(first.totalItems).toBe(7);
    expect(first.member).toHaveLength(3);
    expect(first.view.next).toContain('page=2');
    expect(first.view.previous).toBeUndefined();
    const last = (await get('rmu', '/api/organizations?itemsPerPage=3&page=3')).json();
    expect(last.member).toHaveLength(1);
    expect(last.view.next).toBeUndefined();
    const seen = new Set(
      [
        ...first.member,
        ...(await get('rmu', '/api/organizations?itemsPerPage=3&page=2')).json().member,
        ...last.member,
      ].map((o) => o.id),
    );
    expect(seen.size).toBe(7);
  });

  it('answers 422 problems to a malformed query, never 500', async () => {
    for (const query of [
      'order[city]=sideways',
      'itemsPerPage=1000',
      'page=0',
      'type=shop',
      'status=gone',
      'parentOrganizationId=nope',
      'accountId=x',
    ]) {
      const res = await get('rmu', `/api/organizations?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await get('rmu', '/api/organizations/not-a-uuid')).statusCode).toBe(422);
    expect((await get('rmu', '/api/organizations/00000000-0000-4000-8000-000000000999')).statusCode).toBe(
      404,
    );
  });
});

describe('organisation detail and public page', () => {
  it('answers every field of the organisation', async () => {
    const res = await get('rmu', `/api/organizations/${O.storeParis}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: O.storeParis,
      accountId: A.demoRetail,
      commonName: 'Demo Retail Paris Rivoli',
      type: 'store',
      moduleType: 'tim',
      status: 'active',
      parentOrganizationId: O.muFrance,
      parentCommonName: 'Direction France',
      externalId: 'DR-PAR-01',
      defaultWarehouse: O.warehouseSaintPriest,
      buyer: O.buyer,
      address: { street: '52 Rue de Rivoli', zip: '75001', city: 'Paris', country: 'FR', streetMore: null },
      latitude: 48.8593,
      longitude: 2.3464,
      placeEmail: 'paris@demo-retail.test',
      geocodedByUser: false,
    });
  });

  it('the public page of an active store needs no session and shows public facts only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/organizations/${O.storeLille}/public` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: O.storeLille,
      commonName: 'Demo Retail Lille Rue Neuve',
      type: 'store',
      address: { street: '31 Rue Neuve', streetMore: null, zip: '59800', city: 'Lille', country: 'FR' },
      latitude: 50.6369,
      longitude: 3.0643,
      placeEmail: 'lille@demo-retail.test',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/organizations/00000000-0000-4000-8000-000000000999/public',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('organisation tree', () => {
  it('nests the visible tree under the actor organisation', async () => {
    const tree: OrganizationTreeNode[] = (await get('rmu', '/api/organizations/tree')).json();
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: O.retailRoot, type: 'root_management_unit' });
    expect(ids(tree[0]?.children ?? [])).toEqual([O.muFrance, O.muBenelux].sort());
    const france = tree[0]?.children.find((c) => c.id === O.muFrance);
    expect(ids(france?.children ?? [])).toEqual([O.storeParis, O.storeLille].sort());
  });

  it('a management unit manager gets its own subtree; a store manager a single node', async () => {
    const tree: OrganizationTreeNode[] = (await get('mu', '/api/organizations/tree')).json();
    expect(tree.map((n) => n.id)).toEqual([O.muFrance]);
    expect(flatten(tree).sort()).toEqual([O.muFrance, O.storeParis, O.storeLille].sort());
    expect(flatten((await get('storeManager', '/api/organizations/tree')).json())).toEqual([O.storeParis]);
  });

  it("Other Retail's manager gets a tree without any Demo Retail organisation", async () => {
    const all = flatten((await get('otherRmu', '/api/organizations/tree')).json());
    expect(all.sort()).toEqual([O.otherRoot, O.otherMu, O.otherStore].sort());
  });

  it('a platform admin gets the forest of every account, or one account', async () => {
    const forest: OrganizationTreeNode[] = (await get('admin', '/api/organizations/tree')).json();
    expect(forest.map((n) => n.id).sort()).toEqual([O.platform, O.retailRoot, O.buyer, O.otherRoot].sort());
    const one: OrganizationTreeNode[] = (
      await get('admin', `/api/organizations/tree?accountId=${A.demoBuyer}`)
    ).json();
    expect(flatten(one).sort()).toEqual([O.buyer, O.warehouseSaintPriest, O.warehouseRoubaix].sort());
  });
});

describe('available parents', () => {
  const parents = async (who: string, query: string) => {
    const res = await get(who, `/api/organizations/available-parents?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json());
  };

  it('a store may attach to a management unit only', async () => {
    expect(await parents('rmu', 'type=store')).toEqual([O.muFrance, O.muBenelux].sort());
  });

  it('a management unit may attach to the root management unit or a management unit', async () => {
    expect(await parents('rmu', 'type=management_unit')).toEqual(
      [O.retailRoot, O.muFrance, O.muBenelux].sort(),
    );
  });

  it('when editing, the organisation itself and its descendants are not offered', async () => {
    expect(await parents('rmu', `type=management_unit&id=${O.muFrance}`)).toEqual(
      [O.retailRoot, O.muBenelux].sort(),
    );
  });

  it('tree roots attach to nothing', async () => {
    expect(await parents('admin', 'type=root_management_unit')).toEqual([]);
    expect(await parents('admin', 'type=buyer')).toEqual([]);
  });

  it('a warehouse may attach to a buyer', async () => {
    expect(await parents('buyer', 'type=warehouse')).toEqual([O.buyer]);
  });

  it('only visible organisations are offered', async () => {
    expect(await parents('mu', 'type=store')).toEqual([O.muFrance]);
    expect(await parents('otherRmu', 'type=store')).toEqual([O.otherMu]);
  });

  it('refuses a missing or unknown type', async () => {
    expect((await get('rmu', '/api/organizations/available-parents')).statusCode).toBe(422);
    expect((await get('rmu', '/api/organizations/available-parents?type=shop')).statusCode).toBe(422);
  });
});

describe('root of the account tree', () => {
  it("answers the root of the actor's tree, even to a store seller", async () => {
    for (const who of ['rmu', 'storeManager', 'seller']) {
      expect((await get(who, '/api/organizations/root')).json().id, who).toBe(O.retailRoot);
    }
    expect((await get('buyer', '/api/organizations/root')).json().id).toBe(O.buyer);
    expect((await get('warehouse', '/api/organizations/root')).json().id).toBe(O.buyer);
    expect((await get('otherSeller', '/api/organizations/root')).json().id).toBe(O.otherRoot);
  });

  it('a platform admin may ask for the root of any account; others cannot', async () => {
    expect((await get('admin', '/api/organizations/root')).json().id).toBe(O.platform);
    expect((await get('admin', `/api/organizations/root?accountId=${A.otherRetail}`)).json().id).toBe(
      O.otherRoot,
    );
    expect((await get('otherRmu', `/api/organizations/root?accountId=${A.demoRetail}`)).json().id).toBe(
      O.otherRoot,
    );
  });
});

describe('connected warehouses', () => {
  const warehouses = async (who: string) =>
    ids((await get(who, '/api/organizations/connected-warehouses')).json());

  it('a retailer sees the warehouses its visible organisations use by default', async () => {
    expect(await warehouses('rmu')).toEqual([O.warehouseSaintPriest, O.warehouseRoubaix].sort());
    expect(await warehouses('storeManager')).toEqual([O.warehouseSaintPriest]);
    expect(await warehouses('seller')).toEqual([O.warehouseSaintPriest]);
  });

  it('a buyer-side actor sees the warehouses in its scope', async () => {
    expect(await warehouses('buyer')).toEqual([O.warehouseSaintPriest, O.warehouseRoubaix].sort());
    expect(await warehouses('warehouse')).toEqual([O.warehouseSaintPriest]);
  });

  it('a retailer without links sees none', async () => {
    expect(await warehouses('otherRmu')).toEqual([]);
  });
});

describe('user counts of a subtree', () => {
  it('counts the users holding a role in the subtree, per module', async () => {
    expect((await get('rmu', `/api/organizations/${O.retailRoot}/module-count`)).json()).toEqual({
      organizationId: O.retailRoot,
      counts: { tim: 7 },
    });
    expect((await get('rmu', `/api/organizations/${O.storeParis}/module-count`)).json().counts).toEqual({
      tim: 3,
    });
    expect((await get('buyer', `/api/organizations/${O.buyer}/module-count`)).json().counts).toEqual({
      lcm: 1,
      rps: 3,
    });
  });

  it('splits the count by user type within each module', async () => {
    expect((await get('rmu', `/api/organizations/${O.storeParis}/users-module-count`)).json()).toEqual({
      organizationId: O.storeParis,
      counts: { tim: { store_manager: 2, store_seller: 1 } },
    });
    expect((await get('buyer', `/api/organizations/${O.buyer}/users-module-count`)).json().counts).toEqual({
      lcm: { buyer_manager: 1 },
      rps: { warehouse_manager: 2, warehouse_operator: 1 },
    });
  });

  it('an organisation outside the scope answers 404', async () => {
    expect((await get('mu', `/api/organizations/${O.muBenelux}/module-count`)).statusCode).toBe(404);
    expect((await get('mu', `/api/organizations/${O.storeBruxelles}/users-module-count`)).statusCode).toBe(
      404,
    );
  });
});
