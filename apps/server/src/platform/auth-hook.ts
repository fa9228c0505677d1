import {
  MODULE_TYPES,
  type ModuleType,
  type Permission,
  PLATFORM_USER_TYPES,
  permissionsFor,
  type UserType,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Actor } from './context';
import type { Db } from './db';
import { AppError } from './errors';
import { hashToken } from './security';
import { type SessionRow, sessionCache } from './session-cache';
import { resolveSiteHost } from './site-host';

export const SESSION_COOKIE = 'reprise_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a route needs (a list: any one of them); every API route declares one, or
     * `public`, or `authenticated`.
     */
    permission?: Permission | readonly Permission[];
    public?: boolean;
    /** Any signed-in user (own profile, sign-out). */
    authenticated?: boolean;
  }
  interface FastifyInstance {
    /** The API routes with their declared access, for the test that walks them. */
    apiRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionToken: string | null;
  }
}

interface DeclaredRoute {
  method: string;
  url: string;
  permission?: Permission | readonly Permission[];
  public?: boolean;
  authenticated?: boolean;
}

const LAST_USED_RESOLUTION_MS = 60_000;

function tokenFrom(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), viaCookie: false };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/**
 * Loads the session of a token: null when unknown, revoked, expired or idle too long, the user
 * inactive or its client account inactive.
 */
