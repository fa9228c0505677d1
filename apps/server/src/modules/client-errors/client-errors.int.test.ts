import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';

/**
 * The web app's uncaught errors (docs/client-errors.md): stored with the session's user and
 * account (never the body's), their route reduced to the path with ids as `:id`, counted per user
 * and per client address, and read grouped by message and route by platform admins only.
 */

let k: ApiKit;
beforeAll(async () => {
  k = await startApiKit();
}, 120_000);
afterAll(() => k?.close());

const report = (overrides: Record<string, unknown> = {}) => ({
  app: 'back_office',
  kind: 'error',
  message: 'TypeError: x is undefined',
  stack: 'TypeError: x is undefined\n    at Screen (screen.js:1:2)',
  route: '/buybacks/0d9b8a4e-95b4-4c4e-9f7a-3f1b2c3d4e5f?tab=items',
  build: '1.0.0+abc1234',
  ...overrides,
});

/** A report sent without a session, as the login page's browser sends it (same origin). */
const anonymous = (payload: unknown, remoteAddress = '203.0.113.7') =>
  k.t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    payload: payload as Record<string, unknown>,
    remoteAddress,
    headers: { 'sec-fetch-site': 'same-origin' },
  });

const groups = async (query = '') => {
  const res = await k.get('admin', `/api/client-errors${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member as Record<string, unknown>[];
};

describe('reporting a client error', () => {
  it('stores it with the session’s user and account, its route as a path with :id', async () => {
    const res = await k.post('seller', '/api/client-errors', report());
    expect(res.statusCode, res.body).toBe(204);
    const row = await k.t.db
      .selectFrom('client_errors')
      .innerJoin('users', 'users.id', 'client_errors.user_id')
      .select(['client_errors.account_id', 'users.email', 'route', 'build', 'kind'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      account_id: DEMO.accounts.demoRetail,
      email: 'store_seller@demo.test',
      route: '/buybacks/:id',
      build: '1.0.0+abc1234',
      kind: 'error',
    });
  });

  it('takes a report without a session (no user, no account), and refuses a body that is not one', async () => {
    expect((await anonymous(report({ route: '/login', app: 'public_site' }))).statusCode).toBe(204);
    const bad = await anonymous(report({ route: 'no-slash', message: '' }));
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['message', 'route']);
  });

  it('counts the reports of one client address: past 60 in 10 minutes, 429 with Retry-After', async () => {
    const address = '198.51.100.23';
    for (let i = 0; i < 60; i += 1)
      expect((await anonymous(report({ message: `loop ${i}` }), address)).statusCode).toBe(204);
    const refused = await anonymous(report({ message: 'one more' }), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not held back
    expect((await anonymous(report(), '198.51.100.24')).statusCode).toBe(204);
  });

  it('counts the reports of one user whatever the address: past 30, refused', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await k.post('storeManager', '/api/client-errors', report())).statusCode).toBe(204);
    const refused = await k.post('storeManager', '/api/client-errors', report());
    expect(refused.statusCode).toBe(429);
    // the other users of that address still report
    expect((await k.post('rmu', '/api/client-errors', report())).statusCode).toBe(204);
  });
});

describe('the groups of client errors', () => {
  it('groups by message and route: count, users, accounts, first and last seen, the latest build', async () => {
    await k.post('otherSeller', '/api/client-errors', report({ build: '1.0.1+def5678' }));
    const all = await groups('?itemsPerPage=100');
    const group = all.find(
      (g) =>
        g.message === 'TypeError: x is undefined' && g.route === '/buybacks/:id' && g.app === 'back_office',
    );
    // the seller, one without a session, 30 of the store manager, the root manager, the other account's seller
    expect(group).toMatchObject({ count: 34, users: 4, accounts: 2, lastBuild: '1.0.1+def5678' });
    expect(Date.parse(group?.lastSeenAt as string)).toBeGreaterThanOrEqual(
      Date.parse(group?.firstSeenAt as string),
    );
    // the most recently seen first
    expect(all[0]).toBe(group);
    const publicOnly = await groups('?app=public_site');
    expect(publicOnly.map((g) => g.route)).toEqual(['/login']);
  });

  it('is for platform admins only', async () => {
    expect((await k.get('rmu', '/api/client-errors')).statusCode).toBe(403);
    expect((await k.get('otherRmu', '/api/client-errors')).statusCode).toBe(403);
    const unauthenticated = await k.t.app.inject({ method: 'GET', url: '/api/client-errors' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
