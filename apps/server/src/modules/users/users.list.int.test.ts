import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';

let t: TestApp;
const sessions = new Map<string, { authorization: string }>();

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .updateTable('users')
    .set({ status: 'inactive' })
    .where('email', '=', 'management_unit_analyst@demo.test')
    .execute();
});
afterAll(() => t.close());

async function as(email: string) {
  if (!sessions.has(email)) sessions.set(email, { authorization: (await t.login(email)).authorization });
  return sessions.get(email) as { authorization: string };
}

interface Listed {
  id: string;
  email: string;
  lastname: string;
  editable: boolean;
  modules: { moduleType: string; userType: string; manageable: boolean; organizationName: string }[];
}

async function list(email: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: await as(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { member: Listed[]; totalItems: number; view: Record<string, string> };
}

const emails = (page: { member: Listed[] }) => page.member.map((u) => u.email);

describe('GET /users: who sees whom', () => {
  it('a root manager sees the users of its retailer, by last name, and no other account', async () => {
    const page = await list('root_management_unit_manager@demo.test', '?itemsPerPage=30');
    expect(page.totalItems).toBe(7);
    expect(page.member.map((u) => u.lastname)).toEqual([
      'Benali',
      'Dubois',
      'Lefèvre',
      'Martin',
      'Moreau',
      'Multi',
      'Petit',
    ]);
  });

  it('a store manager sees only the users holding a role in its store', async () => {
    const page = await list('store_manager@demo.test');
    expect(emails(page).sort()).toEqual([
      'multi@demo.test',
      'store_manager@demo.test',
      'store_seller@demo.test',
    ]);
  });

  it('a buyer manager sees its buyer and warehouse users, and the retailer user holding a warehouse role', async () => {
    const page = await list('buyer_manager@demo.test');
    expect(emails(page).sort()).toEqual([
      'buyer_manager@demo.test',
      'multi@demo.test',
      'warehouse_manager@demo.test',
      'warehouse_operator@demo.test',
    ]);
  });

  it('the second retailer sees only its own two users', async () => {
    const page = await list('root_management_unit_manager@other.test');
    expect(emails(page).sort()).toEqual([
      'root_management_unit_manager@other.test',
      'store_seller@other.test',
    ]);
  });

  it('platform operators see every user', async () => {
    expect((await list('admin@demo.test')).totalItems).toBe(14);
  });

  it('an analyst lists users but may edit none of them', async () => {
    const page = await list('root_management_unit_analyst@demo.test', '?itemsPerPage=30');
    expect(page.totalItems).toBe(7);
    expect(page.member.every((u) => !u.editable && u.modules.every((m) => !m.manageable))).toBe(true);
  });

  it('a store seller may not list users', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: await as('store_seller@demo.test'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /users: roles in each row', () => {
  it('aggregates every role with its organisation, and marks those the reader may manage', async () => {
    const page = await list('store_manager@demo.test', '?search=multi');
    expect(page.member).toHaveLength(1);
    expect(page.member[0]).toMatchObject({
      editable: true,
      modules: [
        {
          moduleType: 'tim',
          userType: 'store_manager',
          organizationName: 'Demo Retail Paris Rivoli',
          manageable: true,
        },
        {
          moduleType: 'rps',
          userType: 'warehouse_manager',
          organizationName: 'Entrepôt Saint-Priest',
          manageable: false,
        },
      ],
    });
  });

  it('a user holding a role above the reader rank is read-only', async () => {
    const page = await list('management_unit_manager@demo.test', '?itemsPerPage=30');
    expect(page.member.find((u) => u.email === 'management_unit_manager@demo.test')?.editable).toBe(true);
    const admin = await list('admin@demo.test', '?search=superadmin');
    expect(admin.member[0]?.editable).toBe(false);
  });
});

describe('GET /users: pages, order and filters', () => {
  const reader = 'root_management_unit_manager@demo.test';

  it('pages with view links that keep the filters', async () => {
    const page = await list(reader, '?itemsPerPage=2&page=2&status=active');
    expect(page.totalItems).toBe(6);
    expect(page.member.map((u) => u.lastname)).toEqual(['Lefèvre', 'Martin']);
    expect(page.view).toEqual({
      first: '/api/users?itemsPerPage=2&page=1&status=active',
      last: '/api/users?itemsPerPage=2&page=3&status=active',
      next: '/api/users?itemsPerPage=2&page=3&status=active',
      previous: '/api/users?itemsPerPage=2&page=1&status=active',
    });
  });

  it('a page past the end is empty and still counts the users', async () => {
    const page = await list(reader, '?itemsPerPage=2&page=9');
    expect(page).toMatchObject({ member: [], totalItems: 7 });
    expect(page.view.last).toBe('/api/users?itemsPerPage=2&page=4');
  });

  it('orders by e-mail descending and by last sign-in with never-signed-in users last', async () => {
    const byEmail = await list(reader, '?order[email]=desc&itemsPerPage=3');
    expect(emails(byEmail)).toEqual([
      'store_seller@demo.test',
      'store_manager@demo.test',
      'root_management_unit_manager@demo.test',
    ]);
    await t.db.updateTable('users').set({ last_login_at: null }).execute();
    const signedIn = (email: string, at: string) =>
      t.db
        .updateTable('users')
        .set({ last_login_at: new Date(at) })
        .where('email', '=', email)
        .execute();
    await signedIn('store_seller@demo.test', '2026-01-02T10:00:00Z');
    await signedIn('management_unit_manager@demo.test', '2026-01-01T10:00:00Z');
    for (const direction of ['desc', 'asc']) {
      const byLogin = await list(reader, `?order[lastLoginAt]=${direction}&itemsPerPage=30`);
      expect(byLogin.member).toHaveLength(7);
      const first = ['store_seller@demo.test', 'management_unit_manager@demo.test'];
      expect(emails(byLogin).slice(0, 2)).toEqual(direction === 'desc' ? first : first.reverse());
    }
  });

  it('searches first and last names without accents or case, and e-mails', async () => {
    expect(emails(await list(reader, '?search=LEFEVRE'))).toEqual(['management_unit_manager@demo.test']);
    expect(emails(await list(reader, '?search=sophie%20mart'))).toEqual(['store_manager@demo.test']);
    expect(emails(await list(reader, '?search=store_seller%40'))).toEqual(['store_seller@demo.test']);
    expect(emails(await list(reader, '?search=%25'))).toEqual([]);
  });

  it('filters by status, role, module and organisation', async () => {
    expect(emails(await list(reader, '?status=inactive'))).toEqual(['management_unit_analyst@demo.test']);
    expect(emails(await list(reader, '?userType=store_manager')).sort()).toEqual([
      'multi@demo.test',
      'store_manager@demo.test',
    ]);
    expect(emails(await list(reader, '?moduleType=rps'))).toEqual(['multi@demo.test']);
    expect(emails(await list(reader, `?organizationId=${DEMO.orgs.muFrance}`)).sort()).toEqual([
      'management_unit_analyst@demo.test',
      'management_unit_manager@demo.test',
    ]);
    expect((await list(reader, `?organizationId=${DEMO.orgs.otherStore}`)).totalItems).toBe(0);
  });

  it('refuses an unknown filter value or an oversized page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?status=gone&itemsPerPage=1000',
      headers: await as(reader),
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['itemsPerPage', 'status']);
  });
});