async function fetchSessionRows(db: Db, tokenHash: string): Promise<SessionRow[]> {
  const cached = sessionCache.get(tokenHash);
  if (cached) return cached;
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('user_modules as m', 'm.user_id', 'u.id')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    // an inactive client's users, and modules in an inactive account's organisations, sign nothing in
    .innerJoin('accounts as ua', 'ua.id', 'u.account_id')
    .innerJoin('accounts as oa', 'oa.id', 'o.account_id')
    .select([
      's.id as sessionId',
      's.current_module as currentModule',
      's.last_used_at as lastUsedAt',
      's.expires_at as expiresAt',
      'u.id as userId',
      // the account a request works on is its module's organisation's (docs/data-access.md,
      // "Which account a request works on"), not the user's own: a user may hold a module at
      // an organisation of another account (a retailer's user who is also a buyer's warehouse manager)
      'o.account_id as accountId',
      'u.email',
      'm.module_type as moduleType',
      'm.user_type as userType',
      'm.organization_id as organizationId',
      'o.path as organizationPath',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('u.status', '=', 'active')
    .where('ua.status', '=', 'active')
    .where('oa.status', '=', 'active')
    .execute();
  const typed = rows.map((r) => ({
    ...r,
    lastUsedAt: new Date(r.lastUsedAt),
    expiresAt: new Date(r.expiresAt),
  }));
  if (typed.length) sessionCache.set(tokenHash, typed);
  return typed;
}

/** Loads the session of a token: null when unknown, revoked, expired or idle too long, or the user inactive. */
export async function loadActor(
  db: Db,
  config: Config,
  token: string,
  requestedModule: string | undefined,
  /** false: only read the session, without counting this request as its use. */
  touch = true,
): Promise<Actor | null> {
  const rows = await fetchSessionRows(db, hashToken(token));
  const first = rows[0];
  const now = Date.now();
  if (
    !first ||
    first.expiresAt.getTime() <= now ||
    first.lastUsedAt.getTime() <= now - config.sessionIdleMinutes * 60_000
  ) {
    return null;
  }
  const wanted =
    requestedModule && (MODULE_TYPES as readonly string[]).includes(requestedModule)
      ? requestedModule
      : first.currentModule;
  const row = rows.find((r) => r.moduleType === wanted);
  if (!row) throw new AppError('module_not_held', `You do not hold the module ${wanted}.`);
  if (touch && now - first.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // the cached rows share this Date, so the next requests see the new time too
    for (const r of rows) r.lastUsedAt = new Date(now);
    await db
      .updateTable('sessions')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', first.sessionId)
      .execute();
  }
  const userType = row.userType as UserType;
  const module = row.moduleType as ModuleType;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    accountId: row.accountId,
    email: row.email,
    module,
    userType,
    organizationId: row.organizationId,
    organizationPath: row.organizationPath,
    isPlatform: PLATFORM_USER_TYPES.includes(userType),
    permissions: new Set(permissionsFor(userType, module)),
  };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every API route must declare what it needs; a route that declares nothing fails at start-up.
 * Each request then gets its actor, and the route's permission is checked before the handler.
 */
export function registerAuth(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionToken', null);
  const apiRoutes: DeclaredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    // the OpenAPI document and its viewer are public
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    const c = route.config as Omit<DeclaredRoute, 'method' | 'url'> | undefined;
    if (!c?.permission && !c?.public && !c?.authenticated) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no permission (config.permission, public or authenticated)`,
      );
    }
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, ...c });
  });

  // onRequest: authentication and permission come before body validation, so a stranger learns nothing
  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config as Omit<DeclaredRoute, 'method' | 'url'> | undefined;
    if (!request.url.startsWith('/api')) return;
    const found = tokenFrom(request);
    // a bearer token is never sent by a browser on its own: only cookie or credential-less writes are checked
    const crossSite =
      UNSAFE.has(request.method) && found?.viaCookie !== false && !isSameOrigin(request, found !== null);
    if (crossSite) {
      // refused either way; only who is asking decides the answer: nobody signed in is told to
      // sign in (401), a session is told the request came from another site (403). The session
      // is only read: a forged request does not keep it alive, and its X-Module is not followed.
      const actor =
        found && !declared?.public ? await loadActor(db, config, found.token, undefined, false) : null;
      const signedIn =
        actor !== null &&
        (actor.userType !== 'pseudo_anonymous' || (await visitorSiteMatches(db, config, request, actor)));
      if (!declared?.public && !signedIn)
        throw new AppError('unauthenticated', 'Your session has expired or you are not signed in.');
      throw new AppError('csrf_rejected', 'The request comes from another site.');
    }
    if (found) {
      const moduleHeader = request.headers['x-module'];
      const actor = await loadActor(
        db,
        config,
        found.token,
        typeof moduleHeader === 'string' ? moduleHeader : undefined,
      );
      // a public site's visitor is one of that site's: on any other host its session counts for nothing
      if (
        actor &&
        actor.userType === 'pseudo_anonymous' &&
        !(await visitorSiteMatches(db, config, request, actor))
      ) {
        request.log.info({ userId: actor.userId }, 'visitor session refused on another host');
      } else if (actor) {
        request.actor = actor;
        request.sessionToken = found.token;
      }
    }
    if (declared?.public) return;
    if (!request.actor)
      throw new AppError('unauthenticated', 'Your session has expired or you are not signed in.');
    if (declared?.permission && !mayUse(request.actor.permissions, declared.permission)) {
      throw new AppError('forbidden', 'You do not have the permission to do this.');
    }
  });
}

/** True when the request's host is the active public site of the visitor's account. */
async function visitorSiteMatches(db: Db, config: Config, request: FastifyRequest, actor: Actor) {
  const site = resolveSiteHost(request.host, new URL(config.publicUrl).hostname);
  if (site.kind === 'back_office') return false;
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', actor.accountId)
    .where('site_active', '=', true)
    .where('is_retailer', '=', true)
    .where('status', '=', 'active');
  query =
    site.kind === 'slug'
      ? query.where('site_slug', '=', site.slug)
      : query.where('site_domain', '=', site.domain);
  return (await query.executeTakeFirst()) !== undefined;
}

/** True when the permissions hold the route's permission, or one of its list. */
export function mayUse(held: ReadonlySet<Permission>, needed: Permission | readonly Permission[]): boolean {
  return typeof needed === 'string' ? held.has(needed) : needed.some((p) => held.has(p));
}

/**
 * False for a write that a page of another origin may have made (docs/security.md, "Cross-site
 * request forgery"): a present Origin must be ours; without it, the browser's Sec-Fetch-Site must
 * say same-origin; with neither, only a request without the session cookie passes (a non-browser
 * client). `request.host` follows X-Forwarded-Host behind a trusted proxy, which may rewrite Host.
 */
function isSameOrigin(request: FastifyRequest, withCookie: boolean): boolean {
  const { origin } = request.headers;
  const fetchSite = request.headers['sec-fetch-site'];
  return origin !== undefined
    ? isOwnOrigin(origin, request.host)
    : fetchSite !== undefined
      ? fetchSite === 'same-origin'
      : !withCookie;
}

/** True when `origin` names this host; `null` (sandboxed or privacy-hidden origins) never does. */
function isOwnOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The actor of a route that declared a permission or `authenticated` (always set there). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthenticated', 'Not signed in.');
  return request.actor;
}
