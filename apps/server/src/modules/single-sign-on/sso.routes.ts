import {
  OrganizationIdParams,
  SsoAuthorizationUrlQuery,
  SsoAuthorizationUrlResponse,
  SsoCallbackQuery,
  SsoCallbackResponse,
  SsoConfigurationRequest,
  SsoConfigurationResponse,
  SsoLogoutResponse,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../platform/auth-hook';
import type { AppDeps } from '../../platform/deps';
import { contextOf, systemContext } from '../../platform/request-context';
import { localeOf } from '../../platform/translations';
import * as configuration from './sso-configuration.service';
import * as flow from './sso-flow.service';

const tags = ['single sign-on'];
/** The cookie binding a sign-in to the browser that started it (sent back only to the callback). */
const SSO_BROWSER_COOKIE = 'reprise_sso_flow';
const SSO_COOKIE_PATH = '/api/open-id';

/**
 * Single sign-on (docs/single-sign-on.md): the configuration of
 * an account's root organisation (`connector.configuration`), and the sign-in's public steps.
 * `POST /api/login {organizationId, openidSessionId}` lives with the other sign-ins (auth.routes.ts).
 */
export function registerSsoRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const permission = { permission: 'connector.configuration' } as const;
  const path = '/organizations/:organizationId/single-sign-on';

  app.get(
    path,
    {
      config: permission,
      schema: { tags, params: OrganizationIdParams, response: { 200: SsoConfigurationResponse } },
    },
    async (request) =>
      configuration.getSsoConfiguration(contextOf(request, deps), request.params.organizationId),
  );

  app.put(
    path,
    {
      config: permission,
      schema: {
        tags,
        description:
          'Creates or replaces the configuration. The client secret is never answered; absent, the stored one is kept.',
        params: OrganizationIdParams,
        body: SsoConfigurationRequest,
        response: { 200: SsoConfigurationResponse },
      },
    },
    async (request) =>
      configuration.saveSsoConfiguration(
        contextOf(request, deps),
        request.params.organizationId,
        request.body,
      ),
  );

  app.delete(
    path,
    { config: permission, schema: { tags, params: OrganizationIdParams } },
    async (request, reply) => {
      await configuration.deleteSsoConfiguration(contextOf(request, deps), request.params.organizationId);
      return reply.code(204).send();
    },
  );

  /** Signing in has no actor: the e-mail's domain names the account. */
  const credentialContext = (request: FastifyRequest) =>
    systemContext(deps, { kind: 'all' }, localeOf(request));

  app.get(
    '/open-id/authorization-url',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'Starts a single sign-on for an e-mail or its domain: the provider address to send the browser to. Sets the cookie the callback must come back with.',
        querystring: SsoAuthorizationUrlQuery,
        response: { 200: SsoAuthorizationUrlResponse },
      },
    },
    async (request, reply) => {
      const { answer, browserToken } = await flow.startSignIn(credentialContext(request), request.query);
      reply.setCookie(SSO_BROWSER_COOKIE, browserToken, {
        path: SSO_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.secureCookies,
        maxAge: flow.AUTHORIZATION_REQUEST_MINUTES * 60,
      });
      return answer;
    },
  );

  app.get(
    '/open-id/:organizationId/callback',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "The provider's answer, forwarded by the web app's callback page: answers the `openidSessionId` that `POST /api/login` exchanges for a session.",
        params: OrganizationIdParams,
        querystring: SsoCallbackQuery,
        response: { 200: SsoCallbackResponse },
      },
    },
    async (request, reply) => {
      const browserToken = request.cookies[SSO_BROWSER_COOKIE];
      reply.clearCookie(SSO_BROWSER_COOKIE, { path: SSO_COOKIE_PATH });
      return flow.completeSignIn(
        credentialContext(request),
        request.params.organizationId,
        request.query,
        browserToken,
      );
    },
  );

  app.post(
    '/open-id/logout',
    {
      config: { authenticated: true },
      schema: { tags, response: { 200: SsoLogoutResponse } },
    },
    async (request, reply) => {
      const answer = await flow.signOut(contextOf(request, deps));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return answer;
    },
  );
}
