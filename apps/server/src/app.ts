import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CONSENT_COOKIE, IMAGE_MAX_BYTES } from '@reprise/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccountAdminRoutes } from './modules/account-admin';
import { registerAccountRoutes } from './modules/accounts';
import { registerAuditLogRoutes } from './modules/audit-log';
import { registerAuthRoutes } from './modules/auth';
import { registerBuybackConfigRoutes } from './modules/buyback-config';
import { registerBuybackRoutes, registerSendRoutes } from './modules/buybacks';
import { registerCatalogRoutes } from './modules/catalog';
import { registerClientErrorRoutes } from './modules/client-errors';
import { registerConnectorRoutes } from './modules/connectors';
import { registerDashboardRoutes } from './modules/dashboard';
import { registerDeviceCheckRoutes } from './modules/device-check';
import { registerExpeditionRoutes } from './modules/expeditions';
import { registerExportRoutes } from './modules/exports';
import { registerHealthRoutes } from './modules/health';
import { registerImportRoutes } from './modules/imports';
import { registerJobRoutes } from './modules/jobs';
import { registerOrganizationRoutes } from './modules/organizations';
import {
  registerGiftCardRoutes,
  registerIbanLinkRoutes,
  registerPaymentRoutes,
  registerTransferBatchRoutes,
} from './modules/payments';
import { registerPoliceRegisterRoutes } from './modules/police-register';
import { registerRefurbConfigRoutes } from './modules/refurb-config';
import { registerRefurbDiagnosisRoutes } from './modules/refurb-diagnosis';
import { registerRefurbExecutionRoutes } from './modules/refurb-execution';
import { registerSandboxCarrierRoutes } from './modules/sandbox-carrier';
import { registerSandboxDeviceCheckRoutes } from './modules/sandbox-device-check';
import { registerSandboxPayoutRoutes } from './modules/sandbox-payouts';
import { registerSftpAccessRoutes } from './modules/sftp';
import { registerSsoRoutes, signInWithOpenidSession } from './modules/single-sign-on';
import { registerStockRoutes } from './modules/stocks';
import { registerTrackingRoutes } from './modules/tracking';
import { registerTransportRoutes } from './modules/transport';
import { registerUserRoutes } from './modules/users';
import {
  registerCheckinRoutes,
  registerControlRoutes,
  registerItemRoutes,
  registerLitigationRoutes,
  registerLossRoutes,
  registerQuarantineRoutes,
  registerVerificationRoutes,
} from './modules/warehouse';
import { registerWarehouseDispatchRoutes } from './modules/warehouse-dispatch';
import { registerWebhookRoutes } from './modules/webhooks';
import { registerWhiteLabelRoutes, tagManagerAllowed } from './modules/white-label';
import { registerAuth } from './platform/auth-hook';
import type { AppDeps } from './platform/deps';
import { answerFrameworkError, registerErrorHandler } from './platform/errors';
import { registerJsonParsers } from './platform/json-body';
import { registerMetrics } from './platform/metrics-endpoint';
import { registerRefurbishmentFeatureGuard } from './platform/refurbishment-features';
import { systemContext } from './platform/request-context';
import { registerRequestId, requestIdOf } from './platform/request-id';
import { registerRequestLog } from './platform/request-log';
import { applyPublicSitePolicy, registerSecurityHeaders } from './platform/security-headers';
import { resolveSiteHost } from './platform/site-host';
import { validatorCompiler } from './platform/validator';
import { registerStatusReactions } from './status-reactions';

export type App = FastifyInstance;

