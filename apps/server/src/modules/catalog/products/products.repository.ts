import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../../platform/db';
import type { ProductsTable } from '../../../platform/db.types';
import type { CatalogScope } from '../catalog-scope';
import { productInScope } from '../catalog-scope.sql';

export type ProductRow = Selectable<ProductsTable> & {
  main_identifier: string;
  main_label: string;
  main_path: string;
};

export const withMainCategory = (db: Db) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as mc', 'mc.id', 'p.main_category_id')
    .selectAll('p')
    .select(['mc.identifier as main_identifier', 'mc.label as main_label', 'mc.path as main_path']);

/** A product the scope reads; locked for the rest of the transaction when asked. */
export async function findProduct(
  db: Db,
  scope: CatalogScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProductRow | undefined> {
  let query = withMainCategory(db).where('p.id', '=', id).where(productInScope(scope));
  if (options.forUpdate) query = query.forUpdate('p');
  return query.executeTakeFirst();
}

export async function findProductCategories(db: Db, scope: CatalogScope, id: string) {
  return db
    .selectFrom('products as p')
    .select(['p.main_category_id', 'p.secondary_category_ids'])
    .where('p.id', '=', id)
    .where(productInScope(scope))
    .executeTakeFirst();
}

export interface CategoryFacts {
  id: string;
  account_id: string;
  identifier: string;
  label: string;
  sort_label: string;
  path: string;
  default_weight: number;
  default_height: number | null;
  default_length: number | null;
  default_width: number | null;
}

/**
 * Categories by id, whatever the scope: the categories and ancestors of products already read.
 * In a write, `share` locks them against a concurrent delete until the product is written.
 */
export async function findCategoryFacts(db: Db, ids: string[], options: { share?: boolean } = {}) {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('categories')
    .select([
      'id',
      'account_id',
      'identifier',
      'label',
      'sort_label',
      'path',
      'default_weight',
      'default_height',
      'default_length',
      'default_width',
    ])
    .where('id', 'in', [...new Set(ids)]);
  if (options.share) query = query.forKeyShare();
  return (await query.execute()) as CategoryFacts[];
}

// ---------- writes ----------

export async function insertProduct(
  trx: Db,
  values: Insertable<ProductsTable> & { id: string },
): Promise<void> {
  await trx.insertInto('products').values(values).execute();
}

export async function updateProduct(trx: Db, id: string, values: Updateable<ProductsTable>): Promise<void> {
  await trx
    .updateTable('products')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('products').where('id', '=', id).execute();
}

export interface CountDelta {
  categoryId: string;
  products: number;
  published: number;
}

/** Adds to the per-category counters (increments stay right when writes run concurrently). */
export async function adjustCategoryCounts(trx: Db, deltas: CountDelta[]): Promise<void> {
  const changed = deltas.filter((d) => d.products !== 0 || d.published !== 0);
  if (changed.length === 0) return;
  await sql`
    UPDATE categories AS c
    SET product_count = c.product_count + d.products, published_product_count = c.published_product_count + d.published
    FROM unnest(${changed.map((d) => d.categoryId)}::uuid[], ${changed.map((d) => d.products)}::int[], ${changed.map((d) => d.published)}::int[])
      AS d(category_id, products, published)
    WHERE c.id = d.category_id`.execute(trx);
}
