import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { withIndexesRebuilt } from '../modules/catalog/catalog-bulk.repository';
import { lockCatalogue } from '../modules/catalog/categories/categories.repository';
import { insertProducts, type NewProduct } from '../modules/catalog/products/products-bulk.repository';
import { writeDocuments } from '../modules/catalog/search/postgres-product-search';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { migrate } from '../platform/migrate';
import type { Trx } from '../platform/request-context';
import { loadKeyring } from '../platform/secrets';
import { recountCategories } from './catalog-counters';
import { ean13, productRow, productTemplates } from './catalog-generate';
import { isEmpty, seedDemo } from './demo';
import { DEMO } from './demo-ids';

/**
 * `npm run seed:catalog -- --products 100000`: adds N generated products to Demo Retail's
 * catalogue in the configured database (DATABASE_URL, else the PGlite in DATA_DIR), in one
 * transaction: bulk inserts (`INSERT … SELECT … FROM unnest(…)`, in chunks) and their search
 * documents written the same way. From 10,000 products the indexes are built once at the end.
 */
const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, chunk: { type: 'string', default: '5000' } },
});
const total = Number(values.products);
const chunkSize = Number(values.chunk);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(chunkSize) || chunkSize < 1) {
  console.error('Usage: npm run seed:catalog -- --products <count> [--chunk <rows per statement>]');
  process.exit(2);
}

const EDITIONS = [
  '',
  'Reconditionné',
  'Double SIM',
  'Édition limitée',
  'Pack accessoires',
  'Import',
  'Vitrine',
  'Grade Pro',
];
const REBUILD_INDEXES_FROM = 10_000;
const accountId = DEMO.accounts.demoRetail;
const templates = productTemplates();

/** The i-th generated product: a demo model, an edition and a series number, a restricted-circulation EAN. */
function generated(
  i: number,
  offset: number,
  categories: Map<string, { id: string; label: string }>,
): NewProduct {
  const t = templates[i % templates.length] as (typeof templates)[number];
  const series = Math.floor(i / templates.length) + 1;
  const category = categories.get(t.brandCategory);
  if (!category) throw new Error(`Demo Retail has no category ${t.brandCategory}: seed the demo data first.`);
  return productRow(t, {
    id: randomUUID(),
    accountId,
    category,
    draft: i % 10 === 9,
    name: [t.name, EDITIONS[series % EDITIONS.length], `#${series}`].filter(Boolean).join(' '),
    // prefix 2: valid EAN-13s reserved for in-house numbering, never a manufacturer's
    ean: ean13(`2${String(offset + i).padStart(11, '0')}`),
  });
}

async function load(trx: Trx): Promise<void> {
  await lockCatalogue(trx, accountId);
  const categories = await trx
    .selectFrom('categories')
    .select(['id', 'identifier', 'label'])
    .where('account_id', '=', accountId)
    .execute();
  const byIdentifier = new Map(categories.map((c) => [c.identifier, c]));
  const offset = Number(
    (
      await trx
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  for (let from = 0; from < total; from += chunkSize) {
    const rows: NewProduct[] = [];
    for (let i = from; i < Math.min(total, from + chunkSize); i += 1)
      rows.push(generated(i, offset, byIdentifier));
    await insertProducts(trx, rows);
    await writeDocuments(
      trx,
      rows.map((r) => r.id),
    );
    process.stdout.write(`\r${from + rows.length} / ${total} products`);
  }
  await recountCategories(trx, accountId);
}

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
      total >= REBUILD_INDEXES_FROM
        ? withIndexesRebuilt(trx, ['products', 'product_search_documents', 'product_search_words'], () =>
            load(trx),
          )
        : load(trx),
    );
  const inserted = performance.now();
  // fresh statistics and visibility maps: the planner picks the right indexes, counts scan indexes only
  for (const table of ['products', 'product_search_documents', 'product_search_words', 'categories'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(handle.db);
  const done = performance.now();
  console.log(
    `\n${total} products added to Demo Retail in ${((inserted - started) / 1000).toFixed(1)} s` +
      ` (+ ${((done - inserted) / 1000).toFixed(1)} s VACUUM ANALYZE), ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}.`,
  );
} finally {
  await handle.close();
}
