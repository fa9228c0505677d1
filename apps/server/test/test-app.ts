import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';
import { type DatabaseHandle, openDatabase } from '../src/platform/db';
import type { AppDeps } from '../src/platform/deps';
import { type Jobs, startJobs } from '../src/platform/jobs';
import { createMailer } from '../src/platform/mail';
import { loadKeyring } from '../src/platform/secrets';
import { storageFor } from '../src/platform/storage';
import { DEMO } from '../src/seed/demo-ids';
import { startWorkers } from '../src/workers';
import { adminUrl, withDatabase } from './postgres';
import { startSmtpPeer } from './smtp-peer';
import { TEST_DATA_ENCRYPTION_KEY } from './test-keys';

export { DEMO };

export interface TestApp {
  app: App;
  db: DatabaseHandle['db'];
  /** The app's dependencies, to build request contexts for services in tests. */
  deps: AppDeps;
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  /** The job queue of the app, its workers running (mails are sent by them). */
  jobs: Jobs;
  /** Signs in a demo user, as an API client asking for a token, and answers the headers to send as them. */
  login(email: string, password?: string): Promise<{ authorization: string; user: Record<string, unknown> }>;
  /**
   * Another server process's view: a second app with its own pool on the same database. `env`
   * changes its configuration (its own DATA_DIR: another machine's disk).
   */
  secondApp(env?: Record<string, string>): Promise<App>;
  /**
   * Waits until the queue is drained: no job due now is waiting or running (a retry planned for
   * later, or a job scheduled in the future, does not count). What a test proves did not happen
   * (no mail, no second call) is checked after this, never after a fixed sleep.
   */
  jobsSettled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  reopen: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `reprise_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      handle,
      reopen: () => openDatabase({ databaseUrl: withDatabase(url, name) }),
      drop: async () => {
        const c = new pg.Client({ connectionString: adminUrl(url) });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]), extensions: { pg_trgm } });
  const handle = await openDatabase({ pglite });
  return { handle, reopen: () => openDatabase({ pglite }), drop: () => pglite.close() };
}

/**
 * The whole application on a fresh copy of the seeded demo database, with a real SMTP peer. Its
 * files are on disk in a temporary DATA_DIR, or in a bucket when `env` gives S3_BUCKET (test/s3-peer.ts).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { handle, reopen, drop } = await openTestDatabase();
  const extra: { app: App; handle: DatabaseHandle; jobs: Jobs }[] = [];
  const smtp = await startSmtpPeer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-test-'));
  const configWith = (more: Record<string, string>) =>
    loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: smtp.url,
      // the key the template's demo IBANs were encrypted with (global-setup.ts)
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      ...env,
      ...more,
    });
  const config = configWith({});
  const keyring = loadKeyring(config);
  // a short polling interval keeps the mail tests fast; maintenance is left to a running server
  const build = async (opened: DatabaseHandle, workers: boolean, config: Config) => {
    const jobs = await startJobs(opened.pool, { pollingIntervalSeconds: 0.5, maintenance: false });
    const deps: AppDeps = {
      db: opened.db,
      config,
      mailer: createMailer({
        smtpUrl: smtp.url,
        from: config.mailFrom,
        mailDir: config.mailDir,
        log: () => {},
      }),
      storage: storageFor(config),
      jobs,
      keyring,
    };
    const built = await buildApp(deps);
    if (workers) await startWorkers(deps);
    return { app: built, jobs, deps };
  };
  const { app, jobs, deps } = await build(handle, true, config);
  await app.ready();
  let address = 0;
  return {
    app,
    db: handle.db,
    deps,
    smtp,
    jobs,
    async login(email, password = DEMO.password) {
      // each login from its own address, so that address-based throttling never mixes tests
      address += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password, tokenRequested: true },
        remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}`,
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const user = res.json();
      return { authorization: `Bearer ${user.apiToken}`, user };
    },
    async jobsSettled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await sql<{ due: number }>`
          SELECT count(*)::int AS due FROM pgboss.job
          WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`.execute(
          handle.db,
        );
        if (rows[0]?.due === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0]?.due} jobs still due after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async secondApp(more = {}) {
      const second = await reopen();
      // the first app's workers run the jobs: on PGlite both pools share one session, where a
      // worker's poll could land inside the other pool's open transaction
      const other = await build(second, false, configWith(more));
      extra.push({ app: other.app, handle: second, jobs: other.jobs });
      return other.app;
    },
    async close() {
      for (const e of extra) {
        await e.app.close();
        await e.jobs.stop();
        await e.handle.close();
      }
      await app.close();
      await jobs.stop();
      await handle.close();
      await smtp.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
