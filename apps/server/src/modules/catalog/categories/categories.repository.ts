import type { CATEGORY_SORT_FIELDS, Status } from '@reprise/shared';
import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { CategoriesTable } from '../../../platform/db.types';
import { fieldError } from '../../../platform/errors';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  readerOf,
  type Trx,
} from '../../../platform/request-context';
import { deleteChildOf, deleteOwned, updateOwned } from '../../../platform/scoped-writes';
import type { CatalogScope } from '../catalog-scope';
import { categoryInScope } from '../catalog-scope.sql';

export type CategoryRow = Selectable<CategoriesTable> & {
  buyer_account_name: string;
  parent_identifier: string | null;
  parent_label: string | null;
};

const withRefs = (db: Reader) =>
  db
    .selectFrom('categories as c')
    .innerJoin('accounts as b', 'b.id', 'c.buyer_account_id')
    .leftJoin('categories as pc', 'pc.id', 'c.parent_category_id')
    .selectAll('c')
    .select([
      'b.name as buyer_account_name',
      'pc.identifier as parent_identifier',
      'pc.label as parent_label',
    ]);

export type CategorySortField = (typeof CATEGORY_SORT_FIELDS)[number];
const SORT_COLUMN = {
  label: 'c.sort_label',
  identifier: 'c.identifier',
  status: 'c.status',
  createdAt: 'c.created_at',
} as const;

export interface CategoryFilters {
  /** Folded words, each contained in the label or the identifier. */
  search?: string;
  status?: Status;
  parentId?: string;
  hasParent?: boolean;
}

export async function listCategories(
  ctx: BaseContext,
  scope: CatalogScope,
  filters: CategoryFilters,
  order: { field: CategorySortField; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: CategoryRow[]; total: number }> {
  let query = withRefs(readerOf(ctx)).where(categoryInScope(scope));
  if (filters.status) query = query.where('c.status', '=', filters.status);
  if (filters.parentId) query = query.where('c.parent_category_id', '=', filters.parentId);
  if (filters.hasParent !== undefined)
    query = query.where('c.parent_category_id', filters.hasParent ? 'is not' : 'is', null);
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('c.sort_label', 'like', pattern), eb('c.identifier', 'like', pattern)]),
    );
  }
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy(SORT_COLUMN[order.field], order.direction)
    .orderBy('c.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(counted.total) };
}

/**
 * A category the scope reads; locked for the rest of the transaction when asked: `update` to
 * change or delete it, `keyShare` to keep it from being deleted while something is attached to it.
 */
export async function findCategory(
  ctx: BaseContext,
  scope: CatalogScope,
  id: string,
  options: { lock?: 'update' | 'keyShare' } = {},
): Promise<CategoryRow | undefined> {
  let query = withRefs(readerOf(ctx)).where('c.id', '=', id).where(categoryInScope(scope));
  if (options.lock === 'update') query = query.forUpdate('c');
  if (options.lock === 'keyShare') query = query.forKeyShare('c');
  return query.executeTakeFirst();
}

export async function childrenOf(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'parent_category_id', 'identifier', 'label', 'status'])
    .where('parent_category_id', 'in', ids)
    .orderBy('sort_label')
    .orderBy('id')
    .execute();
}

export async function warehousesOf(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('category_referring_warehouses as w')
    .innerJoin('organizations as o', 'o.id', 'w.warehouse_id')
    .select(['w.category_id', 'o.id', 'o.common_name'])
    .where('w.category_id', 'in', ids)
    .orderBy('o.common_name')
    .execute();
}

export async function diagnosticQuestionCountsOf(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('diagnostic_questions')
    .select(['category_id'])
    .select((eb) => eb.fn.countAll<number>().as('questions'))
    .where('category_id', 'in', ids)
    .groupBy('category_id')
    .execute();
}

/**
 * The channels on which each category's products are offered: an active circuit of the channel
 * whose enabled dispatch circuit rule serves the category or one of its ancestors (as the wizard's
 * offered circuits find them: buyback-config/circuits/offered-circuits.service.ts).
 */
export async function channelsOf(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('categories as c')
    .innerJoin('dispatch_circuit_rule_categories as rc', (join) =>
      join.on(sql<SqlBool>`c.path like '%/' || rc.category_id || '/%'`),
    )
    .innerJoin('dispatch_circuit_rules as r', 'r.id', 'rc.dispatch_circuit_rule_id')
    .innerJoin('circuits as ci', 'ci.id', 'r.circuit_id')
    .select(['c.id as category_id', 'ci.channel'])
    .distinct()
    .where('c.id', 'in', ids)
    .where('r.status', '=', 'enabled')
    .where('ci.status', '=', 'active')
    .execute();
}

export interface TreeRow {
  id: string;
  account_id: string;
  parent_category_id: string | null;
  path: string;
  identifier: string;
  label: string;
  status: string;
  product_count: number;
  published_product_count: number;
}

const TREE_COLUMNS = [
  'c.id',
  'c.account_id',
  'c.parent_category_id',
  'c.path',
  'c.identifier',
  'c.label',
  'c.status',
  'c.product_count',
  'c.published_product_count',
] as const;

/** Every category the scope reads, in label order (the trees are built from them). */
export async function listTreeRows(
  ctx: BaseContext,
  scope: CatalogScope,
  options: { pathPrefix?: string } = {},
) {
  let query = readerOf(ctx).selectFrom('categories as c').select(TREE_COLUMNS).where(categoryInScope(scope));
  if (options.pathPrefix) query = query.where('c.path', 'like', `${options.pathPrefix}%`);
  return (await query.orderBy('c.sort_label').orderBy('c.id').execute()) as TreeRow[];
}

