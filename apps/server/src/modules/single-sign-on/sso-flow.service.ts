import type {
  AuthenticatedUser,
  SsoAuthorizationUrlQuery,
  SsoAuthorizationUrlResponse,
  SsoCallbackQuery,
  SsoCallbackResponse,
  SsoLoginRequest,
  SsoLogoutResponse,
} from '@reprise/shared';
import * as client from 'openid-client';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { hashToken, newToken } from '../../platform/security';
import { findUserById, logout, openSession, revokeUserSessions } from '../auth';
import { isProviderTimeout, type ProviderSettings, providerConfiguration } from './openid-provider';
import { domainOf, modulesAfterSignIn, modulesFromRoles, readClaims } from './sso-claims';
import * as configurations from './sso-configuration.repository';
import { CLIENT_SECRET_PURPOSE, postLogoutRedirectUriOf, redirectUriOf } from './sso-configuration.service';
import * as repo from './sso-flow.repository';

/**
 * A single sign-on (docs/single-sign-on.md), in three steps:
 * `startSignIn` finds the organisation by the e-mail's domain and answers the provider's
 * authorization URL (PKCE S256, state, nonce, kept server-side for 10 minutes, bound to the
 * browser); `completeSignIn`, on the callback, uses that state once, exchanges the code and
 * validates the ID token with openid-client (issuer, audience, nonce, expiry), maps the claims to
 * a user of the account and answers an `openidSessionId`; `signInWithOpenidSession`
 * (`POST /api/login`) exchanges it once, within 2 minutes, for a session.
 */

export const AUTHORIZATION_REQUEST_MINUTES = 10;
const OPENID_SESSION_SECONDS = 120;
const CODE_VERIFIER_PURPOSE = 'sso_code_verifier';
const ID_TOKEN_PURPOSE = 'sso_id_token';

const noOrganization = () =>
  new AppError('sso_organization_not_found', 'No organisation signs in by single sign-on with this e-mail.');
const configurationError = (reason: string) =>
  new AppError(
    'sso_configuration_error',
    `The single sign-on of this organisation is not reachable or not valid (${reason}). Contact your administrator.`,
  );
const callbackFailed = (reason: string) =>
  new AppError('sso_callback_failed', `The single sign-on did not complete: ${reason}.`);
const unknownUser = (reason: string) => new AppError('sso_user_unknown', reason);
const providerTimeout = (ctx: BaseContext) =>
  new AppError(
    'sso_provider_timeout',
    `The identity provider did not answer within ${ctx.deps.config.ssoProviderTimeoutSeconds} seconds. Try again later; if it lasts, contact your administrator.`,
  );
/** The error of a failed call to the provider: its timeout, or the step's own failure. */
const providerFailure = (ctx: BaseContext, error: unknown, failure: (reason: string) => AppError) =>
  isProviderTimeout(error) ? providerTimeout(ctx) : failure(reasonOf(error));
/** openid-client's reason: its message, the provider's error code, the claim that failed. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const e = error as Error & { error?: unknown; error_description?: unknown };
  const parts = [e.message.replace(/\.$/, '')];
  if (typeof e.error === 'string')
    parts.push(typeof e.error_description === 'string' ? `${e.error}: ${e.error_description}` : e.error);
  // openid-client wraps oauth4webapi's error, whose cause names the claim
  for (let cause: unknown = e.cause, depth = 0; cause && typeof cause === 'object' && depth < 3; depth += 1) {
    const { claim } = cause as { claim?: unknown };
    if (typeof claim === 'string') {
      parts.push(`claim "${claim}"`);
      break;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return parts.join(', ').slice(0, 300);
}

function settingsOf(ctx: BaseContext, row: configurations.ConfigurationRow): ProviderSettings {
  return {
    configurationEndpoint: row.configurationEndpoint,
    clientId: row.clientId,
    clientSecret: ctx.deps.keyring.decrypt(CLIENT_SECRET_PURPOSE, row.clientSecret),
    timeoutSeconds: ctx.deps.config.ssoProviderTimeoutSeconds,
  };
}

async function configurationOf(ctx: BaseContext, row: configurations.ConfigurationRow) {
  try {
    return await providerConfiguration(settingsOf(ctx, row));
  } catch (error) {
    throw providerFailure(ctx, error, configurationError);
  }
}

/** The context of the account a sign-in belongs to. */
const accountContext = (ctx: BaseContext, accountId: string) =>
  systemContext(ctx.deps, { kind: 'account', accountId }, ctx.locale);

/**
 * Starts a sign-in for an e-mail or a domain: the provider's authorization URL, and the token of
 * the browser (kept in a cookie by the route) the callback must come back with.
 */
