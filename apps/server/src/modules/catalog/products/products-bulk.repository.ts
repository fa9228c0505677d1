import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../platform/db';
import type { ProductsTable } from '../../../platform/db.types';

/**
 * Products written in bulk (seeds and imports): one statement per chunk, the category counters
 * recomputed after (the seeds': seed/catalog-counters.ts).
 */

/** A product as the bulk insert takes it: every column given but the images, the translations and the times. */
export type NewProduct = Omit<
  Selectable<ProductsTable>,
  'image_key' | 'image_hd_key' | 'translations' | 'created_at' | 'updated_at'
>;

/**
 * Inserts many products in one statement: one array per column, `unnest`ed (imports and seeds).
 * The caller adjusts the category counters and writes the search documents in the same transaction.
 */
export async function insertProducts(trx: Db, rows: readonly NewProduct[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof NewProduct>(key: K) => rows.map((r) => r[key]);
  await sql`
    INSERT INTO products (id, account_id, main_category_id, secondary_category_ids, name, brand, model, reference, ean_code,
      tac_codes, is_collecting_imei, comment_for_seller, status, price_functional, price_grade_a, price_grade_b,
      price_grade_c, price_grade_d, price_grade_e, buyback_zero_not_allowed, length, width, height, weight,
      buyer_reference, sort_name, sort_brand, sort_category, filter_text)
    SELECT id, account_id, main_category_id, string_to_array(secondary, ' ')::uuid[], name, brand, model, reference, ean_code,
      string_to_array(tacs, ' '), is_collecting_imei, comment_for_seller, status, price_functional, price_grade_a, price_grade_b,
      price_grade_c, price_grade_d, price_grade_e, buyback_zero_not_allowed, length, width, height, weight,
      buyer_reference, sort_name, sort_brand, sort_category, filter_text
    FROM unnest(
      ${column('id')}::uuid[], ${column('account_id')}::uuid[], ${column('main_category_id')}::uuid[],
      ${rows.map((r) => r.secondary_category_ids.join(' '))}::text[], ${column('name')}::text[], ${column('brand')}::text[],
      ${column('model')}::text[], ${column('reference')}::text[], ${column('ean_code')}::text[],
      ${rows.map((r) => r.tac_codes.join(' '))}::text[], ${column('is_collecting_imei')}::boolean[],
      ${column('comment_for_seller')}::text[], ${column('status')}::text[], ${column('price_functional')}::int[],
      ${column('price_grade_a')}::int[], ${column('price_grade_b')}::int[], ${column('price_grade_c')}::int[],
      ${column('price_grade_d')}::int[], ${column('price_grade_e')}::int[], ${column('buyback_zero_not_allowed')}::boolean[],
      ${column('length')}::int[], ${column('width')}::int[], ${column('height')}::int[], ${column('weight')}::int[],
      ${column('buyer_reference')}::text[], ${column('sort_name')}::text[], ${column('sort_brand')}::text[],
      ${column('sort_category')}::text[], ${column('filter_text')}::text[]
    ) AS r(id, account_id, main_category_id, secondary, name, brand, model, reference, ean_code, tacs, is_collecting_imei,
      comment_for_seller, status, price_functional, price_grade_a, price_grade_b, price_grade_c, price_grade_d,
      price_grade_e, buyback_zero_not_allowed, length, width, height, weight, buyer_reference, sort_name, sort_brand,
      sort_category, filter_text)`.execute(trx);
}
