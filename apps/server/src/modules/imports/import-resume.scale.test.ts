import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { copyOfTemplate } from '../../../test/template-copy';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test/test-keys';
import { spawnWorker, until } from '../../../test/worker-process';
import { loadConfig } from '../../platform/config';
import { type DatabaseHandle, openDatabase } from '../../platform/db';
import { processDeps } from '../../platform/deps';
import { startJobs } from '../../platform/jobs';
import { systemContext, transact } from '../../platform/request-context';
import { createKeyring, parseKeys } from '../../platform/secrets';
import { DEMO } from '../../seed/demo-ids';
import { resumeStalledImports } from './import-runner';
import { startImport } from './import-start';

/**
 * kill -9 of the worker in the middle of a 100,000-line import (issue 15): the batches it
 * committed stay, the one it was writing rolls back, and the import resumes from its saved
 * position once its lease ran out, ending with every line counted once and no product twice.
 * Several processes on one database: PostgreSQL only (PGlite admits one process per data
 * directory), as in worker-main.int.test.ts.
 */

const LINES = 100_000;

/** 100,000 new products of Demo Retail's catalogue, each its own reference. */
function* productLines(run: string): Generator<string> {
  yield 'reference;name;brand;category_identifier;status;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e\n';
  for (let i = 1; i <= LINES; i++)
    yield `KILL-${run}-${i};Killed import product ${i};Kill;smartphones-apple;draft;300;270.50;230;180;120;50\n`;
}

// several processes on one database: PostgreSQL only (the scale project runs on TEST_DATABASE_URL)
describe('an import whose worker is killed (kill -9)', () => {
  it('resumes from its last committed batch and ends with the right counts and no duplicate', async () => {
    const { databaseUrl, drop } = await copyOfTemplate(`reprise_test_${process.pid}_import_kill`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-import-kill-'));
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    let handle: DatabaseHandle | undefined;
    const workers: ReturnType<typeof spawnWorker>[] = [];
    try {
      handle = await openDatabase({ databaseUrl });
      const db = handle.db;
      const jobs = await startJobs(handle.pool, { maintenance: false });
      const deps = processDeps({
        db,
        config: loadConfig({ ...process.env, ...env }),
        jobs,
        keyring: createKeyring(parseKeys(TEST_DATA_ENCRYPTION_KEY)),
      });
      const ctx = systemContext(deps, { kind: 'all' });
      const run = String(Date.now());
      const stored = await deps.storage.putStream('imports', 'csv', Readable.from(productLines(run)));
      // queued while no worker runs, as the upload route queues it
      const importId = await transact(ctx, (tx) =>
        startImport(tx, {
          accountId: DEMO.accounts.demoRetail,
          sourceAccountId: DEMO.accounts.demoRetail,
          origin: 'upload',
          content: 'products',
          strategy: 'generic',
          fileKey: stored.key,
          fileName: 'kill.csv',
          fileFormat: 'csv',
          fileSize: stored.size,
          parentCategoryIds: [],
          suffix: '',
          createdBy: null,
        }),
      );
      const state = async () =>
        (
          await sql<{ status: string; position: number; lines_found: number; lines_inserted: number }>`
              SELECT status, position, lines_found, lines_inserted FROM imports WHERE id = ${importId}`.execute(
            db,
          )
        ).rows[0];
      const products = async () =>
        (
          await sql<{ rows: number; references: number }>`
              SELECT count(*)::int AS rows, count(DISTINCT reference)::int AS references FROM products
              WHERE account_id = ${DEMO.accounts.demoRetail} AND reference LIKE ${`KILL-${run}-%`}`.execute(
            db,
          )
        ).rows[0];

      // the first worker commits a few batches, then dies without a word (kill -9)
      const first = spawnWorker(env);
      workers.push(first);
      await until(first.output, async () => ((await state())?.position ?? 0) >= 6_000, 90_000);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const killed = await state();
      expect(killed?.status).toBe('in_progress');
      expect(killed?.position).toBeLessThan(LINES);
      // what it left: whole batches only (the one being written rolled back), each counted once
      expect(killed?.position && killed.position % 2000).toBe(0);
      expect(await products()).toEqual({ rows: killed?.position, references: killed?.position });
      expect(killed?.lines_inserted).toBe(killed?.position);

      // its lease (IMPORT_LEASE_SECONDS) runs out; the minute tick sends the import again
      await sql`UPDATE imports SET lease_until = now() - interval '1 second' WHERE id = ${importId}`.execute(
        db,
      );
      expect(await resumeStalledImports(ctx)).toBe(1);
      await jobs.stop();

      const second = spawnWorker(env);
      workers.push(second);
      await until(second.output, async () => (await state())?.status !== 'in_progress', 240_000);
      expect(await state()).toEqual({
        status: 'success',
        position: LINES,
        lines_found: LINES,
        lines_inserted: LINES,
      });
      expect(await products()).toEqual({ rows: LINES, references: LINES });
      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      for (const w of workers)
        if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await handle?.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 420_000);
});
