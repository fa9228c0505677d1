import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const sessions = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(email: string, url: string) {
  if (!sessions.has(email)) sessions.set(email, (await t.login(email)).authorization);
  return t.app.inject({ method: 'GET', url, headers: { authorization: sessions.get(email) as string } });
}

describe('GET /platform-admins', () => {
  it("lists the platform's own users only, by last name, for an admin and a super admin", async () => {
    for (const who of ['admin@demo.test', 'super_admin@demo.test']) {
      const res = await get(who, '/api/platform-admins');
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as {
        member: { email: string; modules: { moduleType: string }[] }[];
        totalItems: number;
      };
      expect(page.member.map((u) => u.email).sort()).toEqual(['admin@demo.test', 'super_admin@demo.test']);
      expect(page.totalItems).toBe(2);
      expect(page.member.every((u) => u.modules.every((m) => m.moduleType === 'root'))).toBe(true);
    }
  });

  it('filters by user type, search and status, as the users list does', async () => {
    const supers = (await get('admin@demo.test', '/api/platform-admins?userType=super_admin')).json();
    expect(supers.member.map((u: { email: string }) => u.email)).toEqual(['super_admin@demo.test']);
    const found = (await get('admin@demo.test', '/api/platform-admins?search=super')).json();
    expect(found.totalItems).toBe(1);
    // a client's user never appears, whatever the search
    const client = (await get('admin@demo.test', '/api/platform-admins?search=root_management')).json();
    expect(client.member).toEqual([]);
    const inactive = (await get('admin@demo.test', '/api/platform-admins?status=inactive')).json();
    expect(inactive.totalItems).toBe(0);
  });

  it('is refused to every user of a client account (403), and answers 422 to an unknown user type', async () => {
    for (const who of [
      'root_management_unit_manager@demo.test',
      'store_seller@demo.test',
      'buyer_manager@demo.test',
      'warehouse_manager@demo.test',
    ]) {
      const res = await get(who, '/api/platform-admins');
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await get('admin@demo.test', '/api/platform-admins?userType=nobody')).statusCode).toBe(422);
  });
});
