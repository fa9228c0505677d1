import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sortKey } from '../apps/server/src/modules/catalog/catalog-text';
import { derivedColumns } from '../apps/server/src/modules/catalog/products/products.mapper';
import type { NewProduct } from '../apps/server/src/modules/catalog/products/products-bulk.repository';
import { IMPORT_COLUMNS } from '../apps/server/src/modules/imports/import-columns';
import { ean13, productRow, productTemplates } from '../apps/server/src/seed/catalog-generate';

/**
 * The products of the import bench: the i-th line of the file and the row the import writes for
 * it, from the same generator (the demo catalogue's models, as `npm run seed:catalog` makes
 * them), so the raw COPY baseline writes exactly the values the import does.
 */

const templates = productTemplates();
const EDITIONS = [
  '',
  'Reconditionné',
  'Double SIM',
  'Édition limitée',
  'Pack accessoires',
  'Import',
  'Vitrine',
];

/** The demo categories the generated products go into (apps/server/src/seed/catalog.ts). */
export const benchCategoryIdentifiers = (): string[] => [...new Set(templates.map((t) => t.brandCategory))];

export interface CategoryFacts {
  id: string;
  label: string;
}

/**
 * The i-th product as the import writes it (generic strategy: matched by reference, unique per
 * line). `categories` maps the demo category identifiers to their rows; `id` the new row's id.
 */
export function benchProduct(
  i: number,
  accountId: string,
  categories: ReadonlyMap<string, CategoryFacts>,
  id: string = randomUUID(),
): NewProduct & { category_identifier: string } {
  const t = templates[i % templates.length] as (typeof templates)[number];
  const series = Math.floor(i / templates.length) + 1;
  const category = categories.get(t.brandCategory);
  if (!category) throw new Error(`no category ${t.brandCategory} in the catalogue: seed the demo data first`);
  const name = [t.name, EDITIONS[series % EDITIONS.length], `#${series}`].filter(Boolean).join(' ');
  // prefix 29: in-house EAN-13s, apart from the demo's and seed:catalog's
  const ean = ean13(`29${String(i).padStart(10, '0')}`);
  const row = productRow(t, { id, accountId, category, draft: i % 10 === 9, name, ean });
  const reference = `${t.reference}-${series}`;
  return {
    ...row,
    reference,
    ...(derivedColumns(
      { name, brand: row.brand, model: row.model, eanCode: ean, reference },
      sortKey(category.label),
    ) as Pick<NewProduct, 'sort_name' | 'sort_brand' | 'sort_category' | 'filter_text'>),
    category_identifier: t.brandCategory,
  };
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The product's line of the import file, in the columns of IMPORT_COLUMNS.products. */
function csvLine(p: NewProduct & { category_identifier: string }): string {
  const cells: Record<(typeof IMPORT_COLUMNS.products)[number], string> = {
    id: '',
    reference: p.reference ?? '',
    ean_code: p.ean_code ?? '',
    name: p.name,
    brand: p.brand ?? '',
    model: p.model ?? '',
    category_identifier: p.category_identifier,
    secondary_category_identifiers: '',
    status: p.status,
    price_functional: euros(p.price_functional),
    price_grade_a: euros(p.price_grade_a),
    price_grade_b: euros(p.price_grade_b),
    price_grade_c: euros(p.price_grade_c),
    price_grade_d: euros(p.price_grade_d),
    price_grade_e: euros(p.price_grade_e),
    buyback_zero_not_allowed: String(p.buyback_zero_not_allowed),
    is_collecting_imei: String(p.is_collecting_imei),
    tac_codes: p.tac_codes.join('|'),
    comment_for_seller: p.comment_for_seller ?? '',
    length: p.length === null ? '' : String(p.length),
    width: p.width === null ? '' : String(p.width),
    height: p.height === null ? '' : String(p.height),
    weight: p.weight === null ? '' : String(p.weight),
    buyer_reference: p.buyer_reference ?? '',
  };
  return `${IMPORT_COLUMNS.products.map((c) => csvCell(cells[c])).join(',')}\n`;
}

/** Placeholder categories for the file alone: a line names its category by identifier. */
const byIdentifier = new Map(
  benchCategoryIdentifiers().map((identifier) => [identifier, { id: '', label: identifier }]),
);

/**
 * Writes the products file of `lines` lines (header first) to `file`, streamed: a 1,000,000-line
 * file never sits in memory. Answers its size in bytes.
 */
export async function writeProductsCsv(file: string, lines: number): Promise<number> {
  let bytes = 0;
  async function* chunks() {
    const header = `${IMPORT_COLUMNS.products.join(',')}\n`;
    bytes += Buffer.byteLength(header);
    yield header;
    for (let from = 0; from < lines; from += 1000) {
      let chunk = '';
      for (let i = from; i < Math.min(lines, from + 1000); i += 1)
        chunk += csvLine(benchProduct(i, '', byIdentifier, ''));
      bytes += Buffer.byteLength(chunk);
      yield chunk;
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
  return bytes;
}

/** The columns of `products` the raw COPY writes: every one the import gives (the rest default). */
export const COPY_COLUMNS = [
  'id',
  'account_id',
  'main_category_id',
  'secondary_category_ids',
  'name',
  'brand',
  'model',
  'reference',
  'ean_code',
  'tac_codes',
  'is_collecting_imei',
  'comment_for_seller',
  'status',
  'price_functional',
  'price_grade_a',
  'price_grade_b',
  'price_grade_c',
  'price_grade_d',
  'price_grade_e',
  'buyback_zero_not_allowed',
  'length',
  'width',
  'height',
  'weight',
  'buyer_reference',
  'sort_name',
  'sort_brand',
  'sort_category',
  'filter_text',
] as const satisfies readonly (keyof NewProduct)[];

/** A value in COPY's text format: \N for null, backslash escapes, arrays as literals. */
function copyValue(value: string | number | boolean | null | string[]): string {
  if (value === null) return '\\N';
  if (Array.isArray(value))
    return copyValue(`{${value.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** The product's row in COPY's text format (COPY_COLUMNS, tab-separated). */
export const copyRow = (p: NewProduct): string => `${COPY_COLUMNS.map((c) => copyValue(p[c])).join('\t')}\n`;
