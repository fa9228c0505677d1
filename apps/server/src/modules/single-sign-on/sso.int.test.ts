import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { type OidcPeer, type PeerAccount, startOidcPeer } from '../../../test/oidc-peer';
import { DEMO } from '../../../test/test-app';
import { systemContext } from '../../platform/request-context';
import { hashPassword } from '../../platform/security';
import { purgeExpiredSignIns } from './sso-flow.service';

/**
 * Single sign-on (docs/single-sign-on.md) against a real OpenID Connect provider (oidc-provider 9
 * on a loopback port, test/oidc-peer.ts): the configuration (permission, tenant walls, secret
 * never answered, domains unique), and the sign-in from the authorization URL through the
 * provider's sign-in form and the callback to the session, with each check of the protocol
 * (PKCE, state, nonce, audience, expiry) shown to refuse what it must.
 */

const O = DEMO.orgs;
const CONFIG = `/api/organizations/${O.retailRoot}/single-sign-on`;
const OTHER_CONFIG = `/api/organizations/${O.otherRoot}/single-sign-on`;
const SECRET = 'demo-retail-client-secret-0123456789';
const DOMAIN = 'sso-demo.test';
const PASSWORD = 'Provider-Pass-1';

let k: ApiKit;
let peer: OidcPeer;
let publicUrl: string;
/** The provider's accounts, whose roles a test changes between two sign-ins. */
const peerAccounts: Record<string, PeerAccount> = {};

const configuration = (overrides: Record<string, unknown> = {}) => ({
  status: 'active',
  domains: [DOMAIN],
  clientId: 'reprise-demo',
  clientSecret: SECRET,
  configurationEndpoint: peer.discoveryUrl,
  scope: 'openid email profile',
  roleMapping: [
    { claimValue: 'reprise-sellers', userType: 'store_seller', organizationId: O.storeParis },
    { claimValue: 'reprise-managers', userType: 'store_manager', organizationId: O.storeParis },
  ],
  claimTypes: { email: 'email', firstname: 'given_name', lastname: 'family_name', roles: 'roles' },
  ...overrides,
});

