import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { withIndexesRebuilt } from '../modules/catalog/catalog-bulk.repository';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { migrate } from '../platform/migrate';
import { loadKeyring } from '../platform/secrets';
import { insertBulkBuybacks } from './buybacks-bulk';
import { isEmpty, seedDemo } from './demo';

/**
 * `npm run seed:buybacks -- --buybacks 1000000`: adds N generated buybacks to Demo Retail in the
 * configured database (DATABASE_URL, else the PGlite in DATA_DIR), in one transaction: copies of
 * the demo buybacks spread over its stores, customers, statuses and three years, three in five
 * assigned to Demo Buyer and its warehouses (seed/buybacks-bulk.ts). From 10,000 buybacks the
 * indexes of the tables written are built once at the end.
 */
const { values } = parseArgs({
  options: { buybacks: { type: 'string', default: '1000000' }, chunk: { type: 'string', default: '50000' } },
});
const total = Number(values.buybacks);
const chunk = Number(values.chunk);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(chunk) || chunk < 1) {
  console.error('Usage: npm run seed:buybacks -- --buybacks <count> [--chunk <rows per statement>]');
  process.exit(2);
}

const REBUILD_INDEXES_FROM = 10_000;
const TABLES = ['customers', 'buybacks', 'buyback_items', 'payments'];

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
  await handle.db.transaction().execute(async (trx) => {
    const load = () =>
      insertBulkBuybacks(trx, total, {
        chunk,
        progress: (done) => process.stdout.write(`\r${done} / ${total} buybacks`),
      });
    await (total >= REBUILD_INDEXES_FROM ? withIndexesRebuilt(trx, TABLES, load) : load());
  });
  const inserted = performance.now();
  // fresh statistics and visibility maps: the planner picks the right indexes, counts scan indexes only
  for (const table of TABLES) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(handle.db);
  const done = performance.now();
  console.log(
    `\n${total} buybacks added to Demo Retail in ${((inserted - started) / 1000).toFixed(1)} s` +
      ` (+ ${((done - inserted) / 1000).toFixed(1)} s VACUUM ANALYZE), ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}.`,
  );
} finally {
  await handle.close();
}
