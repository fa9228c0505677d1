import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';

/**
 * Security headers (docs/security.md): every answer carries them; the back office and each public
 * site get their own Content-Security-Policy, and a site's tag manager enters its policy only for
 * an active site that has one, once the visitor consented to audience measurement.
 */

const BACK_OFFICE = 'localhost:3000';
const SITE = 'demo-retail.localhost:3000';
const INACTIVE_SITE = 'other-retail.localhost:3000';
const GTM = 'https://www.googletagmanager.com';
const CONSENT_ID = 'consent-v1';

let t: TestApp;
let dist: string;

function standInDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'reprise-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>back office</title>');
  writeFileSync(path.join(dir, 'public.html'), '<!doctype html><title>public site</title>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'export {};');
  return dir;
}

async function setTagManager(accountId: string, tagManagerId: string | null) {
  await t.db
    .insertInto('white_label_configs')
    .values({ account_id: accountId, tag_manager_id: tagManagerId, axeptio_id: CONSENT_ID })
    .onConflict((c) =>
      c.column('account_id').doUpdateSet({ tag_manager_id: tagManagerId, axeptio_id: CONSENT_ID }),
    )
    .execute();
}

beforeAll(async () => {
  dist = standInDist();
  t = await createTestApp({ WEB_DIST_DIR: dist });
  await setTagManager(DEMO.accounts.demoRetail, 'GTM-AB12CD3');
  await setTagManager(DEMO.accounts.otherRetail, 'GTM-OTHER01');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (host: string, url = '/', consent?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host },
    ...(consent ? { cookies: { reprise_consent: consent } } : {}),
  });

/** The policy as directive → sources. */
function csp(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy').toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const allowsTagManager = (policy: Map<string, string[]>) =>
  [...policy.values()].some((sources) => sources.some((s) => s.includes('google')));

describe('every answer carries the security headers', () => {
  it.each([
    ['the back office page', BACK_OFFICE, '/'],
    ['a public site page', SITE, '/'],
    ['an asset', BACK_OFFICE, '/assets/app-1234.js'],
    ['an API answer', BACK_OFFICE, '/api/health'],
    ['a refusal of the API', BACK_OFFICE, '/api/me'],
    ['an unknown API path', SITE, '/api/nothing-here'],
  ])('%s', async (_name, host, url) => {
    const res = await get(host, url);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp(res).get('object-src')).toEqual(["'none'"]);
    // no HSTS over plain HTTP (SECURE_COOKIES is not set here)
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("the back office's Content-Security-Policy", () => {
  it('allows our own scripts only, inline styles (Mantine), our own images and connections', async () => {
    const policy = csp(await get(BACK_OFFICE, '/', `10.${CONSENT_ID}`));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe("a public site's Content-Security-Policy", () => {
  it("shows the home page HTML block's HTTPS images, and no tag manager without consent", async () => {
    const res = await get(SITE);
    const policy = csp(res);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(allowsTagManager(policy)).toBe(false);
    // the policy depends on the consent cookie: no cache may answer it to another visitor
    expect(res.headers.vary).toMatch(/cookie/);
  });

  it('lets the tag manager and its audience measurement in once the visitor consented to it', async () => {
    const policy = csp(await get(SITE, '/stores', `10.${CONSENT_ID}`));
    expect(policy.get('script-src')).toEqual(["'self'", GTM]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      GTM,
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ]);
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https:',
      GTM,
      'https://*.google-analytics.com',
    ]);
  });

  it.each([
    ['audience measurement refused (marketing accepted)', SITE, `01.${CONSENT_ID}`],
    ['a consent given under another consent id', SITE, '11.consent-v0'],
    ['a cookie that is not ours', SITE, 'yes'],
    ['an inactive site, even with consent', INACTIVE_SITE, `11.${CONSENT_ID}`],
    ['an unknown host, even with consent', 'nobody.localhost:3000', `11.${CONSENT_ID}`],
  ])('keeps the tag manager out with %s', async (_name, host, consent) => {
    expect(allowsTagManager(csp(await get(host, '/', consent)))).toBe(false);
  });

  it('keeps it out for a site without a tag manager, even with consent', async () => {
    await setTagManager(DEMO.accounts.demoRetail, null);
    try {
      expect(allowsTagManager(csp(await get(SITE, '/', `11.${CONSENT_ID}`)))).toBe(false);
    } finally {
      await setTagManager(DEMO.accounts.demoRetail, 'GTM-AB12CD3');
    }
  });
});

describe('served over HTTPS (SECURE_COOKIES=true)', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ WEB_DIST_DIR: dist, SECURE_COOKIES: 'true' });
  }, 120_000);
  afterAll(() => secure?.close());

  it('answers HSTS for a year and upgrades any plain-HTTP sub-resource', async () => {
    for (const [host, url] of [
      [BACK_OFFICE, '/'],
      [SITE, '/'],
      [BACK_OFFICE, '/api/health'],
    ] as const) {
      const res = await secure.app.inject({ method: 'GET', url, headers: { host } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res).has('upgrade-insecure-requests')).toBe(true);
    }
  });
});
