import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/metrics.md): one registry, filled as requests, database
 * connections, jobs, imports and exports happen. It is read at /metrics only where configured
 * (platform/metrics-endpoint.ts); the job queues' gauges are platform/job-metrics.ts.
 */
export const metricsRegistry = new Registry();

let processMetricsStarted = false;
/** Memory, CPU, event-loop delay, GC (prom-client's defaults): started once a process serves metrics. */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

// ---- HTTP requests

/** The route label of a request no route matched: a fixed value, so stray URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const httpRequestDuration = new Histogram({
  name: 'reprise_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template, method and status code.',
  labelNames: ['route', 'method', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** The route's template (`/api/products/:id`), never the URL: one series per route, not per id. */
function routeLabel(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/** Times every request of the app (its onResponse hook). */
export function observeRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        route: routeLabel(request),
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

// ---- database pool

const pools = new Set<pg.Pool>();
const sumOfPools = (count: (pool: pg.Pool) => number) => [...pools].reduce((sum, p) => sum + count(p), 0);

new Gauge({
  name: 'reprise_db_pool_connections',
  help: 'Connections the database pool holds open, idle or in use.',
  registers: [metricsRegistry],
  collect() {
    this.set(sumOfPools((p) => p.totalCount));
  },
});
new Gauge({
  name: 'reprise_db_pool_idle_connections',
  help: 'Open connections of the database pool waiting for a query.',
  registers: [metricsRegistry],
  collect() {
    this.set(sumOfPools((p) => p.idleCount));
  },
});
new Gauge({
  name: 'reprise_db_pool_in_use_connections',
  help: 'Connections of the database pool lent to a query or a transaction.',
  registers: [metricsRegistry],
  collect() {
    this.set(sumOfPools((p) => p.totalCount - p.idleCount));
  },
});
new Gauge({
  name: 'reprise_db_pool_waiting_clients',
  help: 'Requests for a connection waiting because every connection of the pool is in use.',
  registers: [metricsRegistry],
  collect() {
    this.set(sumOfPools((p) => p.waitingCount));
  },
});
new Gauge({
  name: 'reprise_db_pool_max_connections',
  help: 'The most connections the database pool opens.',
  registers: [metricsRegistry],
  collect() {
    this.set(sumOfPools((p) => p.options.max ?? 10));
  },
});
const poolAcquire = new Histogram({
  name: 'reprise_db_pool_acquire_seconds',
  help: 'Time waited for a connection of the database pool (an idle one, a new one, or one released).',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

type Connect = (
  callback?: (error: Error | undefined, client: pg.PoolClient, done: () => void) => void,
) => unknown;

/**
 * Reports the pool in the pool gauges and times each wait for one of its connections (Kysely,
 * pg-boss and `pool.query` all go through `connect`). Answers the function that stops reporting it.
 */
export function instrumentPool(pool: pg.Pool): () => void {
  pools.add(pool);
  const connect = pool.connect.bind(pool) as Connect;
  const timed: Connect = (callback) => {
    const waited = poolAcquire.startTimer();
    if (callback)
      return connect((error, client, done) => {
        waited();
        callback(error, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).finally(waited);
  };
  pool.connect = timed as typeof pool.connect;
  return () => {
    pools.delete(pool);
  };
}

// ---- jobs, imports, exports (counted where they happen)

/** Failed job runs in this process: `retried` (tried again later) or `dead_letter` (failed for good). */
export const jobFailures = new Counter({
  name: 'reprise_job_failures_total',
  help: 'Failed job runs in this process, by queue and outcome (retried, dead_letter).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Lines of import files committed, by content (products, categories, diagnostic): rate() is lines/s. */
export const importLines = new Counter({
  name: 'reprise_import_lines_total',
  help: 'Lines of import files written (each batch counted once committed), by kind of content.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Lines written to export files, by type (products, categories, diagnostic, buybacks). */
export const exportLines = new Counter({
  name: 'reprise_export_lines_total',
  help: 'Lines written to export files, by kind of export.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const RUN_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];
/** How long an import run took, from taking its lease to its end (a resumed run counts its own part). */
export const importRunDuration = new Histogram({
  name: 'reprise_import_run_duration_seconds',
  help: 'Duration of the import runs that reached their end, by kind of content.',
  labelNames: ['kind'] as const,
  buckets: RUN_BUCKETS,
  registers: [metricsRegistry],
});
/** How long an export took to write its file. */
export const exportRunDuration = new Histogram({
  name: 'reprise_export_run_duration_seconds',
  help: 'Duration of the exports written to the end, by kind of export.',
  labelNames: ['kind'] as const,
  buckets: RUN_BUCKETS,
  registers: [metricsRegistry],
});
