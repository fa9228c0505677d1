import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { hashPassword, hashToken } from '../../platform/security';
import { KEYS, LIMITS } from './throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const O = DEMO.orgs;
let addressCount = 0;
/** Each rule gets its own client address, so that address-based throttling never mixes tests. */
const newAddress = () => {
  addressCount += 1;
  return `10.77.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
};

const signIn = (email: string, password: string, remoteAddress = newAddress(), tokenRequested = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, ...(tokenRequested ? { tokenRequested } : {}) },
    remoteAddress,
  });
/** Signs in as an API client and answers the session token. */
const tokenOf = async (email: string, password = DEMO.password) =>
  (await signIn(email, password, newAddress(), true)).json().apiToken as string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** A user with a password and the given roles, inserted directly. */
async function insertUser(
  email: string,
  modules: [string, string, string][],
  values: { force_connection_by_sso?: boolean } = {},
) {
  const user = await t.db
    .insertInto('users')
    .values({
      email,
      firstname: 'Test',
      lastname: 'User',
      account_id: DEMO.accounts.demoRetail,
      password_hash: await hashPassword(DEMO.password),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_modules')
    .values(
      modules.map(([module_type, user_type, organization_id]) => ({
        user_id: user.id,
        module_type,
        user_type,
        organization_id,
      })),
    )
    .execute();
  return user.id;
}

const sessionOf = (token: string) => t.db.updateTable('sessions').where('token_hash', '=', hashToken(token));

describe('sign-in', () => {
  it('answers the authenticated user with every field of the specification and an HttpOnly SameSite cookie, never the token in the body', async () => {
    const res = await signIn('multi@demo.test', DEMO.password);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'id',
        'types',
        'email',
        'firstname',
        'lastname',
        'accountId',
        'timOrganizationId',
        'rpsOrganizationId',
        'status',
        'forceConnectionBySso',
        'currentOrganization',
        'currentModule',
        'modules',
        'frontPermissions',
      ].sort(),
    );
    expect(user).toMatchObject({
      types: ['store_manager', 'warehouse_manager'],
      email: 'multi@demo.test',
      firstname: 'Morgane',
      lastname: 'Multi',
      accountId: DEMO.accounts.demoRetail,
      timOrganizationId: O.storeParis,
      rpsOrganizationId: O.warehouseSaintPriest,
      status: 'active',
      forceConnectionBySso: false,
      currentModule: 'tim',
      modules: { tim: 'store_manager', rps: 'warehouse_manager' },
      currentOrganization: { id: O.storeParis, commonName: 'Demo Retail Paris Rivoli', moduleType: 'tim' },
    });
    expect(Object.keys(user.currentOrganization.account).sort()).toEqual(
      [
        'id',
        'name',
        'companyCountry',
        'language',
        'currency',
        'emailDPO',
        'mainColor',
        'logo',
        'favicon',
        'isBuyerAndWorkshopsSupervisor',
        'isRetailer',
      ].sort(),
    );
    expect(user.currentOrganization.account).toMatchObject({
      id: DEMO.accounts.demoRetail,
      mainColor: '#2ed678',
      currency: 'EUR',
    });
    expect(user.frontPermissions.tim).toContain('user.create');
    expect(user.frontPermissions.rps).toContain('stock.manage');
    expect(user.apiToken).toBeUndefined();
    const cookie = String(res.headers['set-cookie']);
    const token = /reprise_session=([A-Za-z0-9_-]{40,});/.exec(cookie)?.[1] as string;
    expect(token).toBeTruthy();
    expect(res.body).not.toContain(token);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const stored = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', token)
      .executeTakeFirst();
    expect(stored).toBeUndefined(); // only the hash of the token is kept
    expect((await get('/api/me', { cookie: `reprise_session=${token}` })).statusCode).toBe(200);
  });

  it('answers the token as apiToken, and sets no cookie, only to an API client that asks for it', async () => {
    const res = await signIn('multi@demo.test', DEMO.password, newAddress(), true);
    expect(res.statusCode).toBe(200);
    expect(res.json().apiToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await get('/api/me', bearer(res.json().apiToken))).json().email).toBe('multi@demo.test');
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = docs.paths['/api/login'].post.requestBody.content['application/json'].schema;
    // two bodies: e-mail and password, or a single sign-on's openidSessionId (docs/single-sign-on.md)
    for (const variant of body.anyOf as { properties: Record<string, unknown> }[])
      expect(variant.properties.tokenRequested).toMatchObject({ type: 'boolean' });
  });

  it('answers the same invalid_credentials for an unknown e-mail, a wrong password and an inactive user', async () => {
    await insertUser('inactive@demo.test', [['tim', 'store_seller', O.storeParis]]);
    await t.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', 'inactive@demo.test')
      .execute();
    const answers = await Promise.all([
      signIn('nobody@demo.test', DEMO.password),
      signIn('store_seller@demo.test', 'Wrong-Password-1'),
      signIn('inactive@demo.test', DEMO.password),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      // the same document but for the request's own id, which tells nothing of the user
      expect(res.json()).toEqual({
        type: '/problems/invalid_credentials',
        title: 'invalid credentials',
        status: 401,
        detail: 'The e-mail or the password is incorrect.',
        code: 'invalid_credentials',
        requestId: res.headers['x-request-id'],
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('a user forced to single sign-on gets invalid_credentials, like an unknown e-mail, unless the password is right', async () => {
    await insertUser('sso@demo.test', [['tim', 'store_seller', O.storeParis]], {
      force_connection_by_sso: true,
    });
    const unknown = await signIn('nobody-sso@demo.test', 'Wrong-Password-1');
    const wrong = await signIn('sso@demo.test', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect({ ...wrong.json(), requestId: 'one' }).toEqual({ ...unknown.json(), requestId: 'one' });
    const right = await signIn('sso@demo.test', DEMO.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('sso_mandatory');
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('answers no_permissions to a user holding only a pseudo-anonymous role', async () => {
    await insertUser('anonymous@demo.test', [['tim', 'pseudo_anonymous', O.storeParis]]);
    const res = await signIn('anonymous@demo.test', DEMO.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('no_permissions');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts the e-mail in any case', async () => {
    expect((await signIn('Store_Seller@Demo.TEST', DEMO.password)).statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  // the blocks set here must not refuse the sign-ins of the other rules
  afterAll(() => t.db.deleteFrom('rate_limits').execute());

  const statuses = (answers: { statusCode: number }[]) => ({
    verified: answers.filter((r) => r.statusCode === 401).length,
    refused: answers.filter((r) => r.statusCode === 429).length,
  });
  const expireBlock = (key: string) =>
    t.db
      .updateTable('rate_limits')
      .set({ blocked_until: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', key)
      .execute();

  it('40 simultaneous wrong sign-ins for one account from one address: only 5 passwords are verified, the rest answer 429', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn('store_manager@demo.test', `Wrong-${i}-Password`, address)),
    );
    expect(statuses(answers)).toEqual({
      verified: LIMITS.loginPair.allowed,
      refused: 40 - LIMITS.loginPair.allowed,
    });
  });

  it('40 simultaneous wrong sign-ins for one account from 40 addresses: only the account-wide 10 are verified', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn('warehouse_manager@demo.test', `Wrong-${i}-Password`)),
    );
    expect(statuses(answers)).toEqual({
      verified: LIMITS.loginAccount.allowed,
      refused: 40 - LIMITS.loginAccount.allowed,
    });
  });

  it('two server processes on one database count the same attempts', async () => {
    const other = await t.secondApp();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'buyer_manager@demo.test', password: `Wrong-${i}-Password` },
          remoteAddress: address,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({
      verified: LIMITS.loginPair.allowed,
      refused: 40 - LIMITS.loginPair.allowed,
    });
  });

  it('after 5 failures from one address that address waits a minute, even with the right password, while the owner elsewhere signs in at once', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn('management_unit_analyst@demo.test', `Wrong-${i}-Password`, address)).statusCode,
      ).toBe(401);
    }
    const res = await signIn('management_unit_analyst@demo.test', DEMO.password, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too_many_attempts');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await signIn('management_unit_analyst@demo.test', DEMO.password)).statusCode).toBe(200);
    // another user from the same address is not refused either
    expect((await signIn('management_unit_manager@demo.test', DEMO.password, address)).statusCode).toBe(200);
  });

  it('the cool-down doubles on each failure after it ends, and never exceeds 15 minutes', async () => {
    const email = 'warehouse_operator@demo.test';
    const address = newAddress();
    const key = KEYS.loginPair(email, address);
    for (let i = 0; i < 5; i++) await signIn(email, `Wrong-${i}-Password`, address);
    await expireBlock(key);
    expect((await signIn(email, 'Wrong-again-1', address)).statusCode).toBe(401);
    const second = await signIn(email, DEMO.password, address);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
    await expireBlock(key);
    await signIn(email, 'Wrong-again-2', address);
    const third = await signIn(email, DEMO.password, address);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(230);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(240);
    await t.db.updateTable('rate_limits').set({ block_level: 12 }).where('key', '=', key).execute();
    await expireBlock(key);
    await signIn(email, 'Wrong-again-3', address);
    const capped = await signIn(email, DEMO.password, address);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('failures older than 15 minutes do not count towards the cool-down', async () => {
    const email = 'store_seller@other.test';
    const address = newAddress();
    for (let i = 0; i < 4; i++) await signIn(email, `Wrong-${i}-Password`, address);
    await t.db
      .updateTable('rate_limits')
      .set({ window_start: sql<Date>`now() - interval '16 minutes'` })
      .where('key', '=', KEYS.loginPair(email, address))
      .execute();
    expect((await signIn(email, 'Wrong-4-Password', address)).statusCode).toBe(401);
    expect((await signIn(email, DEMO.password, address)).statusCode).toBe(200);
  });

  it('a successful sign-in before the limit forgets the failures of its pair', async () => {
    const email = 'root_management_unit_manager@other.test';
    const address = newAddress();
    for (let i = 0; i < 4; i++) await signIn(email, `Wrong-${i}-Password`, address);
    expect((await signIn(email, DEMO.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await signIn(email, `Wrong-${i}-Password`, address);
    expect((await signIn(email, DEMO.password, address)).statusCode).toBe(200);
  });

  it('the account-wide limit only slows down (one attempt per 40 s), and never an address that signed in before', async () => {
    const email = 'slowed@demo.test';
    await insertUser(email, [['tim', 'store_seller', O.storeParis]]);
    const known = newAddress();
    expect((await signIn(email, DEMO.password, known)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.loginAccount.allowed; i++) {
      expect((await signIn(email, `Wrong-${i}-Password`)).statusCode).toBe(401);
    }
    const stranger = newAddress();
    const slowed = await signIn(email, DEMO.password, stranger);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(40);
    expect((await signIn(email, DEMO.password, known)).statusCode).toBe(200);
    // once the short wait is over, one attempt goes through
    await expireBlock(KEYS.loginAccount(email));
    expect((await signIn(email, DEMO.password, stranger)).statusCode).toBe(200);
  });

  it('the per-address limit refuses an address trying many e-mails', async () => {
    const address = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`guess-${i}@demo.test`, 'Guess-Password-1', address)).statusCode).toBe(401);
    }
    const res = await signIn('root_management_unit_analyst@demo.test', DEMO.password, address);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await signIn('root_management_unit_analyst@demo.test', DEMO.password)).statusCode).toBe(200);
  });
});

describe('known devices: nobody else keeps the owner out (issue 23)', () => {
  /** A browser's sign-in (no token asked): the session and the device cookie come back as cookies. */
  const browserSignIn = (email: string, password: string, remoteAddress: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress,
      ...(device ? { cookies: { reprise_device: device } } : {}),
    });
  const deviceOf = (res: Awaited<ReturnType<typeof browserSignIn>>) =>
    res.cookies.find((c) => c.name === 'reprise_device');

  it('a successful browser sign-in sets an HttpOnly, SameSite=Strict device cookie read by the sign-in only', async () => {
    await insertUser('device-cookie@demo.test', [['tim', 'store_seller', O.storeParis]]);
    const res = await browserSignIn('device-cookie@demo.test', DEMO.password, newAddress());
    expect(res.statusCode, res.body).toBe(200);
    const cookie = deviceOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    expect(cookie?.maxAge).toBe(90 * 86_400);
    // it names no user: the e-mail is only under its signature
    expect(cookie?.value).not.toContain('device-cookie');
    // an API client asking for a token gets no cookie at all, as before
    expect((await signIn('device-cookie@demo.test', DEMO.password, newAddress(), true)).cookies).toEqual([]);
  });

  it("an attacker's 5 wrong passwords from the owner's address, then 10 from others, do not keep the owner's known device out", async () => {
    const email = 'device-owner@demo.test';
    await insertUser(email, [['tim', 'store_seller', O.storeParis]]);
    const office = newAddress();
    const device = deviceOf(await browserSignIn(email, DEMO.password, office))?.value as string;
    expect(device).toBeTruthy();
    // the attacker shares the office's address (a NAT), then spreads over many addresses
    for (let i = 0; i < LIMITS.loginPair.allowed; i++)
      expect((await browserSignIn(email, `Wrong-${i}-Password`, office)).statusCode).toBe(401);
    for (let i = 0; i < LIMITS.loginAccount.allowed; i++)
      await browserSignIn(email, `Wrong-${i}-Else`, newAddress());
    // an unknown device is still held off, even with the right password, from the office and from elsewhere
    const unknown = await browserSignIn(email, DEMO.password, office);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().code).toBe('too_many_attempts');
    expect((await browserSignIn(email, DEMO.password, newAddress())).statusCode).toBe(429);
    // the owner's browser gets in at once, from the office or anywhere, and its cookie is renewed
    const owner = await browserSignIn(email, DEMO.password, office, device);
    expect(owner.statusCode, owner.body).toBe(200);
    const renewed = deviceOf(owner)?.value as string;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(device);
    expect((await browserSignIn(email, DEMO.password, newAddress(), renewed)).statusCode).toBe(200);
  });

  it('a device cookie counts for its own user only, and an altered one for nobody', async () => {
    const email = 'device-victim@demo.test';
    await insertUser(email, [['tim', 'store_seller', O.storeParis]]);
    const address = newAddress();
    const othersDevice = deviceOf(await browserSignIn('device-cookie@demo.test', DEMO.password, newAddress()))
      ?.value as string;
    const mine = deviceOf(await browserSignIn(email, DEMO.password, newAddress()))?.value as string;
    const [nonce, issued, signature] = mine.split('.') as [string, string, string];
    const altered = `${nonce}.${Number(issued) + 1}.${signature}`;
    for (let i = 0; i < LIMITS.loginPair.allowed; i++)
      await browserSignIn(email, `Wrong-${i}-Password`, address);
    expect((await browserSignIn(email, DEMO.password, address, othersDevice)).statusCode).toBe(429);
    expect((await browserSignIn(email, DEMO.password, address, altered)).statusCode).toBe(429);
    expect((await browserSignIn(email, DEMO.password, address, mine)).statusCode).toBe(200);
  });

  it('a known device has limits of its own: 5 wrong passwords, then it waits too (and unknown devices are not touched)', async () => {
    const email = 'device-stolen@demo.test';
    await insertUser(email, [['tim', 'store_seller', O.storeParis]]);
    const device = deviceOf(await browserSignIn(email, DEMO.password, newAddress()))?.value as string;
    const address = newAddress();
    for (let i = 0; i < LIMITS.loginDevice.allowed; i++)
      expect((await browserSignIn(email, `Wrong-${i}-Password`, address, device)).statusCode).toBe(401);
    const refused = await browserSignIn(email, DEMO.password, address, device);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // the device's guesses never reached the counters of unknown devices
    expect((await browserSignIn(email, DEMO.password, address)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out revokes the token: the next call answers 401', async () => {
    const { authorization } = await t.login('store_seller@demo.test');
    expect((await get('/api/me', { authorization })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    expect(out.statusCode).toBe(204);
    const after = await get('/api/me', { authorization });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  it('refuses a token past its expiry', async () => {
    const token = await tokenOf('store_seller@demo.test');
    await sessionOf(token).set({ expires_at: sql<Date>`now() - interval '1 minute'` }).execute();
    expect((await get('/api/me', bearer(token))).statusCode).toBe(401);
  });

  it('refuses a token left idle too long, and a recently used one keeps working', async () => {
    const idle = await tokenOf('store_seller@demo.test');
    const active = await tokenOf('store_seller@demo.test');
    await sessionOf(idle).set({ last_used_at: sql<Date>`now() - interval '121 minutes'` }).execute();
    await sessionOf(active).set({ last_used_at: sql<Date>`now() - interval '119 minutes'` }).execute();
    expect((await get('/api/me', bearer(idle))).statusCode).toBe(401);
    expect((await get('/api/me', bearer(active))).statusCode).toBe(200);
    const touched = await t.db
      .selectFrom('sessions')
      .select(sql<boolean>`last_used_at > now() - interval '1 minute'`.as('fresh'))
      .where('token_hash', '=', hashToken(active))
      .executeTakeFirstOrThrow();
    expect(touched.fresh).toBe(true);
  });

  it('the session cookie works as well as the bearer token', async () => {
    const token = await tokenOf('store_manager@demo.test');
    const res = await get('/api/me', { cookie: `reprise_session=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('store_manager@demo.test');
  });

  it('refuses a cookie-authenticated write coming from another site', async () => {
    const token = await tokenOf('store_manager@demo.test');
    const cookie = `reprise_session=${token}`;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, host: 'localhost:3000', origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('csrf_rejected');
    expect((await get('/api/me', { cookie })).statusCode).toBe(200);
    // a bearer token is not sent by browsers on their own: another origin is not a threat there
    const withBearer = await t.app.inject({
      method: 'POST',
      url: '/api/me/module',
      headers: { ...bearer(token), origin: 'https://evil.example' },
      payload: { moduleType: 'tim' },
    });
    expect(withBearer.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(204);
  });
});

