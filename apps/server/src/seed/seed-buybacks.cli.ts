import { parseArgs } from 'node:util';
import { seedInBulk } from './bulk-seed';
import { insertBulkBuybacks } from './buybacks-bulk';

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

const TABLES = ['customers', 'buybacks', 'buyback_items', 'payments'];

await seedInBulk({
  total,
  what: 'buybacks',
  written: TABLES,
  analysed: TABLES,
  load: async (trx) => {
    await insertBulkBuybacks(trx, total, {
      chunk,
      progress: (done) => process.stdout.write(`\r${done} / ${total} buybacks`),
    });
  },
});
