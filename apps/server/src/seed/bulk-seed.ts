import { sql } from 'kysely';
import { withIndexesRebuilt } from '../modules/catalog/catalog-bulk.repository';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { migrate } from '../platform/migrate';
import type { Trx } from '../platform/request-context';
import { loadKeyring } from '../platform/secrets';
import { isEmpty, seedDemo } from './demo';

/** From this many rows, the indexes of the tables written are built once at the end. */
const REBUILD_INDEXES_FROM = 10_000;

/**
 * What the bulk seed commands (seed-buybacks.cli.ts, seed-catalog.cli.ts) share: the configured
 * database (DATABASE_URL, else the PGlite in DATA_DIR) migrated and given the demo data when
 * empty, `load` run in one transaction, the tables vacuumed and analysed, the times printed.
 */
export async function seedInBulk(run: {
  /** How many rows `load` adds, and of what ("buybacks"). */
  total: number;
  what: string;
  /** The tables `load` writes: their indexes are rebuilt after a large load. */
  written: readonly string[];
  /** The tables analysed afterwards. */
  analysed: readonly string[];
  load: (trx: Trx) => Promise<void>;
}): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle.db);
    if (await isEmpty(handle.db))
      await seedDemo(
        handle.db,
        loadKeyring(config, (message) => console.log(message)),
      );
    const started = performance.now();
    await handle.db
      .transaction()
      .execute((trx) =>
        run.total >= REBUILD_INDEXES_FROM
          ? withIndexesRebuilt(trx, run.written, () => run.load(trx))
          : run.load(trx),
      );
    const inserted = performance.now();
    // fresh statistics and visibility maps: the planner picks the right indexes, counts scan indexes only
    for (const table of run.analysed) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(handle.db);
    const done = performance.now();
    console.log(
      `\n${run.total} ${run.what} added to Demo Retail in ${((inserted - started) / 1000).toFixed(1)} s` +
        ` (+ ${((done - inserted) / 1000).toFixed(1)} s VACUUM ANALYZE), ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}.`,
    );
  } finally {
    await handle.close();
  }
}