describe('sessions behind a reverse proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' }); // app.inject's peer address is the proxy
  });
  afterAll(() => proxied.close());

  it('a cookie write from the public origin is accepted when the proxy forwards the public host', async () => {
    const token = (await proxied.login('store_manager@demo.test')).user.apiToken as string;
    const headers = {
      cookie: `reprise_session=${token}`,
      host: 'reprise-app:3000',
      'x-forwarded-host': 'reprise.example',
    };
    const foreign = await proxied.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(foreign.json().code).toBe('csrf_rejected');
    const own = await proxied.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...headers, origin: 'https://reprise.example' },
    });
    expect(own.statusCode).toBe(204);
  });
});

describe('modules', () => {
  it('switching module answers the updated user and is kept for the session', async () => {
    const { authorization } = await t.login('multi@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/module',
      headers: { authorization },
      payload: { moduleType: 'rps' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currentModule: 'rps',
      currentOrganization: {
        id: O.warehouseSaintPriest,
        moduleType: 'rps',
        account: { id: DEMO.accounts.demoBuyer },
      },
    });
    expect((await get('/api/me', { authorization })).json().currentModule).toBe('rps');
    // the next sign-in starts in the module chosen last
    expect((await signIn('multi@demo.test', DEMO.password)).json().currentModule).toBe('rps');
  });

  it('refuses to switch to a module the user does not hold', async () => {
    const { authorization } = await t.login('store_manager@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/module',
      headers: { authorization },
      payload: { moduleType: 'rps' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('module_not_held');
    expect((await get('/api/me', { authorization })).json().currentModule).toBe('tim');
  });

  it('the X-Module header picks the permission set of the request', async () => {
    await insertUser('seller-and-operator@demo.test', [
      ['tim', 'store_seller', O.storeParis],
      ['rps', 'warehouse_manager', O.warehouseRoubaix],
    ]);
    const { authorization } = await t.login('seller-and-operator@demo.test');
    expect((await get('/api/users', { authorization, 'x-module': 'tim' })).statusCode).toBe(403);
    const asWarehouse = await get('/api/users', { authorization, 'x-module': 'rps' });
    expect(asWarehouse.statusCode).toBe(200);
    expect(asWarehouse.json().member.map((u: { email: string }) => u.email)).toEqual([
      'seller-and-operator@demo.test',
    ]);
    expect((await get('/api/me', { authorization, 'x-module': 'rps' })).json().currentModule).toBe('rps');
    const notHeld = await get('/api/me', { authorization, 'x-module': 'lcm' });
    expect(notHeld.statusCode).toBe(422);
    expect(notHeld.json().code).toBe('module_not_held');
  });
});

describe('password reset', () => {
  const renew = (email: string, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/password/renew', payload: { email }, remoteAddress });
  const queuedResets = async (email: string) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'password-reset' AND data->>'email' = ${email}`.execute(t.db)
    ).rows[0]?.n;
  const linkIn = (text: string) => /\/renew\/([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;
  const apply = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/api/password/new/${token}`, payload: { password } });

  it('answers 202 for known and unknown e-mails, and mails only a known active user without single sign-on', async () => {
    await insertUser('reset-sso@demo.test', [['tim', 'store_seller', O.storeParis]], {
      force_connection_by_sso: true,
    });
    await insertUser('reset-inactive@demo.test', [['tim', 'store_seller', O.storeParis]]);
    await t.db
      .updateTable('users')
      .set({ status: 'inactive' })
      .where('email', '=', 'reset-inactive@demo.test')
      .execute();
    for (const email of [
      'unknown@demo.test',
      'reset-sso@demo.test',
      'reset-inactive@demo.test',
      'management_unit_manager@demo.test',
    ]) {
      const res = await renew(email);
      expect(res.statusCode, email).toBe(202);
      expect(res.body).toBe('');
    }
    const mail = await t.smtp.waitFor('management_unit_manager@demo.test');
    expect(linkIn(mail.text)).toBeTruthy();
    expect(mail.text).toContain('http://localhost:3000/renew/');
    await t.jobsSettled();
    const recipients = t.smtp.mails.flatMap((m) => m.to);
    for (const email of ['unknown@demo.test', 'reset-sso@demo.test', 'reset-inactive@demo.test']) {
      expect(recipients).not.toContain(email);
    }
  });

  it('the request answers before any lookup: a known and an unknown e-mail queue the same job, and only the known one gets a mail', async () => {
    for (const email of ['store_manager@demo.test', 'nobody-reset@demo.test']) {
      expect((await renew(email)).statusCode).toBe(202);
      expect(await queuedResets(email)).toBe(1);
    }
    expect(linkIn((await t.smtp.waitFor('store_manager@demo.test')).text)).toBeTruthy();
    expect(t.smtp.mails.flatMap((m) => m.to)).not.toContain('nobody-reset@demo.test');
  });

  it('reset requests are throttled per e-mail and per address, whether the e-mail exists or not', async () => {
    for (const email of ['store_seller@demo.test', 'nobody-throttled@demo.test']) {
      for (let i = 0; i < LIMITS.resetEmail.allowed; i++) expect((await renew(email)).statusCode).toBe(202);
      const refused = await renew(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const address = newAddress();
    for (let i = 0; i < LIMITS.resetAddress.allowed; i++) {
      expect((await renew(`someone-${i}@demo.test`, address)).statusCode).toBe(202);
    }
    expect((await renew('someone-else@demo.test', address)).statusCode).toBe(429);
  });

  it('a successful password reset lifts every sign-in block on the account', async () => {
    await insertUser('unlock@demo.test', [['tim', 'store_seller', O.storeParis]]);
    const address = newAddress();
    for (let i = 0; i < 5; i++) await signIn('unlock@demo.test', `Wrong-${i}-Password`, address);
    expect((await signIn('unlock@demo.test', DEMO.password, address)).statusCode).toBe(429);
    await renew('unlock@demo.test');
    const token = linkIn((await t.smtp.waitFor('unlock@demo.test')).text);
    expect((await apply(token, 'Unlocked-2026')).statusCode).toBe(204);
    expect((await signIn('unlock@demo.test', 'Unlocked-2026', address)).statusCode).toBe(200);
  });

  it('the link sets a password once, then is refused; the old password no longer works', async () => {
    await renew('root_management_unit_analyst@demo.test');
    const token = linkIn((await t.smtp.waitFor('root_management_unit_analyst@demo.test')).text);
    expect((await get(`/api/password/new/${token}`, {})).json()).toEqual({
      email: 'root_management_unit_analyst@demo.test',
    });
    expect((await apply(token, 'Brand-New-2026')).statusCode).toBe(204);
    const again = await apply(token, 'Another-New-2027');
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('reset_link_invalid');
    expect((await get(`/api/password/new/${token}`, {})).statusCode).toBe(404);
    expect((await signIn('root_management_unit_analyst@demo.test', DEMO.password)).statusCode).toBe(401);
    expect((await signIn('root_management_unit_analyst@demo.test', 'Brand-New-2026')).statusCode).toBe(200);
  });

  it('refuses a link after an hour', async () => {
    await renew('warehouse_manager@demo.test');
    const token = linkIn((await t.smtp.waitFor('warehouse_manager@demo.test')).text);
    const row = await t.db
      .selectFrom('password_reset_tokens')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('seconds'))
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Number(row.seconds)).toBeCloseTo(3600, -1);
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await get(`/api/password/new/${token}`, {})).json().code).toBe('reset_link_invalid');
    expect((await apply(token, 'Brand-New-2026')).json().code).toBe('reset_link_invalid');
  });

  it('the new password follows the rules and differs from the old one', async () => {
    await renew('store_seller@other.test');
    const token = linkIn((await t.smtp.waitFor('store_seller@other.test')).text);
    const weak = await apply(token, 'short');
    expect(weak.statusCode).toBe(422);
    expect(
      weak
        .json()
        .violations.map((v: { code: string }) => v.code)
        .sort(),
    ).toEqual(['password_needs_digit', 'password_needs_uppercase', 'password_too_short']);
    const same = await apply(token, DEMO.password);
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('password_unchanged');
    // refused attempts do not use the link up
    expect((await apply(token, 'Different-2026')).statusCode).toBe(204);
  });

  it('applying a new password ends every session of the user', async () => {
    const first = { authorization: (await t.login('root_management_unit_manager@other.test')).authorization };
    const second = {
      authorization: (await t.login('root_management_unit_manager@other.test')).authorization,
    };
    await renew('root_management_unit_manager@other.test');
    const token = linkIn((await t.smtp.waitFor('root_management_unit_manager@other.test')).text);
    expect((await apply(token, 'Brand-New-2026')).statusCode).toBe(204);
    for (const session of [first, second]) expect((await get('/api/me', session)).statusCode).toBe(401);
  });
});