/** Categories by id, whatever the scope: the ancestors of a category already read. */
export async function findTreeRowsByIds(ctx: BaseContext, ids: string[]): Promise<TreeRow[]> {
  if (ids.length === 0) return [];
  return (await readerOf(ctx)
    .selectFrom('categories as c')
    .select(TREE_COLUMNS)
    .where('c.id', 'in', ids)
    .orderBy('c.sort_label')
    .execute()) as TreeRow[];
}

// ---------- writes ----------

/**
 * Serialises the tree writes of one catalogue, so that the paths computed in a command stay true
 * (a transaction's: the bulk seed takes it too, seed/seed-catalog.cli.ts).
 */
export async function lockCatalogue(trx: Trx, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`catalogue:${accountId}`}))`.execute(trx);
}

export async function findAccount(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('accounts')
    .select(['id', 'name', 'language', 'is_retailer', 'is_buyer_and_workshops_supervisor'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export { findRootOrganizationId } from '../../../platform/root-organization';

export async function findOrganizations(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'type', 'account_id'])
    .where('id', 'in', ids)
    .execute();
}

const IDENTIFIER_CONSTRAINT = 'categories_identifier_key';

/** The unique index is the last word on identifiers (two commands racing). */
async function guardIdentifier<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { constraint?: string }).constraint === IDENTIFIER_CONSTRAINT) {
      throw fieldError(
        'identifier_not_unique',
        'identifier',
        'This identifier is already used in the catalogue.',
      );
    }
    throw error;
  }
}

export async function isIdentifierTaken(
  ctx: BaseContext,
  accountId: string,
  identifier: string,
  exceptId?: string,
) {
  let query = readerOf(ctx)
    .selectFrom('categories')
    .select('id')
    .where('account_id', '=', accountId)
    .where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export type CategoryColumns = Updateable<CategoriesTable>;

export async function insertCategory(
  tx: BaseTxContext,
  values: Insertable<CategoriesTable> & { id: string },
): Promise<void> {
  await guardIdentifier(() => tx.trx.insertInto('categories').values(values).execute());
}

export async function updateCategory(tx: BaseTxContext, id: string, values: CategoryColumns): Promise<void> {
  await guardIdentifier(() =>
    updateOwned(tx, 'categories')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute(),
  );
}

/** Rewrites the paths of a whole subtree (the category included) in one statement. */
export async function moveSubtree(
  tx: BaseTxContext,
  accountId: string,
  oldPath: string,
  newPath: string,
): Promise<void> {
  await updateOwned(tx, 'categories', { kind: 'account', accountId })
    .set({ path: sql`${newPath} || substr(path, ${oldPath.length + 1})` })
    .where('path', 'like', `${oldPath}%`)
    .execute();
}

export async function replaceWarehouses(
  tx: BaseTxContext,
  categoryId: string,
  warehouseIds: string[],
): Promise<void> {
  await deleteChildOf(tx, 'category_referring_warehouses', { column: 'category_id', parent: 'categories' })
    .where('category_id', '=', categoryId)
    .execute();
  if (warehouseIds.length === 0) return;
  await tx.trx
    .insertInto('category_referring_warehouses')
    .values(warehouseIds.map((warehouse_id) => ({ category_id: categoryId, warehouse_id })))
    .execute();
}

/** The products ordered by category follow the new label of their main category. */
export async function renameInProducts(
  tx: BaseTxContext,
  categoryId: string,
  sortCategory: string,
): Promise<void> {
  await updateOwned(tx, 'products')
    .set({ sort_category: sortCategory })
    .where('main_category_id', '=', categoryId)
    .execute();
}

/** What keeps a category from being deleted: products (main or secondary), questions, sub-categories. */
export async function deletionBlockers(ctx: BaseContext, id: string) {
  const row = await readerOf(ctx)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('products')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where((w) =>
          w.or([
            w('main_category_id', '=', id),
            w(sql`secondary_category_ids`, '@>', sql`ARRAY[${id}]::uuid[]`),
          ]),
        )
        .as('products'),
      eb
        .selectFrom('diagnostic_questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .as('questions'),
      eb
        .selectFrom('categories')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('parent_category_id', '=', id)
        .as('children'),
    ])
    .executeTakeFirstOrThrow();
  return { products: Number(row.products), questions: Number(row.questions), children: Number(row.children) };
}

export async function deleteCategory(tx: BaseTxContext, id: string): Promise<void> {
  await deleteOwned(tx, 'categories').where('id', '=', id).execute();
}

/** The diagnostic questions of the categories (ids of one account's path), with their answer counts. */
export async function questionsOfCategories(ctx: BaseContext, accountId: string, categoryIds: string[]) {
  if (categoryIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('diagnostic_questions as q')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .select((eb) => [
      'q.id',
      'q.title',
      'q.category_id',
      'q.position',
      'c.identifier',
      'c.label',
      eb
        .selectFrom('diagnostic_answers as a')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('a.question_id', '=', 'q.id')
        .as('answer_count'),
    ])
    .where('q.account_id', '=', accountId)
    .where('q.category_id', 'in', categoryIds)
    .execute();
}

/** How many products have their main category at or below the path. */
export async function productCountUnder(ctx: BaseContext, accountId: string, path: string): Promise<number> {
  const row = await readerOf(ctx)
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.account_id', '=', accountId)
    .where('c.path', 'like', `${path}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
