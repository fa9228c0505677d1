import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session probe', () => {
  it('answers a signed-out browser 200 with no user, not 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers a signed-in user with the same user as /api/me', async () => {
    const seller = await t.login('store_seller@demo.test');
    const headers = { authorization: seller.authorization };
    const probe = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(probe.statusCode, probe.body).toBe(200);
    expect(probe.json().user).toEqual(me.json());
  });

  it('answers no user for a session token that is not valid', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});
