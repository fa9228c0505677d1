import type { ExportResponse, ImportResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit } from '../../test/api-kit';
import { DEMO } from '../../test/test-app';
import { buildApp } from '../app';
import { ConfigError } from './config';
import { JOB_QUEUE_METRICS } from './job-metrics';
import { startMetricsServer } from './metrics-endpoint';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const RETAIL = DEMO.accounts.demoRetail;

let k: ApiKit;
let interval: number;
beforeAll(async () => {
  k = await startApiKit({ METRICS_TOKEN: TOKEN });
  // every scrape of this file reads the queues anew (in service, at most once per 10 s)
  interval = JOB_QUEUE_METRICS.minIntervalMs;
  JOB_QUEUE_METRICS.minIntervalMs = 0;
});
afterAll(async () => {
  JOB_QUEUE_METRICS.minIntervalMs = interval;
  await k.close();
});

const scrape = async () => {
  const res = await k.t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Polls a resource as its page does until its job has ended it (status no longer in_progress). */
async function ended<T extends { status: string }>(url: string): Promise<T> {
  for (let i = 0; i < 150; i += 1) {
    const res = await k.get('rmu', url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as T;
    if (body.status !== 'in_progress') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not end`);
}

/** Uploads a CSV of products as the import screen does (a module's test kit is its own: not imported). */
async function importProducts(lines: string[]): Promise<ImportResponse> {
  const boundary = '----metrics-import';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = [
    field('content', 'products'),
    field('strategy', 'generic'),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    `${lines.join('\n')}\n\r\n--${boundary}--\r\n`,
  ].join('');
  const res = await k.post('rmu', `/api/accounts/${RETAIL}/imports`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ended<ImportResponse>(`/api/imports/${(res.json() as ImportResponse).id}`);
}

describe('where the metrics are served', () => {
  it('no /metrics at all without METRICS_TOKEN: the HTTP port answers it as any unknown path', async () => {
    const config = { ...k.t.deps.config, metricsToken: undefined, webDistDir: '/nonexistent' };
    const bare = await buildApp({ ...k.t.deps, config });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await bare.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
    } finally {
      await bare.close();
    }
  });

  it('refuses a request without the token, with another token or another scheme: 401, nothing of the metrics', async () => {
    for (const authorization of [
      undefined,
      'Bearer not-the-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await k.t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
      expect(res.body).not.toContain('reprise_');
    }
  });

  it('answers the Prometheus text with the token, kept out of the API documentation', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE reprise_http_request_duration_seconds histogram');
    // the process's own: memory, event-loop delay
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(res.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    const docs = await k.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
  });

  it('METRICS_PORT: a listener of its own serves /metrics without a token, and nothing else', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', db: k.t.db });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await res.text();
      expect(sample(text, 'reprise_db_pool_connections')).toBeGreaterThanOrEqual(0);
      expect(
        sample(text, 'reprise_job_queue_jobs', { queue: 'mail', state: 'ready' }),
      ).toBeGreaterThanOrEqual(0);
      for (const [path, method] of [
        ['/', 'GET'],
        ['/api/health', 'GET'],
        ['/metrics', 'POST'],
      ] as const)
        expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(404);
      // a second process on the same port is told which variable to change, in one line
      await expect(startMetricsServer({ port: server.port, host: '127.0.0.1', db: k.t.db })).rejects.toThrow(
        ConfigError,
      );
    } finally {
      await server.close();
    }
  });
});

describe('what the metrics tell', () => {
  it('times requests by route template, method and status, never by the raw URL', async () => {
    const product = await k.t.db
      .selectFrom('products')
      .select('id')
      .where('account_id', '=', RETAIL)
      .executeTakeFirstOrThrow();
    const labels = { route: '/api/products/:id', method: 'GET', status_code: '200' };
    const before = sample(await scrape(), 'reprise_http_request_duration_seconds_count', labels) ?? 0;
    expect((await k.get('rmu', `/api/products/${product.id}`)).statusCode).toBe(200);
    // no route: a stranger's probe of the API (refused before the not-found answer), a path of
    // nothing; not a GET, which the web app's catch-all route answers once the web app is built
    expect(
      (await k.t.app.inject({ method: 'DELETE', url: `/api/no-such-route/${product.id}` })).statusCode,
    ).toBe(401);
    expect((await k.t.app.inject({ method: 'POST', url: `/no-such-page/${product.id}` })).statusCode).toBe(
      404,
    );
    const text = await scrape();
    expect(sample(text, 'reprise_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(
      sample(text, 'reprise_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(before + 1);
    for (const [method, status] of [
      ['DELETE', '401'],
      ['POST', '404'],
    ] as const)
      expect(
        sample(text, 'reprise_http_request_duration_seconds_count', {
          route: 'unmatched',
          method,
          status_code: status,
        }),
      ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(product.id);
  });

  it('reports the database pool: its connections, its waiting clients, the waits for a connection', async () => {
    const text = await scrape();
    const total = sample(text, 'reprise_db_pool_connections') as number;
    const idle = sample(text, 'reprise_db_pool_idle_connections') as number;
    const inUse = sample(text, 'reprise_db_pool_in_use_connections') as number;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle + inUse).toBe(total);
    expect(sample(text, 'reprise_db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'reprise_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'reprise_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
  });

  it('reports each queue’s depth from the database: a job sent shows in its queue', async () => {
    const labels = { queue: 'litigation-reminder', state: 'deferred' };
    const before = sample(await scrape(), 'reprise_job_queue_jobs', labels);
    expect(before).toBeGreaterThanOrEqual(0);
    await k.t.db
      .transaction()
      .execute((trx) =>
        k.t.jobs.send(
          trx,
          'litigation-reminder',
          { litigationId: 'metrics-test' },
          { startAfter: new Date(Date.now() + 3600_000) },
        ),
      );
    const text = await scrape();
    expect(sample(text, 'reprise_job_queue_jobs', labels)).toBe((before as number) + 1);
    // every queue has its series, 0 when empty, so that an alert can tell "none" from "unknown"
    for (const queue of ['mail', 'import', 'export', 'weekly-statistics']) {
      for (const state of ['ready', 'deferred', 'active'])
        expect(
          sample(text, 'reprise_job_queue_jobs', { queue, state }),
          `${queue} ${state}`,
        ).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'reprise_job_queue_oldest_ready_seconds', { queue })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'reprise_job_queue_dead_letters', { queue })).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts the lines an import wrote, by kind, so that rate() gives lines per second', async () => {
    const labels = { kind: 'products' };
    const before = sample(await scrape(), 'reprise_import_lines_total', labels) ?? 0;
    const runsBefore = sample(await scrape(), 'reprise_import_run_duration_seconds_count', labels) ?? 0;
    const done = await importProducts([
      'reference;ean_code;name;brand;category_identifier;status;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e',
      'METRICS-1;;Metrics one;Acme;smartphones-apple;draft;300;270;230;180;120;50',
      'METRICS-2;;Metrics two;Acme;smartphones-apple;draft;300;270;230;180;120;50',
      'METRICS-3;;Metrics three;Acme;smartphones-apple;draft;300;270;230;180;120;50',
    ]);
    expect(done.status, JSON.stringify(done)).toBe('success');
    const text = await scrape();
    expect(sample(text, 'reprise_import_lines_total', labels)).toBe(before + 3);
    expect(sample(text, 'reprise_import_run_duration_seconds_count', labels)).toBe(runsBefore + 1);
  });

  it('counts the lines an export wrote, by kind', async () => {
    const labels = { kind: 'categories' };
    const before = sample(await scrape(), 'reprise_export_lines_total', labels) ?? 0;
    const started = await k.post('rmu', '/api/categories/exports', { account_id: RETAIL });
    expect(started.statusCode, started.body).toBe(202);
    const done = await ended<ExportResponse>(
      `/api/categories/exports/${(started.json() as ExportResponse).id}`,
    );
    expect(done.status).toBe('success');
    const text = await scrape();
    expect(sample(text, 'reprise_export_lines_total', labels)).toBe(before + (done.entriesCount as number));
    expect(sample(text, 'reprise_export_run_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
  });
});
