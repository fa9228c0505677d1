import { randomUUID } from 'node:crypto';
import { PRODUCT_COMMENT_MAX, PRODUCT_STATUSES } from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import {
  adjustCategoryCounts,
  type CountDelta,
  derivedColumns,
  insertProducts,
  type NewProduct,
  PRODUCT_PRICE_COLUMNS,
  writeDocuments,
} from '../catalog';
import type { CatalogueCategories, ContentImporter, ImportSettings } from './import-catalogue';
import { lineCategory, SeenKeys } from './import-catalogue';
import type { FileLine } from './import-file';
import { invalidLine, LineCells, LineFaults, withSuffix } from './import-lines';
import * as writes from './import-writes.repository';
import type { IgnoredLine } from './imports.repository';

/**
 * Product lines (docs/imports.md): matched by reference (`generic`), EAN code (`product`) or id
 * (`uuid`); a matched product takes the columns the file has, a new one needs a name, a main
 * category and the six prices.
 */

/** File column → products column, and the type its update array travels as. */
const UPDATED: Record<string, [string, writes.ColumnType]> = {
  reference: ['reference', 'text'],
  ean_code: ['ean_code', 'text'],
  name: ['name', 'text'],
  brand: ['brand', 'text'],
  model: ['model', 'text'],
  category_identifier: ['main_category_id', 'uuid'],
  secondary_category_identifiers: ['secondary_category_ids', 'text'],
  status: ['status', 'text'],
  price_functional: ['price_functional', 'int'],
  price_grade_a: ['price_grade_a', 'int'],
  price_grade_b: ['price_grade_b', 'int'],
  price_grade_c: ['price_grade_c', 'int'],
  price_grade_d: ['price_grade_d', 'int'],
  price_grade_e: ['price_grade_e', 'int'],
  buyback_zero_not_allowed: ['buyback_zero_not_allowed', 'boolean'],
  is_collecting_imei: ['is_collecting_imei', 'boolean'],
  tac_codes: ['tac_codes', 'text'],
  comment_for_seller: ['comment_for_seller', 'text'],
  length: ['length', 'int'],
  width: ['width', 'int'],
  height: ['height', 'int'],
  weight: ['weight', 'int'],
  buyer_reference: ['buyer_reference', 'text'],
};

const DERIVED: Record<string, writes.ColumnType> = {
  sort_name: 'text',
  sort_brand: 'text',
  sort_category: 'text',
  filter_text: 'text',
};

interface ProductLine {
  line: number;
  faults: LineFaults;
  cells: LineCells;
  /** The strategy's key (reference, EAN or id); null matches nothing. */
  key: string | null;
  values: Record<string, unknown>;
}

