import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessionCache } from './session-cache';

/**
 * Cross-site request forgery (docs/security.md): a write carrying the session cookie must prove it
 * comes from a page of the same origin (Origin, or Sec-Fetch-Site without it); bearer clients are
 * not concerned, and a foreign page cannot sign anyone in either.
 */

const BACK_OFFICE = 'localhost:3000';
const SITE = 'demo-retail.localhost:3000';
const OTHER_SITE = 'other-retail.localhost:3000';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('multi@demo.test')).authorization.slice('Bearer '.length);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const withCookie = (headers: Record<string, string>, method: Method = 'POST', url = '/api/me/module') =>
  t.app.inject({
    method,
    url,
    headers: { host: BACK_OFFICE, ...headers },
    cookies: { reprise_session: token },
    ...(method === 'DELETE' ? {} : { payload: { moduleType: 'tim' } }),
  });

function expectRefused(res: Awaited<ReturnType<typeof withCookie>>) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'csrf_rejected', status: 403, detail: expect.any(String) });
}

describe('a cookie-authenticated write must come from our own origin', () => {
  it('without Origin nor Sec-Fetch-Site, it is refused', async () => {
    expectRefused(await withCookie({}));
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a sibling host under the same parent', 'http://demo-retail.localhost:3000'],
    ['the same host on another port', 'http://localhost:4000'],
    ['an opaque origin', 'null'],
    ['a malformed origin', 'localhost:3000'],
  ])('with the Origin of %s, it is refused', async (_name, origin) => {
    expectRefused(await withCookie({ origin }));
  });

  it.each(['cross-site', 'same-site', 'none'])(
    'without Origin and with Sec-Fetch-Site %s, it is refused',
    async (site) => {
      expectRefused(await withCookie({ 'sec-fetch-site': site }));
    },
  );

  it('a foreign Origin wins over a same-origin Sec-Fetch-Site', async () => {
    expectRefused(await withCookie({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }));
  });

  it('every unsafe route refuses it, before the session does anything', async () => {
    const unsafe = t.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(new Set(unsafe.map((r) => r.method))).toEqual(new Set(['POST', 'PUT', 'PATCH', 'DELETE']));
    for (const route of unsafe) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await withCookie({ origin: 'https://evil.example' }, route.method as Method, url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code, `${route.method} ${route.url}`).toBe('csrf_rejected');
    }
    const logout = await withCookie({}, 'POST', '/api/logout');
    expectRefused(logout);
    const me = await t.app.inject({ url: '/api/me', cookies: { reprise_session: token } });
    expect(me.statusCode).toBe(200);
  });

  it('with our own Origin, it is accepted', async () => {
    const res = await withCookie({ origin: 'http://localhost:3000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currentModule).toBe('tim');
  });

  it('with Sec-Fetch-Site same-origin and no Origin, it is accepted', async () => {
    const res = await withCookie({ 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a bearer client is not concerned, with or without Origin', async () => {
    for (const origin of [undefined, 'https://evil.example']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/module',
        headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
        payload: { moduleType: 'rps' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('a write without a session is told to sign in (401), whatever its origin', () => {
  const unsafeRoutes = () =>
    t.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.public);
  const anonymous = (method: Method, url: string, headers: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: { host: BACK_OFFICE, ...headers },
      ...(cookie ? { cookies: { reprise_session: cookie } } : {}),
      ...(method === 'DELETE' ? {} : { payload: {} }),
    });

  it('every unsafe route that is not public answers 401, with no, a foreign or our own origin', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const faults: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const headers of <Record<string, string>[]>[
        {},
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'http://localhost:3000' },
      ]) {
        const res = await anonymous(route.method as Method, url, headers);
        if (res.statusCode !== 401 || res.json().code !== 'unauthenticated')
          faults.push(
            `${route.method} ${route.url} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body}`,
          );
      }
    }
    expect(faults.join('\n')).toBe('');
  });

  it('a cookie that names no session is no session: 401 from another site too', async () => {
    const res = await anonymous(
      'POST',
      '/api/me/module',
      { origin: 'https://evil.example' },
      'not-a-session',
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('a public write from another site stays refused with 403 (no sign-in forced on a visitor)', async () => {
    const res = await anonymous('POST', '/api/login', { origin: 'https://evil.example' });
    expectRefused(res);
  });

  it('a cross-site write with a session does not keep the session alive', async () => {
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'store_seller@demo.test', password: 'Reprise-Demo-2026', tokenRequested: true },
      remoteAddress: '10.77.0.9',
    });
    const fresh = session.json().apiToken as string;
    const hash = createHash('sha256').update(fresh).digest('hex');
    const old = new Date(Date.now() - 10 * 60_000);
    await t.db.updateTable('sessions').set({ last_used_at: old }).where('token_hash', '=', hash).execute();
    sessionCache.clear();
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/me/module',
        headers: { host: BACK_OFFICE, origin: 'https://evil.example' },
        cookies: { reprise_session: fresh },
        payload: { moduleType: 'tim' },
      }),
    );
    const row = await t.db
      .selectFrom('sessions')
      .select('last_used_at')
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_used_at).getTime()).toBe(old.getTime());
  });
});

describe("a public site's visitor session is held to its own site's origin", () => {
  let visitor: string;

  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/white-label/visitor',
      headers: { host: SITE, origin: `http://${SITE}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    visitor = res.cookies.find((c) => c.name === 'reprise_session')?.value as string;
  });

  const visitorWrite = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/estimates',
      headers: { host: SITE, ...headers },
      cookies: { reprise_session: visitor },
      payload: {},
    });

  it.each([
    ['no Origin', {}],
    ['the back office origin', { origin: 'http://localhost:3000' }],
    ["another retailer's site", { origin: `http://${OTHER_SITE}` }],
  ])('a write with %s is refused', async (_name, headers) => {
    expectRefused(await visitorWrite(headers));
  });

  it("a write from the site's own origin is accepted (then validated: an empty estimate is 422)", async () => {
    const res = await visitorWrite({ origin: `http://${SITE}` });
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('signing in from another site', () => {
  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: BACK_OFFICE, ...headers },
      payload: { email: 'store_seller@demo.test', password: 'Reprise-Demo-2026' },
      remoteAddress: '10.77.0.1',
    });

  it('is refused when the Origin is foreign (no sign-in forced on a visitor)', async () => {
    expectRefused(await login({ origin: 'https://evil.example' }));
    expectRefused(await login({ 'sec-fetch-site': 'cross-site' }));
  });

  it('is accepted from our own page and from a client that sends no Origin', async () => {
    expect((await login({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });
});
