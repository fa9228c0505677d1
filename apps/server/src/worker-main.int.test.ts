import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../test/smtp-peer';
import { copyOfTemplate } from '../test/template-copy';
import { spawnWorker, until } from '../test/worker-process';
import { type DatabaseHandle, openDatabase } from './platform/db';
import { startJobs } from './platform/jobs';
import { queueMail } from './platform/mail';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm run worker` on a data directory of its own. */
function startWorker(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-worker-'));
  return {
    ...spawnWorker({ DATA_DIR: dataDir, ...env }),
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A port nobody listens on (one the system just gave and took back). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('npm run worker', () => {
  it('refuses to start without DATABASE_URL, since the embedded database admits one process', async () => {
    const worker = startWorker({});
    try {
      expect(await worker.exited).toEqual({ code: 1, signal: null });
      expect(worker.output()).toMatch(/Reprise worker cannot start: the worker needs DATABASE_URL/);
    } finally {
      worker.cleanUp();
    }
  });
});

// several processes on one database: PostgreSQL only (PGlite admits one process per data directory)
if (process.env.TEST_DB === 'postgres') {
  describe('a job and the worker process', () => {
    it('survives kill -9 of the worker and is delivered exactly once after a restart', async () => {
      const { databaseUrl, drop } = await copyOfTemplate(`reprise_test_${process.pid}_worker`);
      let handle: DatabaseHandle | undefined;
      const workers: ReturnType<typeof startWorker>[] = [];
      const smtp = await startSmtpPeer();
      try {
        handle = await openDatabase({ databaseUrl });
        const db = handle.db;
        // enqueued while no worker runs: the job waits in the database
        const jobs = await startJobs(handle.pool, { maintenance: false });
        const to = 'survivor@worker.test';
        await db
          .transaction()
          .execute((trx) => queueMail(jobs, trx, { to, subject: 'Survives kill -9', text: 'once' }));
        await jobs.stop();
        const job = async () =>
          (
            await sql<{ state: string; retry_count: number }>`
              SELECT state, retry_count FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${to}`.execute(
              db,
            )
          ).rows[0];

        // the first worker finds SMTP unreachable (a port nobody listens on): the run fails
        const closedPort = await freePort();
        // both workers poll every half second: the proof that nothing is sent twice waits two polls
        const polling = { JOB_POLLING_SECONDS: '0.5' };
        const first = startWorker({
          DATABASE_URL: databaseUrl,
          SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
          ...polling,
        });
        workers.push(first);
        await until(first.output, async () => (await job())?.state === 'retry', 20_000);
        first.child.kill('SIGKILL');
        expect((await first.exited).signal).toBe('SIGKILL');
        expect(smtp.mails).toEqual([]);

        // restarted with SMTP up, a worker runs the job left behind by the killed one
        const second = startWorker({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, ...polling });
        workers.push(second);
        await smtp.waitFor(to, 40_000);
        await until(second.output, async () => (await job())?.state === 'completed', 5_000);
        // two polling intervals more (and a margin): nothing sends it again
        await sleep(1_500);
        expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);

        second.child.kill('SIGTERM');
        expect(await second.exited).toEqual({ code: 0, signal: null });
      } finally {
        for (const w of workers) {
          if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
          w.cleanUp();
        }
        await smtp.close();
        await handle?.close();
        await drop();
      }
    }, 60_000);

    it('on SIGTERM finishes the job it is running, takes no other, and exits 0', async () => {
      const { databaseUrl, drop } = await copyOfTemplate(`reprise_test_${process.pid}_worker_term`);
      let handle: DatabaseHandle | undefined;
      let worker: ReturnType<typeof startWorker> | undefined;
      // the SMTP server answers each mail 2 s after receiving it: the job is in flight meanwhile
      const smtp = await startSmtpPeer({ delayMs: 2000 });
      try {
        handle = await openDatabase({ databaseUrl });
        const db = handle.db;
        const jobs = await startJobs(handle.pool, { maintenance: false });
        const to = 'slow@worker.test';
        await db
          .transaction()
          .execute((trx) => queueMail(jobs, trx, { to, subject: 'Finished before the stop', text: 'once' }));
        const states = async () =>
          (
            await sql<{ state: string }>`
              SELECT state FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${to}`.execute(db)
          ).rows.map((r) => r.state);

        worker = startWorker({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, JOB_POLLING_SECONDS: '0.5' });
        const running = worker;
        await until(running.output, async () => smtp.receiving() === 1, 20_000);
        expect(await states()).toEqual(['active']);
        const signalled = Date.now();
        running.child.kill('SIGTERM');
        // sent after the signal: the stopping worker leaves it for another
        await db
          .transaction()
          .execute((trx) =>
            queueMail(jobs, trx, { to: 'later@worker.test', subject: 'Later', text: 'later' }),
          );
        await jobs.stop();
        expect(await running.exited).toEqual({ code: 0, signal: null });
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
        expect(await states()).toEqual(['completed']);
        expect(smtp.mails.map((m) => m.to)).toEqual([[to]]);
        expect(running.output()).toMatch(/SIGTERM received: stopping within 25 s/);
      } finally {
        if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
        worker?.cleanUp();
        await smtp.close();
        await handle?.close();
        await drop();
      }
    }, 60_000);

    it('serves its metrics on METRICS_PORT, without a token: the queues it works, its process', async () => {
      const { databaseUrl, drop } = await copyOfTemplate(`reprise_test_${process.pid}_worker_metrics`);
      const port = await freePort();
      const worker = startWorker({
        DATABASE_URL: databaseUrl,
        METRICS_PORT: String(port),
        HOST: '127.0.0.1',
      });
      try {
        let text = '';
        await until(
          worker.output,
          async () => {
            const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
            text = res?.status === 200 ? await res.text() : '';
            // the listener opens before the jobs start; the line that names it comes once they run
            return text !== '' && worker.output().includes('Reprise worker is running the jobs');
          },
          30_000,
        );
        expect(text).toMatch(/^reprise_job_queue_jobs\{queue="mail",state="ready"\} \d+$/m);
        expect(text).toMatch(/^reprise_db_pool_connections \d+$/m);
        expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
        expect(worker.output()).toContain(`metrics on port ${port}`);
        worker.child.kill('SIGTERM');
        expect(await worker.exited).toEqual({ code: 0, signal: null });
      } finally {
        if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
        worker.cleanUp();
        await drop();
      }
    }, 60_000);
  });
}