describe('change own password', () => {
  const change = (authorization: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/me/password', headers: { authorization }, payload: body });

  it('requires the current password and a new one that differs and follows the rules', async () => {
    const { authorization } = await t.login('management_unit_manager@demo.test');
    const wrong = await change(authorization, { currentPassword: 'Not-The-One-1', password: 'Changed-2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'validation_failed',
      violations: [{ propertyPath: 'currentPassword', code: 'invalid_current_password' }],
    });
    const same = await change(authorization, { currentPassword: DEMO.password, password: DEMO.password });
    expect(same.json().code).toBe('password_unchanged');
    const weak = await change(authorization, { currentPassword: DEMO.password, password: 'alllowercase' });
    expect(weak.statusCode).toBe(422);
  });

  it('guesses of the current password are counted before it is checked: the 6th answers 429, even when right', async () => {
    await insertUser('guesser@demo.test', [['tim', 'store_seller', O.storeParis]]);
    const { authorization } = await t.login('guesser@demo.test');
    for (let i = 0; i < LIMITS.changeUser.allowed; i++) {
      const res = await change(authorization, {
        currentPassword: `Wrong-${i}-Password`,
        password: 'Changed-2026',
      });
      expect(res.statusCode).toBe(422);
    }
    const refused = await change(authorization, { currentPassword: DEMO.password, password: 'Changed-2026' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
  });

  it('20 wrong guesses of the current password, from 20 addresses and 2 sessions: 5 are verified, then 429 (issue 23)', async () => {
    await insertUser('guesser-20@demo.test', [['tim', 'store_seller', O.storeParis]]);
    const sessions = [
      (await t.login('guesser-20@demo.test')).authorization,
      (await t.login('guesser-20@demo.test')).authorization,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { authorization: sessions[i % 2] as string },
        payload: { currentPassword: `Wrong-${i}-Password`, password: 'Changed-2026' },
        remoteAddress: newAddress(),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe('too_many_attempts');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(LIMITS.changeUser.allowed);
    expect(statuses.slice(LIMITS.changeUser.allowed).every((s) => s === 429)).toBe(true);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const here = { authorization: (await t.login('root_management_unit_manager@demo.test')).authorization };
    const elsewhere = {
      authorization: (await t.login('root_management_unit_manager@demo.test')).authorization,
    };
    const res = await change(here.authorization, {
      currentPassword: DEMO.password,
      password: 'Changed-2026',
    });
    expect(res.statusCode).toBe(204);
    expect((await get('/api/me', here)).statusCode).toBe(200);
    expect((await get('/api/me', elsewhere)).statusCode).toBe(401);
    expect((await signIn('root_management_unit_manager@demo.test', 'Changed-2026')).statusCode).toBe(200);
    expect((await signIn('root_management_unit_manager@demo.test', DEMO.password)).statusCode).toBe(401);
  });
});