/**
 * Builds the application without listening, so tests can use `app.inject`. `logger`: pino's JSON
 * lines, one per request (platform/request-log.ts); `stopping`: the process got SIGTERM.
 */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; stopping?: () => boolean } = {},
): Promise<App> {
  registerStatusReactions();
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    // Fastify's two lines of a request (received, completed) become one (registerRequestLog); a
    // request's id is named requestId in its log lines
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: deps.config.trustProxy,
    // a request's id: in its log lines, its answer's x-request-id and its problem documents
    genReqId: requestIdOf(deps.config.trustProxy !== false),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: parseQuery },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParsers(app);

  // first: every answer, a refusal of a later hook too, names its request
  registerRequestId(app);
  if (options.logger) registerRequestLog(app);
  // cookies are parsed before the auth hook reads the session cookie
  await app.register(cookie);
  // before the auth hook, so that its refusals carry the headers too
  await registerSecurityHeaders(app, deps.config);
  registerErrorHandler(app);
  registerAuth(app, deps.db, deps.config);
  registerRefurbishmentFeatureGuard(app, deps.db);
  // every request timed; GET /metrics only with METRICS_TOKEN (docs/metrics.md)
  registerMetrics(app, deps);

  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Reprise API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, deps, options.stopping);
      registerAuthRoutes(api, deps, signInWithOpenidSession);
      registerAccountRoutes(api, deps);
      registerOrganizationRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerCatalogRoutes(api, deps);
      registerBuybackConfigRoutes(api, deps);
      registerBuybackRoutes(api, deps);
      registerWhiteLabelRoutes(api, deps);
      registerItemRoutes(api, deps);
      registerControlRoutes(api, deps);
      registerLitigationRoutes(api, deps);
      registerWarehouseDispatchRoutes(api, deps);
      registerQuarantineRoutes(api, deps);
      registerLossRoutes(api, deps);
      registerSendRoutes(api, deps);
      registerCheckinRoutes(api, deps);
      registerVerificationRoutes(api, deps);
      registerStockRoutes(api, deps);
      registerRefurbConfigRoutes(api, deps);
      registerRefurbDiagnosisRoutes(api, deps);
      registerRefurbExecutionRoutes(api, deps);
      registerJobRoutes(api, deps);
      registerClientErrorRoutes(api, deps);
      registerAuditLogRoutes(api, deps);
      registerAccountAdminRoutes(api, deps);
      registerDashboardRoutes(api, deps);
      registerExpeditionRoutes(api, deps);
      registerExportRoutes(api, deps);
      registerPoliceRegisterRoutes(api, deps);
      // a carrier of its own for demos and tests: never in production unless asked (SANDBOX_CARRIER)
      if (deps.config.sandboxCarrier) registerSandboxCarrierRoutes(api, deps);
      if (deps.config.sandboxPayouts) registerSandboxPayoutRoutes(api, deps);
      if (deps.config.sandboxDeviceCheck) registerSandboxDeviceCheckRoutes(api, deps);
      registerTransportRoutes(api, deps);
      registerTransferBatchRoutes(api, deps);
      registerIbanLinkRoutes(api, deps);
      registerTrackingRoutes(api, deps);
      registerConnectorRoutes(api, deps);
      registerDeviceCheckRoutes(api, deps);
      registerWebhookRoutes(api, deps);
      registerSftpAccessRoutes(api, deps);
      registerSsoRoutes(api, deps);
      registerPaymentRoutes(api, deps);
      registerGiftCardRoutes(api, deps);
      registerImportRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  registerWebApp(app, deps);
  return app;
}

/**
 * Query strings as the API conventions write them: `field[]=a&field[]=b` arrives as the array
 * `field`, while keys such as `order[name]` stay as they are.
 */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(raw)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const existing = query[key];
    if (existing === undefined) query[key] = isArray ? [value] : value;
    else query[key] = [existing, value].flat();
  }
  return query;
}

/**
 * Serves the built web app; any non-API GET answers the HTML of its host's app (client-side
 * routes): the back office at the base host, the public site's own bundle on any other host
 * (a retailer's site; the public app shows not-available when no active site answers there).
 */
function registerWebApp(app: FastifyInstance, deps: AppDeps): void {
  const dist = deps.config.webDistDir;
  const baseHostname = new URL(deps.config.publicUrl).hostname;
  if (!existsSync(dist)) return;
  const publicHtml = existsSync(`${dist}/public.html`) ? 'public.html' : 'index.html';
  app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // the build writes .br and .gz copies: the smallest the browser accepts is sent
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // file names under assets/ carry a hash of their content: they never change
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });
  // the pages of the web app, not an API operation: kept out of the OpenAPI document
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api')) return reply.callNotFound();
    reply.header('cache-control', 'no-cache').header('vary', 'host');
    if (resolveSiteHost(request.host, baseHostname).kind === 'back_office') {
      return reply.sendFile('index.html', { maxAge: 0 });
    }
    // the public page's policy depends on the site and on the visitor's consent cookie
    const consent = request.cookies[CONSENT_COOKIE];
    applyPublicSitePolicy(reply, deps.config, {
      tagManager: await tagManagerAllowed(systemContext(deps, { kind: 'all' }), request.host, consent),
    });
    return reply.header('vary', 'host, cookie').sendFile(publicHtml, { maxAge: 0 });
  });
}