export function productImporter(settings: ImportSettings, categories: CatalogueCategories): ContentImporter {
  const { columns, suffix, accountId } = settings;
  const { strategy, parent_category_ids: parentIds } = settings.row;
  const keyColumn = strategy === 'generic' ? 'reference' : strategy === 'product' ? 'ean_code' : 'id';
  const seen = new SeenKeys();

  const keyOf = (cells: LineCells): string | null => {
    if (keyColumn === 'reference') {
      const value = cells.raw('reference');
      return value === '' ? null : withSuffix(value, suffix);
    }
    if (keyColumn === 'ean_code') return cells.ean('ean_code');
    return cells.uuid('id');
  };

  /** Reads a line's cells; only the columns the file has are in `values`. */
  function read(line: Extract<FileLine, { cells: string[] }>): ProductLine {
    const faults = new LineFaults(line.line);
    const cells = new LineCells(columns, line.cells, faults);
    const values: Record<string, unknown> = {};
    const has = (c: string) => columns.has(c);
    if (has('reference')) {
      const reference = cells.text('reference', { max: 255 });
      values.reference = reference === null ? null : withSuffix(reference, suffix);
      if (typeof values.reference === 'string' && values.reference.length > 255)
        faults.add('too_long', 'reference', 'At most 255 characters.');
    }
    if (has('ean_code')) values.ean_code = cells.ean('ean_code');
    if (has('name')) values.name = cells.text('name', { min: 2, max: 255, required: true });
    if (has('brand')) values.brand = cells.text('brand');
    if (has('model')) values.model = cells.text('model');
    if (has('category_identifier')) {
      const id = lineCategory(categories, cells, 'category_identifier', suffix, parentIds);
      if (id) values.main_category_id = id;
    }
    if (has('secondary_category_identifiers')) {
      const identifiers = cells.identifiers('secondary_category_identifiers', suffix) ?? [];
      const ids: string[] = [];
      for (const identifier of identifiers) {
        const category = categories.byIdentifierOf(identifier);
        if (category) ids.push(category.id);
        else
          faults.add(
            'unknown_category',
            'secondary_category_identifiers',
            `No category "${identifier}" in the catalogue.`,
          );
      }
      if (ids.length > 50) faults.add('too_long', 'secondary_category_identifiers', 'At most 50 categories.');
      values.secondary_category_ids = ids;
    }
    if (has('status')) values.status = cells.oneOf('status', PRODUCT_STATUSES) ?? 'draft';
    for (const price of PRODUCT_PRICE_COLUMNS)
      if (has(price)) values[price] = cells.price(price, { required: true });
    if (has('buyback_zero_not_allowed'))
      values.buyback_zero_not_allowed = cells.boolean('buyback_zero_not_allowed') ?? false;
    if (has('is_collecting_imei')) values.is_collecting_imei = cells.boolean('is_collecting_imei') ?? false;
    if (has('tac_codes')) values.tac_codes = cells.tacCodes('tac_codes') ?? [];
    if (has('comment_for_seller'))
      values.comment_for_seller = cells.description('comment_for_seller', PRODUCT_COMMENT_MAX, 'plain');
    for (const measure of ['length', 'width', 'height', 'weight'] as const)
      if (has(measure)) values[measure] = cells.integer(measure);
    if (has('buyer_reference')) values.buyer_reference = cells.text('buyer_reference');
    const key =
      keyColumn === 'id' ? cells.uuid('id') : ((values[keyColumn] as string | null | undefined) ?? null);
    if (seen.seen(key === null ? null : key.toLowerCase()))
      faults.add('duplicate_in_file', keyColumn, `An earlier line of the file has the same ${keyColumn}.`);
    return { line: line.line, faults, cells, key, values };
  }

  /** A new product needs a name, a main category and the six prices. */
  function checkInsert(p: ProductLine): void {
    const required = ['name', 'category_identifier', ...PRODUCT_PRICE_COLUMNS];
    for (const column of required) {
      const field = column === 'category_identifier' ? 'main_category_id' : column;
      if (!columns.has(column) && p.values[field] === undefined)
        p.faults.add('required', column, 'A new product needs this column.');
    }
  }

  function newProduct(p: ProductLine): NewProduct {
    // checkInsert made sure the name, the main category and the prices are there
    const v = p.values as Partial<NewProduct>;
    const main = categories.get(v.main_category_id as string) as writes.CatalogueCategory;
    const texts = {
      name: v.name as string,
      brand: v.brand ?? null,
      model: v.model ?? null,
      eanCode: v.ean_code ?? null,
      reference: v.reference ?? null,
    };
    return {
      id: randomUUID(),
      account_id: accountId,
      main_category_id: main.id,
      secondary_category_ids: v.secondary_category_ids ?? [],
      name: texts.name,
      brand: texts.brand,
      model: texts.model,
      reference: texts.reference,
      ean_code: texts.eanCode,
      tac_codes: v.tac_codes ?? [],
      is_collecting_imei: v.is_collecting_imei ?? false,
      comment_for_seller: v.comment_for_seller ?? null,
      status: v.status ?? 'draft',
      price_functional: v.price_functional as number,
      price_grade_a: v.price_grade_a as number,
      price_grade_b: v.price_grade_b as number,
      price_grade_c: v.price_grade_c as number,
      price_grade_d: v.price_grade_d as number,
      price_grade_e: v.price_grade_e as number,
      buyback_zero_not_allowed: v.buyback_zero_not_allowed ?? false,
      length: v.length ?? null,
      width: v.width ?? null,
      height: v.height ?? null,
      weight: v.weight ?? null,
      buyer_reference: v.buyer_reference ?? null,
      ...(derivedColumns(texts, main.sort_label) as Pick<
        NewProduct,
        'sort_name' | 'sort_brand' | 'sort_category' | 'filter_text'
      >),
    };
  }

  /** The update row of a matched product: the file's columns, and the derived ones recomputed. */
  function updateRow(p: ProductLine, current: writes.MatchedProduct): Record<string, unknown> {
    const v = p.values;
    const pick = <T>(field: string, fallback: T): T => (field in v ? (v[field] as T) : fallback);
    const mainId = pick('main_category_id', current.main_category_id);
    const main = categories.get(mainId);
    const texts = {
      name: pick('name', current.name),
      brand: pick('brand', current.brand),
      model: pick('model', current.model),
      eanCode: pick('ean_code', current.ean_code),
      reference: pick('reference', current.reference),
    };
    const row: Record<string, unknown> = { id: current.id, ...derivedColumns(texts, main?.sort_label ?? '') };
    for (const [column, [field]] of Object.entries(UPDATED)) {
      if (!columns.has(column)) continue;
      const value = v[field];
      row[field] = Array.isArray(value) ? value.join(' ') : value;
    }
    return row;
  }

  const counted = (categoryId: string, status: string, sign: 1 | -1): CountDelta => ({
    categoryId,
    products: sign,
    published: status === 'published' ? sign : 0,
  });

  return {
    remember(line) {
      if (line.invalid !== undefined) return;
      const cells = new LineCells(columns, line.cells, new LineFaults(line.line));
      const key = keyOf(cells);
      seen.seen(key === null ? null : key.toLowerCase());
    },

    async writeBatch(tx: BaseTxContext, lines) {
      const ignored: IgnoredLine[] = [];
      const read_: ProductLine[] = [];
      for (const line of lines) {
        if (line.invalid !== undefined) ignored.push(invalidLine(line));
        else read_.push(read(line));
      }
      const keys = read_.flatMap((p) => (p.key === null || !p.faults.ok ? [] : [p.key]));
      const found = await writes.productsByKey(tx, accountId, keyColumn, keys);
      const matches = new Map<string, writes.MatchedProduct[]>();
      for (const product of found) {
        const key = (keyColumn === 'id' ? product.id : product[keyColumn]) as string;
        matches.set(key, [...(matches.get(key) ?? []), product]);
      }
      const inserts: NewProduct[] = [];
      const updates: Record<string, unknown>[] = [];
      const deltas: CountDelta[] = [];
      for (const p of read_) {
        const matched = p.key === null || !p.faults.ok ? [] : (matches.get(p.key) ?? []);
        if (matched.length > 1)
          p.faults.add(
            'ambiguous_match',
            keyColumn,
            `${matched.length} products of the catalogue have this ${keyColumn}.`,
          );
        else if (matched.length === 0 && keyColumn === 'id' && p.key !== null && p.faults.ok)
          p.faults.add('unknown_id', 'id', 'No product of the catalogue has this id.');
        else if (matched.length === 0) checkInsert(p);
        if (!p.faults.ok) {
          ignored.push(...p.faults.faults);
          continue;
        }
        const current = matched[0];
        if (current) {
          const row = updateRow(p, current);
          updates.push(row);
          const mainId = (row.main_category_id as string | undefined) ?? current.main_category_id;
          const status = (row.status as string | undefined) ?? current.status;
          if (mainId !== current.main_category_id || status !== current.status)
            deltas.push(counted(current.main_category_id, current.status, -1), counted(mainId, status, 1));
        } else {
          const product = newProduct(p);
          inserts.push(product);
          deltas.push(counted(product.main_category_id, product.status, 1));
        }
      }
      const updatedColumns: Record<string, writes.ColumnType> = { ...DERIVED };
      for (const [column, [field, type]] of Object.entries(UPDATED))
        if (columns.has(column)) updatedColumns[field] = type;
      await insertProducts(tx.trx, inserts);
      await writes.updateProducts(tx, accountId, updates, updatedColumns);
      await adjustCategoryCounts(tx, deltas);
      const written = [...inserts.map((p) => p.id), ...updates.map((u) => u.id as string)];
      if (written.length) await writeDocuments(tx.trx, written);
      return {
        inserted: inserts.length,
        updated: updates.length,
        ignored,
        changed: written.length ? ['product'] : [],
      };
    },
  };
}
