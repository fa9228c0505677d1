import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider 9) on a loopback port, the peer of the single
 * sign-on tests (docs/single-sign-on.md): its own sign-in form at `/interaction/:uid` (e-mail and
 * password of the accounts it is given), consent granted at once, PKCE required, sign-out
 * (end_session) enabled. `/tampered/...` serves the same provider whose token endpoint hands out
 * an ID token rewritten by `tamperIdToken` and signed with the provider's own key: what a
 * provider issuing a token for another client, or an expired one, would send.
 */

export interface PeerAccount {
  password: string;
  givenName: string;
  familyName: string;
  roles?: string[];
}

export interface PeerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface OidcPeer {
  issuer: string;
  /** The discovery document's address (what an SSO configuration's configuration endpoint names). */
  discoveryUrl: string;
  /** The discovery document of the tampering front (its token endpoint rewrites the ID token). */
  tamperedDiscoveryUrl: string;
  /** Rewrites the claims of the ID tokens the tampering front answers (null: unchanged). */
  tamperIdToken(rewrite: ((claims: Record<string, unknown>) => Record<string, unknown>) | null): void;
  addClient(client: PeerClient): void;
  /**
   * Makes the provider slow (null: as fast as it is): its discovery document, or its token
   * endpoint, answers only after so many milliseconds (a provider under load, or out of reach).
   */
  slowDown(delays: { discoveryMs?: number; tokenMs?: number } | null): void;
  /**
   * Walks an authorization URL as a browser would (cookies, redirects, the sign-in form) and
   * answers the URL the provider finally sends the browser back to (the redirect URI, with code
   * and state, or an error).
   */
  signIn(authorizationUrl: string, email: string, password: string): Promise<URL>;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signJwt(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), key))}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginForm(uid: string, error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>E-mail <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

export async function startOidcPeer(options: {
  clients: PeerClient[];
  accounts: Record<string, PeerAccount>;
  host?: string;
}): Promise<OidcPeer> {
  const host = options.host ?? '127.0.0.1';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const clients = options.clients.map((c) => toProviderClient(c));
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  let delays: { discoveryMs?: number; tokenMs?: number } | null = null;
  let provider: Provider | null = null;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const build = () => {
    const p = new Provider(issuer, {
      clients,
      findAccount: async (_ctx: unknown, id: string) => {
        const account = options.accounts[id];
        if (!account) return undefined;
        return {
          accountId: id,
          claims: async () => ({
            sub: id,
            email: id,
            email_verified: true,
            given_name: account.givenName,
            family_name: account.familyName,
            roles: account.roles ?? [],
          }),
        };
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'roles'],
      },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      jwks: { keys: [jwk] },
      cookies: { keys: ['reprise-oidc-peer-cookie-key'] },
      pkce: { required: () => true },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
    });
    return p;
  };
  provider = build();
  handler = provider.callback();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const delay = url.pathname.endsWith('/.well-known/openid-configuration')
      ? delays?.discoveryMs
      : url.pathname === '/token'
        ? delays?.tokenMs
        : undefined;
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const p = provider as Provider;
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (interaction) {
      const details = await p.interactionDetails(req, res);
      if (req.method === 'POST' && interaction[2]) {
        const form = new URLSearchParams(await readBody(req));
        const email = form.get('email') ?? '';
        const account = options.accounts[email];
        if (!account || account.password !== form.get('password')) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(loginForm(details.uid, 'Invalid e-mail or password.'));
          return;
        }
        await p.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (details.prompt.name === 'login') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(loginForm(details.uid, null));
        return;
      }
      // consent: granted at once for what the client asked
      const grant = new p.Grant({
        accountId: details.session?.accountId as string,
        clientId: details.params.client_id as string,
      });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      grant.addOIDCScope((missing.missingOIDCScope ?? ['openid']).join(' '));
      if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (url.pathname === '/tampered/.well-known/openid-configuration') {
      const metadata = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...metadata, token_endpoint: `${issuer}/tampered/token` }));
      return;
    }
    if (url.pathname === '/tampered/token' && req.method === 'POST') {
      const answer = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded',
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        },
        body: await readBody(req),
      });
      const json = (await answer.json()) as Record<string, unknown>;
      if (typeof json.id_token === 'string' && tamper) {
        const claims = JSON.parse(Buffer.from(json.id_token.split('.')[1] as string, 'base64url').toString());
        json.id_token = signJwt(signingKey, kid, tamper(claims));
      }
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(json));
      return;
    }
    (handler as (req: IncomingMessage, res: ServerResponse) => void)(req, res);
  }

  function toProviderClient(c: PeerClient) {
    return {
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  }

  async function signIn(authorizationUrl: string, email: string, password: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = (pair ?? '').indexOf('=');
        if (at > 0) jar.set((pair as string).slice(0, at).trim(), (pair as string).slice(at + 1).trim());
      }
    };
    let next: { url: string; init?: RequestInit } = { url: authorizationUrl };
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await fetch(next.url, {
        ...next.init,
        redirect: 'manual',
        headers: { ...(next.init?.headers as Record<string, string>), cookie: cookieHeader() },
      });
      keep(response);
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (target.origin !== issuer) return target;
        next = { url: target.href };
        continue;
      }
      const body = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1];
      if (response.status !== 200 || !action || body.includes('role="alert"'))
        throw new Error(`The provider answered ${response.status} at ${next.url}: ${body.slice(0, 300)}`);
      next = {
        url: new URL(action, issuer).href,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, password }).toString(),
        },
      };
    }
    throw new Error('The provider redirected more than 20 times.');
  }

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    tamperedDiscoveryUrl: `${issuer}/tampered/.well-known/openid-configuration`,
    tamperIdToken: (rewrite) => {
      tamper = rewrite;
    },
    slowDown: (next) => {
      delays = next;
    },
    addClient: (client) => {
      clients.push(toProviderClient(client));
      provider = build();
      handler = provider.callback();
    },
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