beforeAll(async () => {
  k = await startApiKit();
  publicUrl = k.t.deps.config.publicUrl;
  const redirect = (org: string) => `${publicUrl}/open-id/${org}/callback`;
  Object.assign(peerAccounts, {
    [`jane@${DOMAIN}`]: {
      password: PASSWORD,
      givenName: 'Jane',
      familyName: 'Known',
      roles: ['reprise-managers'],
    },
    [`mover@${DOMAIN}`]: { password: PASSWORD, givenName: 'Max', familyName: 'Mover', roles: [] },
    [`newcomer@${DOMAIN}`]: {
      password: PASSWORD,
      givenName: 'Nina',
      familyName: 'New',
      roles: ['reprise-sellers'],
    },
    [`norole@${DOMAIN}`]: { password: PASSWORD, givenName: 'No', familyName: 'Role', roles: ['visitors'] },
    'intruder@elsewhere.test': {
      password: PASSWORD,
      givenName: 'In',
      familyName: 'Truder',
      roles: ['reprise-sellers'],
    },
  });
  peer = await startOidcPeer({
    accounts: peerAccounts,
    clients: [
      {
        clientId: 'reprise-demo',
        clientSecret: SECRET,
        redirectUris: [redirect(O.retailRoot)],
        postLogoutRedirectUris: [`${publicUrl}/login`],
      },
      {
        clientId: 'another-client',
        clientSecret: 'another-client-secret-0123456789',
        redirectUris: [redirect(O.otherRoot)],
      },
    ],
  });
  // a user of Demo Retail who signs in by single sign-on only (a password is kept to show it is refused)
  const user = await k.t.db
    .insertInto('users')
    .values({
      email: `jane@${DOMAIN}`,
      firstname: 'Jane',
      lastname: 'Known',
      account_id: DEMO.accounts.demoRetail,
      password_hash: await hashPassword(DEMO.password),
      force_connection_by_sso: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k.t.db
    .insertInto('user_modules')
    .values({
      user_id: user.id,
      module_type: 'tim',
      user_type: 'store_manager',
      organization_id: O.storeParis,
    })
    .execute();
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await k?.close();
});

const configure = async (overrides: Record<string, unknown> = {}) => {
  const res = await k.put('rmu', CONFIG, configuration(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** A browser's start: the authorization URL and the cookie that binds the sign-in to it. */
async function start(email: string): Promise<{ url: URL; cookie: string; organizationId: string }> {
  const res = await k.t.app.inject({
    method: 'GET',
    url: `/api/open-id/authorization-url?email=${encodeURIComponent(email)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'reprise_sso_flow');
  expect(cookie?.httpOnly).toBe(true);
  return {
    url: new URL(res.json().url),
    cookie: `reprise_sso_flow=${cookie?.value}`,
    organizationId: res.json().organizationId,
  };
}

/** The callback as the web app's page forwards it, with the browser's cookie. */
const callback = (back: URL, cookie: string, organizationId = O.retailRoot) =>
  k.t.app.inject({
    method: 'GET',
    url: `/api/open-id/${organizationId}/callback${back.search}`,
    headers: cookie ? { cookie } : {},
  });

const loginWith = (organizationId: string, openidSessionId: string) =>
  k.t.app.inject({ method: 'POST', url: '/api/login', payload: { organizationId, openidSessionId } });

/** The whole walk: start, the provider's sign-in form, the callback. */
async function signIn(email: string, rewriteUrl?: (url: URL) => void) {
  const { url, cookie } = await start(email);
  rewriteUrl?.(url);
  const back = await peer.signIn(url.href, email, PASSWORD);
  return { back, cookie, res: await callback(back, cookie) };
}

const expectRefused = (res: LightMyRequestResponse, code: string, detail?: RegExp) => {
  expect(res.json().code, res.body).toBe(code);
  if (detail) expect(res.json().detail).toMatch(detail);
};

describe('the single sign-on configuration', () => {
  it('answers none yet, with the addresses to register at the provider', async () => {
    const res = await k.get('rmu', CONFIG);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      organizationId: O.retailRoot,
      accountId: DEMO.accounts.demoRetail,
      redirectUri: `${publicUrl}/open-id/${O.retailRoot}/callback`,
      postLogoutRedirectUri: `${publicUrl}/login`,
      configuration: null,
    });
  });

  it('needs connector.configuration, and lives on the root organisation of the caller’s own account', async () => {
    expect((await k.get('analyst', CONFIG)).statusCode).toBe(403);
    expect((await k.get('seller', CONFIG)).statusCode).toBe(403);
    expect((await k.get('otherRmu', CONFIG)).statusCode).toBe(404);
    expect((await k.put('otherRmu', CONFIG, configuration())).statusCode).toBe(404);
    expect((await k.get('rmu', `/api/organizations/${O.storeParis}/single-sign-on`)).statusCode).toBe(404);
  });

  it('refuses a secret missing on creation, an http endpoint off loopback, a scope without openid, a parent of another account', async () => {
    expectViolation(
      await k.put('rmu', CONFIG, configuration({ clientSecret: undefined })),
      'required',
      'clientSecret',
    );
    expectViolation(
      await k.put(
        'rmu',
        CONFIG,
        configuration({ configurationEndpoint: 'http://idp.example.com/.well-known/openid-configuration' }),
      ),
      'https_required',
      'configurationEndpoint',
    );
    expectViolation(
      await k.put('rmu', CONFIG, configuration({ scope: 'email profile' })),
      'scope_needs_openid',
      'scope',
    );
    expectViolation(
      await k.put(
        'rmu',
        CONFIG,
        configuration({
          roleMapping: [{ claimValue: 'x', userType: 'store_seller', organizationId: O.otherStore }],
        }),
      ),
      'invalid_parent',
      'roleMapping.0.organizationId',
    );
    expectViolation(
      await k.put(
        'rmu',
        CONFIG,
        configuration({
          roleMapping: [{ claimValue: 'x', userType: 'store_seller', organizationId: O.muFrance }],
        }),
      ),
      'invalid_parent',
      'roleMapping.0.organizationId',
    );
    expect((await k.put('rmu', CONFIG, configuration({ domains: ['not a domain'] }))).statusCode).toBe(422);
    expect((await k.get('rmu', CONFIG)).json().configuration).toBeNull();
  });

  it('saves it with the client secret encrypted at rest, never answered nor audited', async () => {
    const res = await configure({ domains: [DOMAIN.toUpperCase(), DOMAIN] });
    expect(res.body).not.toContain(SECRET);
    expect(res.json().configuration).toMatchObject({
      organizationId: O.retailRoot,
      accountId: DEMO.accounts.demoRetail,
      domains: [DOMAIN],
      clientId: 'reprise-demo',
      clientSecret: { set: true },
      scope: 'openid email profile',
    });
    expect((await k.get('rmu', CONFIG)).body).not.toContain(SECRET);
    const row = await k.t.db
      .selectFrom('sso_configurations')
      .select('client_secret')
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^v1:/);
    expect(row.client_secret).not.toContain(SECRET);
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'single_sign_on_configuration')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audits)).not.toContain(SECRET);
    expect(JSON.stringify(audits)).not.toContain(row.client_secret);
  });

  it('keeps the stored secret when a replacement does not send one', async () => {
    const before = await k.t.db
      .selectFrom('sso_configurations')
      .select('client_secret')
      .executeTakeFirstOrThrow();
    const res = await configure({ clientSecret: null });
    expect(res.json().configuration.clientSecret).toEqual({ set: true });
    const after = await k.t.db
      .selectFrom('sso_configurations')
      .select('client_secret')
      .executeTakeFirstOrThrow();
    expect(after.client_secret).toBe(before.client_secret);
  });

  it('gives a domain to one account of the platform only; the other account sees nothing of this one', async () => {
    const taken = await k.put(
      'otherRmu',
      OTHER_CONFIG,
      configuration({
        clientId: 'another-client',
        roleMapping: [],
      }),
    );
    expectViolation(taken, 'sso_domain_taken', 'domains.0');
    expect((await k.get('otherRmu', OTHER_CONFIG)).json().configuration).toBeNull();
  });
});

describe('signing in by single sign-on', () => {
  beforeAll(async () => {
    await configure();
  });

  it('answers unknown domains with sso_organization_not_found', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: '/api/open-id/authorization-url?domain=nowhere.test',
    });
    expect(res.statusCode).toBe(404);
    expectRefused(res, 'sso_organization_not_found');
  });

  it('builds the authorization URL with PKCE S256, state, nonce, the redirect URI and the login hint', async () => {
    const { url, organizationId } = await start(`jane@${DOMAIN}`);
    expect(organizationId).toBe(O.retailRoot);
    expect(url.origin).toBe(peer.issuer);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe('reprise-demo');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('redirect_uri')).toBe(`${publicUrl}/open-id/${O.retailRoot}/callback`);
    expect(p.get('login_hint')).toBe(`jane@${DOMAIN}`);
    // the state, nonce and verifier are kept server-side: the state only as its hash
    const rows = await k.t.db
      .selectFrom('sso_authorization_requests')
      .select(['state_hash', 'code_verifier'])
      .execute();
    expect(rows.some((r) => r.state_hash === p.get('state'))).toBe(false);
    expect(rows.every((r) => r.code_verifier.startsWith('v1:'))).toBe(true);
  });

  it('signs a known user in: provider, callback, then POST /api/login exchanges the openidSessionId once', async () => {
    const { res } = await signIn(`jane@${DOMAIN}`);
    expect(res.statusCode, res.body).toBe(200);
    const { openidSessionId, organizationId } = res.json();
    expect(organizationId).toBe(O.retailRoot);
    const login = await loginWith(O.retailRoot, openidSessionId);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ email: `jane@${DOMAIN}`, forceConnectionBySso: true });
    const session = login.cookies.find((c) => c.name === 'reprise_session');
    expect(session?.httpOnly).toBe(true);
    const me = await k.t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { reprise_session: session?.value as string },
    });
    expect(me.json().email).toBe(`jane@${DOMAIN}`);
    // replayed: refused
    const replay = await loginWith(O.retailRoot, openidSessionId);
    expect(replay.statusCode).toBe(401);
    expectRefused(replay, 'sso_session_invalid');
  });

  it('refuses an openidSessionId presented for another organisation', async () => {
    const { res } = await signIn(`jane@${DOMAIN}`);
    const elsewhere = await loginWith(O.otherRoot, res.json().openidSessionId);
    expectRefused(elsewhere, 'sso_session_invalid');
  });

  it('creates a user on a first sign-in when the role mapping gives a type, forced to single sign-on', async () => {
    const { res } = await signIn(`newcomer@${DOMAIN}`);
    expect(res.statusCode, res.body).toBe(200);
    const login = await loginWith(O.retailRoot, res.json().openidSessionId);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      email: `newcomer@${DOMAIN}`,
      firstname: 'Nina',
      lastname: 'New',
      accountId: DEMO.accounts.demoRetail,
      forceConnectionBySso: true,
      modules: { tim: 'store_seller' },
      timOrganizationId: O.storeParis,
    });
    const user = await k.t.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', `newcomer@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('applies the role mapping at every sign-in: promoted, then refused once the provider withdraws the role', async () => {
    const mover = peerAccounts[`mover@${DOMAIN}`] as PeerAccount;
    mover.roles = ['reprise-sellers'];
    const first = await signIn(`mover@${DOMAIN}`);
    const firstLogin = await loginWith(O.retailRoot, first.res.json().openidSessionId);
    expect(firstLogin.json().modules).toEqual({ tim: 'store_seller' });
    const firstSession = firstLogin.cookies.find((c) => c.name === 'reprise_session')?.value as string;
    // promoted at the provider: the next sign-in makes a store manager, audited; the older session ends
    mover.roles = ['reprise-managers'];
    const second = await signIn(`mover@${DOMAIN}`);
    expect(second.res.statusCode, second.res.body).toBe(200);
    const secondLogin = await loginWith(O.retailRoot, second.res.json().openidSessionId);
    expect(secondLogin.json()).toMatchObject({
      modules: { tim: 'store_manager' },
      timOrganizationId: O.storeParis,
    });
    const me = await k.t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { reprise_session: firstSession },
    });
    expect(me.statusCode).toBe(401);
    const user = await k.t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `mover@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', user.id)
      .orderBy('at')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]?.after).toMatchObject({ modules: [{ moduleType: 'tim', userType: 'store_manager' }] });
    // the same roles again: nothing to change, nothing audited
    await signIn(`mover@${DOMAIN}`);
    expect(
      await k.t.db.selectFrom('audit_log').select('id').where('entity_id', '=', user.id).execute(),
    ).toHaveLength(2);
    // the role withdrawn at the provider: refused, and the user is left as they were
    mover.roles = [];
    const third = await signIn(`mover@${DOMAIN}`);
    expect(third.res.statusCode).toBe(403);
    expectRefused(third.res, 'sso_user_unknown', /no user type/);
    const modules = await k.t.db
      .selectFrom('user_modules')
      .select(['module_type', 'user_type'])
      .where('user_id', '=', user.id)
      .execute();
    expect(modules).toEqual([{ module_type: 'tim', user_type: 'store_manager' }]);
  });

  it('bounds a slow provider by its timeout, with a clear message: at the start, and at the code exchange', async () => {
    const config = k.t.deps.config as { ssoProviderTimeoutSeconds: number };
    const before = config.ssoProviderTimeoutSeconds;
    try {
      // the discovery (cached per timeout: a new timeout fetches it again) answers too late
      config.ssoProviderTimeoutSeconds = 1;
      peer.slowDown({ discoveryMs: 2500 });
      const started = await k.t.app.inject({
        method: 'GET',
        url: `/api/open-id/authorization-url?email=${encodeURIComponent(`jane@${DOMAIN}`)}`,
      });
      expect(started.statusCode, started.body).toBe(504);
      expectRefused(started, 'sso_provider_timeout', /did not answer within 1 seconds/);
      // the discovery is quick, the token endpoint too slow: the callback says so
      config.ssoProviderTimeoutSeconds = 2;
      peer.slowDown({ tokenMs: 3500 });
      const { res } = await signIn(`jane@${DOMAIN}`);
      expect(res.statusCode, res.body).toBe(504);
      expectRefused(res, 'sso_provider_timeout', /did not answer within 2 seconds/);
    } finally {
      peer.slowDown(null);
      config.ssoProviderTimeoutSeconds = before;
    }
  });

  it('creates nobody when the role mapping gives no type, nor for an e-mail outside the domains', async () => {
    const { res } = await signIn(`norole@${DOMAIN}`);
    expect(res.statusCode).toBe(403);
    expectRefused(res, 'sso_user_unknown');
    expect(
      await k.t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `norole@${DOMAIN}`)
        .executeTakeFirst(),
    ).toBeUndefined();
    // the provider vouches for an e-mail of another domain: it names no user of this organisation
    const { url, cookie } = await start(`jane@${DOMAIN}`);
    const back = await peer.signIn(url.href, 'intruder@elsewhere.test', PASSWORD);
    expectRefused(await callback(back, cookie), 'sso_user_unknown');
  });

  it('refuses a state that is unknown, used twice, or brought back by another browser', async () => {
    const { back, cookie, res } = await signIn(`jane@${DOMAIN}`);
    expect(res.statusCode).toBe(200);
    // used twice
    expectRefused(await callback(back, cookie), 'sso_callback_failed', /state/);
    // unknown (altered) state
    const second = await start(`jane@${DOMAIN}`);
    const backAgain = await peer.signIn(second.url.href, `jane@${DOMAIN}`, PASSWORD);
    const altered = new URL(backAgain);
    altered.searchParams.set('state', `${altered.searchParams.get('state')}x`);
    expectRefused(await callback(altered, second.cookie), 'sso_callback_failed', /state/);
    // another browser: the right state without the cookie of the browser that started it
    const third = await start(`jane@${DOMAIN}`);
    const backThird = await peer.signIn(third.url.href, `jane@${DOMAIN}`, PASSWORD);
    const other = await callback(backThird, 'reprise_sso_flow=someone-else');
    expect(other.statusCode).toBe(401);
    expectRefused(other, 'sso_callback_failed', /another browser/);
    // the right state on another organisation's callback
    const fourth = await start(`jane@${DOMAIN}`);
    const backFourth = await peer.signIn(fourth.url.href, `jane@${DOMAIN}`, PASSWORD);
    expectRefused(await callback(backFourth, fourth.cookie, O.otherRoot), 'sso_callback_failed', /state/);
  });

  it('refuses an ID token whose nonce is not the one of the sign-in', async () => {
    const { res } = await signIn(`jane@${DOMAIN}`, (url) =>
      url.searchParams.set('nonce', 'a-nonce-of-someone-else'),
    );
    expect(res.statusCode).toBe(401);
    expectRefused(res, 'sso_callback_failed', /claim "nonce"/);
  });

  it('sends the PKCE code verifier: a code issued for another challenge is refused', async () => {
    const { res } = await signIn(`jane@${DOMAIN}`, (url) =>
      url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
    );
    expect(res.statusCode).toBe(401);
    expectRefused(res, 'sso_callback_failed', /invalid_grant/);
  });

  describe('with a provider whose ID token is rewritten', () => {
    beforeAll(async () => {
      await configure({ configurationEndpoint: peer.tamperedDiscoveryUrl, clientSecret: null });
    });
    afterAll(async () => {
      peer.tamperIdToken(null);
      await configure({ clientSecret: null });
    });

    it('signs in while the token is left as issued', async () => {
      peer.tamperIdToken((claims) => claims);
      const { res } = await signIn(`jane@${DOMAIN}`);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses an ID token issued for another client (audience)', async () => {
      peer.tamperIdToken((claims) => ({ ...claims, aud: 'another-client' }));
      const { res } = await signIn(`jane@${DOMAIN}`);
      expect(res.statusCode).toBe(401);
      expectRefused(res, 'sso_callback_failed', /claim "aud"/);
    });

    it('refuses an expired ID token', async () => {
      const now = Math.floor(Date.now() / 1000);
      peer.tamperIdToken((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
      const { res } = await signIn(`jane@${DOMAIN}`);
      expect(res.statusCode).toBe(401);
      expectRefused(res, 'sso_callback_failed', /claim "exp"/);
    });
  });

  it('refuses the password of a user forced to single sign-on', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `jane@${DOMAIN}`, password: DEMO.password },
    });
    expect(res.statusCode).toBe(403);
    expectRefused(res, 'sso_mandatory');
  });

  it('signs out at the provider too: its end-session address with the ID token, back to the login page', async () => {
    const { res } = await signIn(`jane@${DOMAIN}`);
    const login = await loginWith(O.retailRoot, res.json().openidSessionId);
    const session = login.cookies.find((c) => c.name === 'reprise_session')?.value as string;
    const out = await k.t.app.inject({
      method: 'POST',
      url: '/api/open-id/logout',
      cookies: { reprise_session: session },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const end = new URL(out.json().endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${peer.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/login`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    const me = await k.t.app.inject({ method: 'GET', url: '/api/me', cookies: { reprise_session: session } });
    expect(me.statusCode).toBe(401);
    // a session opened by password has no provider to sign out from
    const plain = await k.post('seller', '/api/open-id/logout');
    expect(plain.json()).toEqual({ endSessionUrl: null });
  });

  it('leads nowhere once deactivated, and is removed with an audit row', async () => {
    await configure({ status: 'inactive', clientSecret: null });
    expectRefused(
      await k.t.app.inject({ method: 'GET', url: `/api/open-id/authorization-url?domain=${DOMAIN}` }),
      'sso_organization_not_found',
    );
    expect((await k.remove('otherRmu', CONFIG)).statusCode).toBe(404);
    expect((await k.remove('rmu', CONFIG)).statusCode).toBe(204);
    expect((await k.get('rmu', CONFIG)).json().configuration).toBeNull();
    expect((await k.remove('rmu', CONFIG)).statusCode).toBe(404);
    const actions = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'single_sign_on_configuration')
      .orderBy('at')
      .execute();
    expect(actions.at(-1)?.action).toBe('remove');
  });

  it('housekeeping deletes the sign-ins a day past their expiry, and keeps the others', async () => {
    const base = {
      account_id: DEMO.accounts.demoRetail,
      organization_id: O.retailRoot,
      browser_hash: 'b',
      nonce: 'n',
      code_verifier: 'v',
    };
    await k.t.db
      .insertInto('sso_authorization_requests')
      .values([
        { ...base, state_hash: 'old-state', expires_at: new Date(Date.now() - 2 * 86_400_000) },
        { ...base, state_hash: 'fresh-state', expires_at: new Date(Date.now() - 60_000) },
      ])
      .execute();
    expect(await purgeExpiredSignIns(systemContext(k.t.deps, { kind: 'all' }))).toBeGreaterThanOrEqual(1);
    const left = await k.t.db
      .selectFrom('sso_authorization_requests')
      .select('state_hash')
      .where('state_hash', 'in', ['old-state', 'fresh-state'])
      .execute();
    expect(left.map((r) => r.state_hash)).toEqual(['fresh-state']);
  });
});

// last: setting the client inactive ends the sessions of every Demo Retail user this file signed in
describe('an inactive client', () => {
  it('refuses every sign-in of an inactive client (docs/clients.md): the start, and a sign-in completed just before', async () => {
    const setStatus = async (status: 'active' | 'inactive') =>
      expect(
        (await k.patch('admin', `/api/accounts/${DEMO.accounts.demoRetail}/client`, { status })).statusCode,
      ).toBe(200);
    await configure();
    // the provider's answer came back while the client was active; the client is set inactive before the exchange
    const { res } = await signIn(`jane@${DOMAIN}`);
    expect(res.statusCode, res.body).toBe(200);
    await setStatus('inactive');
    try {
      const login = await loginWith(O.retailRoot, res.json().openidSessionId);
      expect(login.statusCode, login.body).toBe(403);
      expectRefused(login, 'account_inactive');
      const started = await k.t.app.inject({
        method: 'GET',
        url: `/api/open-id/authorization-url?email=${encodeURIComponent(`jane@${DOMAIN}`)}`,
      });
      expect(started.statusCode).toBe(403);
      expectRefused(started, 'account_inactive');
    } finally {
      await setStatus('active');
    }
    const again = await signIn(`jane@${DOMAIN}`);
    expect((await loginWith(O.retailRoot, again.res.json().openidSessionId)).statusCode).toBe(200);
  });
});
