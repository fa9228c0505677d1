import {
  type AuthenticatedUser,
  AuthenticatedUserResponse,
  LoginRequest,
  NewPasswordRequest,
  PasswordRenewRequest,
  ResetTokenParams,
  SsoLoginRequest,
  SwitchModuleRequest,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../platform/auth-hook';
import type { AppDeps } from '../../platform/deps';
import { type BaseContext, contextOf, systemContext } from '../../platform/request-context';
import { localeOf } from '../../platform/translations';
import * as auth from './auth.service';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './device-cookie';

const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(256),
  password: NewPasswordRequest.shape.password,
});

/**
 * The sign-in by a confirmed single sign-on's `openidSessionId` (modules/single-sign-on, which
 * builds on this module's sessions): app.ts hands it in, so that auth does not import it.
 */
export type OpenidSignIn = (
  ctx: BaseContext,
  input: SsoLoginRequest,
  browser: { ip: string; userAgent: string | null },
) => Promise<{ user: AuthenticatedUser; token: string }>;

export function registerAuthRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  signInWithOpenidSession: OpenidSignIn,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  /** Signing in and password links have no actor: the credential names the user, in any account. */
  const credentialContext = (request: FastifyRequest) =>
    systemContext(deps, { kind: 'all' }, localeOf(request));
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: config.sessionMaxHours * 3600,
  };
  const deviceCookieOptions = {
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  };

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        description:
          'Signs in by `{email, password}`, or by `{organizationId, openidSessionId}` after a single sign-on (docs/single-sign-on.md). A browser gets the session in an HttpOnly cookie only; an API client sends `tokenRequested: true` and gets `apiToken` in the answer (for `Authorization: Bearer`) and no cookie.',
        body: z.union([LoginRequest, SsoLoginRequest]),
        response: { 200: AuthenticatedUserResponse },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const { body } = request;
      const { user, token, deviceCookie } =
        'openidSessionId' in body
          ? {
              ...(await signInWithOpenidSession(credentialContext(request), body, client)),
              deviceCookie: null,
            }
          : await auth.login(credentialContext(request), body, {
              ...client,
              deviceCookie: request.cookies[DEVICE_COOKIE],
            });
      // the token reaches page scripts only when asked for: a browser keeps it in the HttpOnly cookie
      if (request.body.tokenRequested) return { ...user, apiToken: token };
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      // this browser is now a known device of the user (docs/security.md): read by sign-in only
      if (deviceCookie) reply.setCookie(DEVICE_COOKIE, deviceCookie, deviceCookieOptions);
      return user;
    },
  );

  app.post(
    '/logout',
    { config: { authenticated: true }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await auth.logout(contextOf(request, deps));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    {
      config: { authenticated: true },
      schema: { tags: ['auth'], response: { 200: AuthenticatedUserResponse } },
    },
    async (request) => auth.me(contextOf(request, deps)),
  );

  // the back office's probe: signed out is an answer (200, null), not a 401 the browser logs as an error
  app.get(
    '/session',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        description: 'The signed-in user of this session, or null when signed out.',
        response: { 200: z.object({ user: AuthenticatedUserResponse.nullable() }) },
      },
    },
    async (request) => ({ user: request.actor ? await auth.me(contextOf(request, deps)) : null }),
  );

  app.post(
    '/me/module',
    {
      config: { authenticated: true },
      schema: { tags: ['auth'], body: SwitchModuleRequest, response: { 200: AuthenticatedUserResponse } },
    },
    async (request) => auth.switchModule(contextOf(request, deps), request.body.moduleType),
  );

  app.post(
    '/me/password',
    { config: { authenticated: true }, schema: { tags: ['auth'], body: ChangePasswordRequest } },
    async (request, reply) => {
      await auth.changePassword(contextOf(request, deps), request.body, { ip: request.ip });
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/renew',
    { config: { public: true }, schema: { tags: ['auth'], body: PasswordRenewRequest } },
    async (request, reply) => {
      await auth.requestPasswordReset(credentialContext(request), request.body.email, { ip: request.ip });
      return reply.code(202).send();
    },
  );

  app.get(
    '/password/new/:token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        params: ResetTokenParams,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => auth.checkPasswordLink(credentialContext(request), request.params.token),
  );

  app.post(
    '/password/new/:token',
    {
      config: { public: true },
      schema: { tags: ['auth'], params: ResetTokenParams, body: NewPasswordRequest },
    },
    async (request, reply) => {
      await auth.applyPasswordLink(credentialContext(request), request.params.token, request.body.password);
      return reply.code(204).send();
    },
  );
}
