import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit } from '../../../test/api-kit';
import { sftpClient } from '../../../test/sftp-peer';
import { DEMO } from '../../../test/test-app';
import { type SftpServerHandle, startSftpServer } from '../sftp';

/**
 * An inactive client (docs/clients.md, "An inactive client"): setting a client account inactive
 * refuses its users' sign-in with `account_inactive`, ends their sessions at once (the session
 * cache included), stops its public site and its SFTP login, and leaves every other account as it
 * was; reactivating restores sign-in, site and SFTP login.
 */

const A = DEMO.accounts;
const SITE = 'demo-retail.localhost:3000';
const CLIENT = `/api/accounts/${A.demoRetail}/client`;

let k: ApiKit;
let server: SftpServerHandle;
let sftp: { username: string; password: string };
let address = 0;

const signIn = (email: string) => {
  address += 1;
  return k.t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO.password, tokenRequested: true },
    remoteAddress: `10.66.${Math.floor(address / 250)}.${address % 250}`,
  });
};
const me = (authorization: string) =>
  k.t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
const site = () => k.t.app.inject({ method: 'GET', url: '/api/white-label/config', headers: { host: SITE } });
const connect = () => sftpClient({ port: server.port, ...sftp });

async function setStatus(status: 'active' | 'inactive') {
  const res = await k.patch('admin', CLIENT, { status });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe(status);
}

beforeAll(async () => {
  k = await startApiKit();
  server = await startSftpServer(k.t.deps, { port: 0, host: '127.0.0.1', log: () => {} });
  const activated = await k.post('rmu', `/api/accounts/${A.demoRetail}/sftp-access/activate`);
  expect(activated.statusCode, activated.body).toBe(200);
  sftp = { username: activated.json().username, password: activated.json().password };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await k?.close();
});

describe('a client set inactive', () => {
  let before: { seller: string; buyer: string };

  beforeAll(async () => {
    const seller = await signIn('store_seller@demo.test');
    const buyer = await signIn('buyer_manager@demo.test');
    before = {
      seller: `Bearer ${seller.json().apiToken}`,
      buyer: `Bearer ${buyer.json().apiToken}`,
    };
    // the sessions are in use (and so in the session cache) when the client is set inactive
    expect((await me(before.seller)).statusCode).toBe(200);
    expect((await me(before.buyer)).statusCode).toBe(200);
    expect((await site()).statusCode).toBe(200);
    const { end } = await connect();
    end();
    await setStatus('inactive');
  }, 60_000);

  it('refuses its users’ sign-in with account_inactive (403), told only to whoever knows the password', async () => {
    const res = await signIn('store_seller@demo.test');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('account_inactive');
    address += 1;
    const wrong = await k.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'store_seller@demo.test', password: 'not-the-password' },
      remoteAddress: `10.67.0.${address}`,
    });
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('ends its users’ sessions at once: the next request is 401', async () => {
    const res = await me(before.seller);
    expect(res.statusCode, res.body).toBe(401);
    // revoked, not only hidden: they stay ended once the client is active again (tested below)
    const revoked = await k.t.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('s.revoked_at')
      .where('u.email', '=', 'store_seller@demo.test')
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
  });

  it('stops its public site (site_not_available) and a visitor session on it', async () => {
    const res = await site();
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('site_not_available');
    expect(
      (
        await k.t.app.inject({ method: 'POST', url: '/api/white-label/visitor', headers: { host: SITE } })
      ).json().code,
    ).toBe('site_not_available');
  });

  it('refuses its SFTP login', async () => {
    await expect(connect()).rejects.toThrow(/authentication/i);
  });

  it('leaves other accounts alone: Demo Buyer’s manager keeps its session and signs in', async () => {
    expect((await me(before.buyer)).statusCode).toBe(200);
    expect((await signIn('buyer_manager@demo.test')).statusCode).toBe(200);
    expect((await signIn('store_seller@other.test')).statusCode).toBe(200);
  });

  it('refuses a user of this account who holds a module in another account too (multi@demo.test)', async () => {
    const res = await signIn('multi@demo.test');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('account_inactive');
  });

  describe('reactivated', () => {
    beforeAll(async () => {
      await setStatus('active');
    });

    it('signs its users in again; the sessions ended stay ended', async () => {
      const res = await signIn('store_seller@demo.test');
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(`Bearer ${res.json().apiToken}`)).statusCode).toBe(200);
      expect((await me(before.seller)).statusCode).toBe(401);
    });

    it('serves its public site again', async () => {
      expect((await site()).statusCode).toBe(200);
    });

    it('takes its SFTP login again', async () => {
      const { end } = await connect();
      end();
    });
  });
});

describe('the account of a module’s organisation set inactive', () => {
  it('drops that module only: multi@demo.test (Demo Retail) signs in without Demo Buyer’s warehouse', async () => {
    const res = await k.patch('admin', `/api/accounts/${A.demoBuyer}/client`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    let multiToken = '';
    const inWarehouse = () =>
      k.t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${multiToken}`, 'x-module': 'rps' },
      });
    try {
      const multi = await signIn('multi@demo.test');
      expect(multi.statusCode, multi.body).toBe(200);
      expect(Object.keys(multi.json().modules)).toEqual(['tim']);
      multiToken = multi.json().apiToken;
      expect((await inWarehouse()).statusCode).not.toBe(200);
      expect((await signIn('buyer_manager@demo.test')).json().code).toBe('account_inactive');
    } finally {
      await k.patch('admin', `/api/accounts/${A.demoBuyer}/client`, { status: 'active' });
    }
    // reactivated: the warehouse module is back at once for the session (no cached session kept it out)
    expect((await inWarehouse()).statusCode).toBe(200);
    expect((await signIn('buyer_manager@demo.test')).statusCode).toBe(200);
  });
});
