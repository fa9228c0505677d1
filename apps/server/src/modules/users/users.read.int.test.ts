import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';

let t: TestApp;
const ids = new Map<string, string>();
let rootManager: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.selectFrom('users').select(['id', 'email']).execute())
    ids.set(row.email, row.id);
  rootManager = await headersOf('root_management_unit_manager@demo.test');
});
afterAll(() => t.close());

/** The headers of a signed-in user. */
async function headersOf(email: string, password?: string) {
  return { authorization: (await t.login(email, password)).authorization };
}

const idOf = (email: string) => ids.get(email) as string;
const get = (url: string, as: { authorization: string }) => t.app.inject({ method: 'GET', url, headers: as });

describe('GET /users/:id', () => {
  it('answers the user with its roles, dates and no password', async () => {
    const res = await get(`/api/users/${idOf('store_seller@demo.test')}`, rootManager);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      id: idOf('store_seller@demo.test'),
      accountId: DEMO.accounts.demoRetail,
      email: 'store_seller@demo.test',
      firstname: 'Sébastien',
      lastname: 'Moreau',
      status: 'active',
      forceConnectionBySso: false,
      language: null,
      editable: true,
      modules: [
        {
          moduleType: 'tim',
          userType: 'store_seller',
          organizationId: DEMO.orgs.storeParis,
          manageable: true,
        },
      ],
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(res.body).not.toMatch(/argon2/);
  });

  it('answers 404 for a user of another retailer, an unknown id, or a user outside the reader subtree', async () => {
    const storeManager = await headersOf('store_manager@demo.test');
    for (const [url, as] of [
      [`/api/users/${idOf('store_seller@other.test')}`, rootManager],
      ['/api/users/00000000-0000-4000-8000-00000000ffff', rootManager],
      [`/api/users/${idOf('management_unit_manager@demo.test')}`, storeManager],
    ] as const) {
      const res = await get(url, as);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('the second retailer gets 404 on every user read of the first', async () => {
    const other = await headersOf('root_management_unit_manager@other.test');
    const id = idOf('store_manager@demo.test');
    for (const suffix of ['', '/permissions', '/current-organization']) {
      expect((await get(`/api/users/${id}${suffix}`, other)).statusCode).toBe(404);
    }
  });

  it('a store seller may not open users', async () => {
    const seller = await headersOf('store_seller@demo.test');
    expect((await get(`/api/users/${idOf('store_seller@demo.test')}`, seller)).statusCode).toBe(403);
  });
});

describe('GET /users/:id/permissions', () => {
  it('answers the permissions of each module the user holds', async () => {
    const res = await get(`/api/users/${idOf('multi@demo.test')}/permissions`, rootManager);
    expect(res.statusCode).toBe(200);
    const { frontPermissions } = res.json();
    expect(Object.keys(frontPermissions).sort()).toEqual(['rps', 'tim']);
    expect(frontPermissions.tim).toContain('user.create');
    expect(frontPermissions.tim).not.toContain('organization.create');
    expect(frontPermissions.rps).toContain('stock.manage');
  });
});

describe('GET /users/:id/current-organization', () => {
  it('answers the organisation of the first module, with its account', async () => {
    const res = await get(`/api/users/${idOf('multi@demo.test')}/current-organization`, rootManager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: DEMO.orgs.storeParis,
      commonName: 'Demo Retail Paris Rivoli',
      moduleType: 'tim',
      account: { id: DEMO.accounts.demoRetail, name: 'Demo Retail', mainColor: '#2ed678', isRetailer: true },
    });
  });

  it('follows the module the user last switched to', async () => {
    const multi = await headersOf('multi@demo.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/me/module',
      headers: multi,
      payload: { moduleType: 'rps' },
    });
    const res = await get(`/api/users/${idOf('multi@demo.test')}/current-organization`, rootManager);
    expect(res.json()).toMatchObject({
      id: DEMO.orgs.warehouseSaintPriest,
      moduleType: 'rps',
      account: { id: DEMO.accounts.demoBuyer, name: 'Demo Buyer' },
    });
  });
});

describe('GET /assignable-user-types', () => {
  it('answers the roles a store manager may grant, each with its module', async () => {
    const res = await get('/api/assignable-user-types', await headersOf('store_manager@demo.test'));
    expect(res.json()).toEqual({
      userTypes: [
        { moduleType: 'tim', userType: 'store_manager' },
        { moduleType: 'tim', userType: 'store_seller' },
      ],
    });
  });

  it('a super admin may grant every role but the pseudo-anonymous one', async () => {
    const res = await get('/api/assignable-user-types', await headersOf('super_admin@demo.test'));
    const types = res.json().userTypes;
    expect(types).toHaveLength(11);
    expect(types).toContainEqual({ moduleType: 'root', userType: 'super_admin' });
    expect(types).toContainEqual({ moduleType: 'lcm', userType: 'buyer_manager' });
    expect(types.map((x: { userType: string }) => x.userType)).not.toContain('pseudo_anonymous');
  });

  it('an analyst, who creates no users, gets 403', async () => {
    const res = await get(
      '/api/assignable-user-types',
      await headersOf('root_management_unit_analyst@demo.test'),
    );
    expect(res.statusCode).toBe(403);
  });
});
