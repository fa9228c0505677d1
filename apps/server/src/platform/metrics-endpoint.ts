import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError } from './config';
import type { Db } from './db.types';
import { AppError } from './errors';
import { reportJobQueues } from './job-metrics';
import { metricsRegistry, observeRequests, startProcessMetrics } from './metrics';

/**
 * Where the metrics are read (docs/metrics.md), never in public: GET /metrics on the HTTP port
 * with the bearer token of METRICS_TOKEN, and/or GET /metrics on a listener of its own
 * (METRICS_PORT) without one. Neither set: no /metrics at all.
 */

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header bears the token, compared in constant time (of digests: any length). */
function bearsToken(header: string | undefined, token: string): boolean {
  const sent = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Times every request of the app, and with METRICS_TOKEN serves GET /metrics: without the token
 * a request is answered 401 (a problem document, `unauthenticated`). The route's existence is no
 * secret, the token is; a scraper set up wrong is told so. Without METRICS_TOKEN, /metrics is any
 * unknown path of the HTTP port.
 */
export function registerMetrics(app: FastifyInstance, deps: { config: Config; db: Db }): void {
  observeRequests(app);
  const token = deps.config.metricsToken;
  if (!token) return;
  startProcessMetrics();
  const stopReporting = reportJobQueues(deps.db);
  app.addHook('onClose', async () => stopReporting());
  app.get(
    '/metrics',
    // no session: outside /api the auth hook does not run; the bearer token is checked here instead
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!bearsToken(request.headers.authorization, token))
        throw new AppError(
          'unauthenticated',
          'The metrics need the bearer token of METRICS_TOKEN.',
          undefined,
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
      reply.header('cache-control', 'no-store').type(metricsRegistry.contentType);
      return metricsRegistry.metrics();
    },
  );
}

/**
 * METRICS_PORT: a listener of its own answering GET /metrics without a token, 404 to anything
 * else. For the server and for `npm run worker`, which has no HTTP port otherwise. A port already
 * taken is a ConfigError, which the process prints as one line.
 */
/** The METRICS_PORT listener of a server or worker process when the variable is set, else null. */
export function metricsListenerOf(
  config: { metricsPort: number | null; host: string },
  db: Db,
): Promise<{ port: number; close(): Promise<void> } | null> {
  return config.metricsPort === null
    ? Promise.resolve(null)
    : startMetricsServer({ port: config.metricsPort, host: config.host, db });
}

export async function startMetricsServer(options: {
  port: number;
  host: string;
  db: Db;
}): Promise<{ port: number; close(): Promise<void> }> {
  startProcessMetrics();
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        response
          .writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : text);
      },
      (error: Error) => {
        console.error(`metrics: ${error.message}`);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new ConfigError(
              `the metrics port ${options.port} is already in use on ${options.host} (another Reprise process?). Give each process its own METRICS_PORT.`,
            )
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const stopReporting = reportJobQueues(options.db);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        stopReporting();
        server.close(() => resolve());
        // a scraper's keep-alive connection would hold close() open
        server.closeIdleConnections();
      }),
  };
}
