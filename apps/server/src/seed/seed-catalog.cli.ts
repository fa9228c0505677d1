import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { lockCatalogue } from '../modules/catalog/categories/categories.repository';
import { insertProducts, type NewProduct } from '../modules/catalog/products/products-bulk.repository';
import { writeDocuments } from '../modules/catalog/search/postgres-product-search';
import type { Trx } from '../platform/request-context';
import { seedInBulk } from './bulk-seed';
import { recountCategories } from './catalog-counters';
import { ean13, productRow, productTemplates } from './catalog-generate';
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

const WRITTEN = ['products', 'product_search_documents', 'product_search_words'];

await seedInBulk({ total, what: 'products', written: WRITTEN, analysed: [...WRITTEN, 'categories'], load });
