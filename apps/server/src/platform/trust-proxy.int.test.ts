import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8,192.168.1.10' });
});
afterAll(() => t.close());

/** Signs in from `peer` (the TCP peer) with the headers given; answers the session's recorded address. */
async function sessionAddress(email: string, peer: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO.password },
    remoteAddress: peer,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { rows } = await sql<{ ip: string }>`
    SELECT s.ip FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE u.email = ${email} ORDER BY s.created_at DESC LIMIT 1`.execute(t.db);
  return rows[0]?.ip;
}

/** A wrong password from `peer`; answers the throttling keys that name `address`. */
async function throttleKeysAfterFailure(
  email: string,
  peer: string,
  headers: Record<string, string>,
  address: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'not the password' },
    remoteAddress: peer,
    headers,
  });
  expect(res.statusCode, res.body).toBe(401);
  const { rows } = await sql<{
    key: string;
  }>`SELECT key FROM rate_limits WHERE key LIKE ${`%${address}%`}`.execute(t.db);
  return rows.map((r) => r.key);
}

describe('client addresses behind reverse proxies (TRUST_PROXY=10.0.0.0/8,192.168.1.10)', () => {
  it('X-Forwarded-For from a peer that is not a listed proxy changes neither the session address nor the throttling keys', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.9' };
    expect(await sessionAddress('store_seller@demo.test', '192.0.2.5', forged)).toBe('192.0.2.5');
    expect(
      await throttleKeysAfterFailure('store_manager@demo.test', '192.0.2.5', forged, '203.0.113.9'),
    ).toEqual([]);
    expect(
      await throttleKeysAfterFailure('store_manager@demo.test', '192.0.2.5', forged, '192.0.2.5'),
    ).not.toEqual([]);
  });

  it('X-Forwarded-For from a listed proxy (a range or one address) gives the client address', async () => {
    expect(
      await sessionAddress('store_seller@demo.test', '10.1.2.3', { 'x-forwarded-for': '198.51.100.7' }),
    ).toBe('198.51.100.7');
    expect(
      await sessionAddress('store_seller@demo.test', '192.168.1.10', { 'x-forwarded-for': '198.51.100.8' }),
    ).toBe('198.51.100.8');
    expect(
      await throttleKeysAfterFailure(
        'buyer_manager@demo.test',
        '10.1.2.3',
        { 'x-forwarded-for': '198.51.100.9' },
        '198.51.100.9',
      ),
    ).not.toEqual([]);
  });

  it('an address a client forged in front of the proxy’s own entry is not believed', async () => {
    // the client sent "X-Forwarded-For: 203.0.113.66"; the proxy appended the address it saw
    const chain = { 'x-forwarded-for': '203.0.113.66, 198.51.100.20' };
    expect(await sessionAddress('store_seller@demo.test', '10.0.0.1', chain)).toBe('198.51.100.20');
    // a second listed proxy in the chain is skipped too
    const twoProxies = { 'x-forwarded-for': '203.0.113.66, 198.51.100.21, 10.3.3.3' };
    expect(await sessionAddress('store_seller@demo.test', '192.168.1.10', twoProxies)).toBe('198.51.100.21');
  });
});
