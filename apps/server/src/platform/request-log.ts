import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, once answered: its method, route, status and time, under the request's
 * `requestId` (Fastify's request logger, platform/request-id.ts). Fastify's own pair of lines
 * (received, completed) is turned off in app.ts: this one line says both. The route is the
 * pattern (`/api/password/new/:token`), not the URL: a link's token or a query's e-mail address
 * stays out of the logs.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}
