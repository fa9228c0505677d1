import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CONSENT_COOKIE, IMAGE_MAX_BYTES } from '@reprise/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccountAdminRoutes } from './modules/account-admin/account-admin.routes';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerAuditLogRoutes } from './modules/audit-log/audit-log.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerBuybackConfigRoutes } from './modules/buyback-config/buyback-config.routes';
import { registerBuybackRoutes } from './modules/buybacks/buybacks.routes';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { registerConnectorRoutes } from './modules/connectors/connectors.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerExpeditionRoutes } from './modules/expeditions/expeditions.routes';
import { registerExportRoutes } from './modules/exports/exports.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerJobRoutes } from './modules/jobs/jobs.routes';
import { registerOrganizationRoutes } from './modules/organizations/organizations.routes';
import { registerGiftCardRoutes } from './modules/payments/gift-cards.routes';
import { registerIbanLinkRoutes } from './modules/payments/iban-link.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerTransferBatchRoutes } from './modules/payments/transfer-batches.routes';
import { registerRefurbConfigRoutes } from './modules/refurb-config/refurb-config.routes';
import { registerRefurbDiagnosisRoutes } from './modules/refurb-diagnosis/refurb-diagnosis.routes';
import { registerRefurbExecutionRoutes } from './modules/refurb-execution/refurb-execution.routes';
import { registerSandboxCarrierRoutes } from './modules/sandbox-carrier/sandbox-carrier.routes';
import { registerSftpAccessRoutes } from './modules/sftp/sftp-access.routes';
import { registerSsoRoutes } from './modules/single-sign-on/sso.routes';
import { registerStockRoutes } from './modules/stocks/stocks.routes';
import { registerTransportRoutes } from './modules/transport/transport.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerCheckinRoutes } from './modules/warehouse/checkin.routes';
import { registerControlRoutes } from './modules/warehouse/control.routes';
import { registerItemRoutes } from './modules/warehouse/items.routes';
import { registerLitigationRoutes } from './modules/warehouse/litigation.routes';
import { registerLossRoutes } from './modules/warehouse/loss.routes';
import { registerQuarantineRoutes } from './modules/warehouse/quarantine.routes';
import { registerSendRoutes } from './modules/warehouse/send.routes';
import { registerVerificationRoutes } from './modules/warehouse/verification.routes';
import { registerWarehouseDispatchRoutes } from './modules/warehouse-dispatch/warehouse-dispatch.routes';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { tagManagerAllowed } from './modules/white-label/public-page-policy.service';
import { registerWhiteLabelRoutes } from './modules/white-label/white-label.routes';
import { registerAuth } from './platform/auth-hook';
import type { AppDeps } from './platform/deps';
import { answerFrameworkError, registerErrorHandler } from './platform/errors';
import { registerJsonParsers } from './platform/json-body';
import { systemContext } from './platform/request-context';
import { applyPublicSitePolicy, registerSecurityHeaders } from './platform/security-headers';
import { resolveSiteHost } from './platform/site-host';
import { validatorCompiler } from './platform/validator';

export type App = FastifyInstance;

/** Builds the application without listening, so tests can use `app.inject`. */
export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: parseQuery },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParsers(app);

  // cookies are parsed before the auth hook reads the session cookie
  await app.register(cookie);
  // before the auth hook, so that its refusals carry the headers too
  await registerSecurityHeaders(app, deps.config);
  registerErrorHandler(app);
  registerAuth(app, deps.db, deps.config);

  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Reprise API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, deps);
      registerAuthRoutes(api, deps);
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
      registerAuditLogRoutes(api, deps);
      registerAccountAdminRoutes(api, deps);
      registerDashboardRoutes(api, deps);
      registerExpeditionRoutes(api, deps);
      registerExportRoutes(api, deps);
      // a carrier of its own for demos and tests: never in production unless asked (SANDBOX_CARRIER)
      if (deps.config.sandboxCarrier) registerSandboxCarrierRoutes(api, deps);
      registerTransportRoutes(api, deps);
      registerTransferBatchRoutes(api, deps);
      registerIbanLinkRoutes(api, deps);
      registerConnectorRoutes(api, deps);
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