export async function startSignIn(
  ctx: BaseContext,
  query: SsoAuthorizationUrlQuery,
): Promise<{ answer: SsoAuthorizationUrlResponse; browserToken: string }> {
  const domain = query.domain ?? domainOf(query.email as string);
  const row = await configurations.findActiveConfigurationByDomain(ctx, domain);
  if (!row) throw noOrganization();
  if (!(await configurations.isAccountActive(ctx, row.accountId)))
    throw new AppError(
      'account_inactive',
      'This organisation’s account is inactive: signing in is not possible.',
    );
  const configuration = await configurationOf(ctx, row);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browser = newToken();
  await transact(accountContext(ctx, row.accountId), (tx) =>
    repo.insertAuthorizationRequest(tx, {
      accountId: row.accountId,
      organizationId: row.organizationId,
      stateHash: hashToken(state),
      browserHash: browser.hash,
      nonce,
      codeVerifier: ctx.deps.keyring.encrypt(CODE_VERIFIER_PURPOSE, codeVerifier),
      validMinutes: AUTHORIZATION_REQUEST_MINUTES,
    }),
  );
  const authorization = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(ctx, row.organizationId),
    scope: row.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(query.email ? { login_hint: query.email } : {}),
  });
  const url = authorization.href;
  return { answer: { organizationId: row.organizationId, url }, browserToken: browser.token };
}

/** The provider's answer as received at the redirect URI. */
function callbackUrl(ctx: BaseContext, organizationId: string, query: SsoCallbackQuery): URL {
  const url = new URL(redirectUriOf(ctx, organizationId));
  for (const [name, value] of Object.entries(query))
    if (typeof value === 'string') url.searchParams.set(name, value);
  return url;
}

/**
 * Applies the role mapping to a known user at each sign-in: in the modules the mapping names, the
 * claimed roles decide; a change is audited and ends the user's other sessions (what they may do
 * changed). A user the mapping leaves with no module is refused, and nothing is changed.
 */
async function applyRoleMapping(
  tx: BaseTxContext,
  row: configurations.ConfigurationRow,
  userId: string,
  roles: readonly string[],
): Promise<void> {
  if (row.roleMapping.length === 0) return;
  const held = await repo.findUserModules(tx, userId);
  const next = modulesAfterSignIn(held, roles, row.roleMapping);
  if (next.length === 0)
    throw unknownUser('The role mapping of this organisation gives this user no user type any more.');
  const same = (a: (typeof held)[number], b: (typeof held)[number]) =>
    a.moduleType === b.moduleType && a.userType === b.userType && a.organizationId === b.organizationId;
  if (next.length === held.length && next.every((m) => held.some((h) => same(m, h)))) return;
  await repo.replaceUserModules(tx, userId, held, next);
  await revokeUserSessions(tx, userId);
  await audit(tx, {
    action: 'update',
    entityType: 'user',
    entityId: userId,
    accountId: row.accountId,
    before: { modules: held },
    after: { modules: next, updatedBy: 'single_sign_on' },
  });
}

/**
 * The user of the account this e-mail names: a known one has the role mapping applied, an unknown
 * one is created on a first sign-in when the role mapping gives a type.
 */
async function userOf(
  tx: BaseTxContext,
  row: configurations.ConfigurationRow,
  claimed: ReturnType<typeof readClaims> & { email: string },
): Promise<string> {
  const existing = await repo.findUserByEmail(tx, claimed.email);
  if (existing) {
    if (existing.accountId !== row.accountId || existing.status !== 'active')
      throw unknownUser('No active user of this organisation has this e-mail.');
    await applyRoleMapping(tx, row, existing.id, claimed.roles);
    return existing.id;
  }
  const modules = modulesFromRoles(claimed.roles, row.roleMapping);
  if (modules.length === 0)
    throw unknownUser(
      'No user of this organisation has this e-mail, and the role mapping gives it no user type.',
    );
  const values = {
    accountId: row.accountId,
    email: claimed.email,
    firstname: (claimed.firstname ?? claimed.email.slice(0, claimed.email.indexOf('@'))).slice(0, 255),
    lastname: (claimed.lastname ?? '').slice(0, 255),
    modules,
  };
  const userId = await repo.insertSsoUser(tx, values);
  await audit(tx, {
    action: 'create',
    entityType: 'user',
    entityId: userId,
    accountId: row.accountId,
    after: { ...values, status: 'active', forceConnectionBySso: true, createdBy: 'single_sign_on' },
  });
  return userId;
}

/**
 * The callback: uses the sign-in's state once (it must come back to the browser that started it),
 * exchanges the code with the PKCE verifier, validates the ID token (issuer, audience, nonce,
 * expiry) and reads the claims (the ID token's and the userinfo's), then answers an
 * `openidSessionId` for the user of the account the e-mail names.
 */
