import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { ProductsTable } from '../../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  readerOf,
} from '../../../platform/request-context';
import { deleteOwned, updateOwned } from '../../../platform/scoped-writes';
import type { CatalogScope } from '../catalog-scope';
import { productInScope } from '../catalog-scope.sql';

export type ProductRow = Selectable<ProductsTable> & {
  main_identifier: string;
  main_label: string;
  main_path: string;
};

export const withMainCategory = (db: Reader) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as mc', 'mc.id', 'p.main_category_id')
    .selectAll('p')
    .select(['mc.identifier as main_identifier', 'mc.label as main_label', 'mc.path as main_path']);

/** A product the scope reads; locked for the rest of the transaction when asked. */
export async function findProduct(
  ctx: BaseContext,
  scope: CatalogScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProductRow | undefined> {
  let query = withMainCategory(readerOf(ctx)).where('p.id', '=', id).where(productInScope(scope));
  if (options.forUpdate) query = query.forUpdate('p');
  return query.executeTakeFirst();
}

export async function findProductCategories(ctx: BaseContext, scope: CatalogScope, id: string) {
  return readerOf(ctx)
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
export async function findCategoryFacts(ctx: BaseContext, ids: string[], options: { share?: boolean } = {}) {
  if (ids.length === 0) return [];
  let query = readerOf(ctx)
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
  tx: BaseTxContext,
  values: Insertable<ProductsTable> & { id: string },
): Promise<void> {
  await tx.trx.insertInto('products').values(values).execute();
}

export async function updateProduct(
  tx: BaseTxContext,
  id: string,
  values: Updateable<ProductsTable>,
): Promise<void> {
  await updateOwned(tx, 'products')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(tx: BaseTxContext, id: string): Promise<void> {
  await deleteOwned(tx, 'products').where('id', '=', id).execute();
}

export interface CountDelta {
  categoryId: string;
  products: number;
  published: number;
}

/**
 * Adds to the per-category counters (increments stay right when writes run concurrently), in one
 * statement. The deltas of one category are summed first: an update joins each row to one delta.
 */
export async function adjustCategoryCounts(tx: BaseTxContext, deltas: CountDelta[]): Promise<void> {
  const summed = new Map<string, CountDelta>();
  for (const d of deltas) {
    const sum = summed.get(d.categoryId) ?? { categoryId: d.categoryId, products: 0, published: 0 };
    summed.set(d.categoryId, {
      ...sum,
      products: sum.products + d.products,
      published: sum.published + d.published,
    });
  }
  const changed = [...summed.values()].filter((d) => d.products !== 0 || d.published !== 0);
  if (changed.length === 0) return;
  const rows = sql<{ category_id: string; products: number; published: number }>`(
    SELECT * FROM unnest(${changed.map((c) => c.categoryId)}::uuid[], ${changed.map((c) => c.products)}::int[], ${changed.map((c) => c.published)}::int[])
      AS d(category_id, products, published))`;
  await updateOwned(tx, 'categories')
    .from(rows.as('d'))
    .set({
      product_count: sql`categories.product_count + d.products`,
      published_product_count: sql`categories.published_product_count + d.published`,
    })
    .where(sql<boolean>`categories.id = d.category_id`)
    .execute();
}