export async function completeSignIn(
  ctx: BaseContext,
  organizationId: string,
  query: SsoCallbackQuery,
  browserToken: string | undefined,
): Promise<SsoCallbackResponse> {
  const started = await transact(ctx, (tx) =>
    repo.useAuthorizationRequest(tx, hashToken(query.state), organizationId),
  );
  if (!started) throw callbackFailed('the state is unknown, already used or expired');
  if (!browserToken || hashToken(browserToken) !== started.browserHash)
    throw callbackFailed('the sign-in was started in another browser');
  if (query.error) throw callbackFailed(`the provider answered ${query.error}`);
  const row = await configurations.findConfigurationOfOrganization(ctx, organizationId);
  if (row?.status !== 'active' || row.accountId !== started.accountId)
    throw callbackFailed('single sign-on is no longer configured for this organisation');
  const configuration = await configurationOf(ctx, row);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl(ctx, organizationId, query), {
      pkceCodeVerifier: ctx.deps.keyring.decrypt(CODE_VERIFIER_PURPOSE, started.codeVerifier),
      expectedState: query.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw providerFailure(ctx, error, callbackFailed);
  }
  const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
  let userinfo: Record<string, unknown> = {};
  if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      userinfo = await client.fetchUserInfo(configuration, tokens.access_token, String(idClaims.sub));
    } catch (error) {
      throw providerFailure(ctx, error, callbackFailed);
    }
  }
  const claimed = readClaims({ ...userinfo, ...idClaims }, row.claimTypes);
  if (!claimed.email) throw callbackFailed('the provider gave no e-mail');
  if (!claimed.emailVerified) throw callbackFailed('the provider has not verified the e-mail');
  if (!row.domains.includes(domainOf(claimed.email)))
    throw unknownUser('This e-mail is not of a domain of this organisation.');
  const email = claimed.email;
  const openidSession = newToken();
  await transact(accountContext(ctx, row.accountId), async (tx) => {
    const userId = await userOf(tx, row, { ...claimed, email });
    await repo.insertLogin(tx, {
      accountId: row.accountId,
      organizationId,
      userId,
      tokenHash: openidSession.hash,
      idToken: tokens.id_token ? ctx.deps.keyring.encrypt(ID_TOKEN_PURPOSE, tokens.id_token) : null,
      validSeconds: OPENID_SESSION_SECONDS,
    });
  });
  return { organizationId, openidSessionId: openidSession.token };
}

/** `POST /api/login {organizationId, openidSessionId}`: the sign-in's session, once. */
export async function signInWithOpenidSession(
  ctx: BaseContext,
  input: SsoLoginRequest,
  browser: { ip: string; userAgent: string | null },
): Promise<{ user: AuthenticatedUser; token: string }> {
  const invalid = () =>
    new AppError(
      'sso_session_invalid',
      'This single sign-on has expired or was already used: sign in again.',
    );
  const used = await transact(ctx, (tx) =>
    repo.useLogin(tx, hashToken(input.openidSessionId), input.organizationId),
  );
  if (!used) throw invalid();
  const own = accountContext(ctx, used.accountId);
  const user = await findUserById(own, used.userId);
  if (user?.status !== 'active' || user.accountId !== used.accountId) throw invalid();
  return transact(own, async (tx) => {
    const opened = await openSession(tx, user, browser);
    await repo.attachSession(tx, used.id, used.accountId, opened.sessionId);
    return { user: opened.user, token: opened.token };
  });
}

/**
 * Signs out (`/open-id/logout`): ends the session and, when a single sign-on opened it and the
 * provider advertises an end-session endpoint, answers where to end the provider's session too.
 */
export async function signOut(ctx: RequestContext): Promise<SsoLogoutResponse> {
  const login = await repo.findLoginOfSession(ctx, ctx.actor.sessionId);
  let endSessionUrl: string | null = null;
  const row = login ? await configurations.findConfigurationOfOrganization(ctx, login.organizationId) : null;
  if (login && row?.status === 'active') {
    try {
      const configuration = await providerConfiguration(settingsOf(ctx, row));
      if (configuration.serverMetadata().end_session_endpoint) {
        endSessionUrl = client.buildEndSessionUrl(configuration, {
          post_logout_redirect_uri: postLogoutRedirectUriOf(ctx),
          ...(login.idToken
            ? { id_token_hint: ctx.deps.keyring.decrypt(ID_TOKEN_PURPOSE, login.idToken) }
            : {}),
        }).href;
      }
    } catch {
      // a provider out of reach does not keep anyone signed in here: the session ends all the same
      endSessionUrl = null;
    }
  }
  await logout(ctx);
  return { endSessionUrl };
}

/** Deletes the sign-ins past their expiry for a day (the server's housekeeping, main.ts). */
export async function purgeExpiredSignIns(ctx: BaseContext): Promise<number> {
  return transact(ctx, (tx) => repo.purgeExpired(tx));
}
