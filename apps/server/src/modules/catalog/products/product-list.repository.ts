import { PRODUCT_LIST_COUNT_LIMIT, type ProductSortField, type ProductStatus } from '@reprise/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { CUSTOM_PLAN } from '../../../platform/db';
import type { Reader } from '../../../platform/request-context';
import type { CatalogScope } from '../catalog-scope';
import { categoryInScope, productInScope } from '../catalog-scope.sql';
import { type ProductRow, withMainCategory } from './products.repository';

/**
 * The product list's queries: filters, the page in one of five orders, and the count. They read
 * on the pool given (a service's `ctx.db`): the product search reads them with the connection it
 * was built with (search/postgres-product-search.ts).
 */

export interface ProductFilters {
  /** Folded words, each contained in the name, brand, model, EAN or reference. */
  words: string[];
  /** Categories (their subtrees already expanded) holding the product as main or secondary category. */
  categoryIds?: string[];
  status?: ProductStatus;
  priceMin?: number;
  priceMax?: number;
}

const likeContains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const inCategories = (ids: string[]): Expression<SqlBool> =>
  sql<SqlBool>`(p.main_category_id = any(${ids}::uuid[]) or p.secondary_category_ids && ${ids}::uuid[])`;

/**
 * The products the filters keep. A word is tested by LIKE, which the trigram index serves, or,
 * on a walk along an order's index, by strpos: the same test, cheaper on every row it passes.
 */
function filtered(
  db: Reader,
  scope: CatalogScope,
  filters: ProductFilters,
  words: 'like' | 'strpos' = 'like',
) {
  let query = db.selectFrom('products as p').where(productInScope(scope));
  if (filters.status) query = query.where('p.status', '=', filters.status);
  for (const word of filters.words)
    query =
      words === 'like'
        ? query.where('p.filter_text', 'like', likeContains(word))
        : query.where(sql<SqlBool>`strpos(p.filter_text, ${word}) > 0`);
  if (filters.categoryIds) query = query.where(inCategories(filters.categoryIds));
  if (filters.priceMin !== undefined) query = query.where('p.price_grade_a', '>=', filters.priceMin);
  if (filters.priceMax !== undefined) query = query.where('p.price_grade_a', '<=', filters.priceMax);
  return query;
}

type SortKey = 'sort_name' | 'sort_brand' | 'sort_category' | 'price_grade_a' | 'status';
/** Each order has its index (account, key, id, including the status); the id breaks ties in the same direction. */
const SORT_KEYS: Record<ProductSortField, readonly SortKey[]> = {
  name: ['sort_name'],
  brand: ['sort_brand'],
  category: ['sort_category'],
  price: ['price_grade_a'],
  status: ['status', 'sort_name'],
};

type Order = { field: ProductSortField; direction: 'asc' | 'desc' };
type Page = { offset: number; limit: number };

/**
 * Below this share of the catalogue, a filtered page reads its matches and sorts them rather than
 * walking the order's index: the matches of a narrow filter may all sort late (every "Xiaomi …"
 * after every "Apple …"), and the walk, though it reads the index alone, would pass over most of it.
 */
const WALK_FROM_SHARE = 0.05;

/** What a page's reading is given: where and what it reads, in which order (its sort keys), which page. */
interface PageRead {
  db: Reader;
  scope: CatalogScope;
  filters: ProductFilters;
  keys: readonly SortKey[];
  order: Order;
  page: Page;
}

/**
 * One page of products and the number matching. Unfiltered, or when the filters keep much of the
 * catalogue, the page is read along the order's index; a narrow filter finds its matches first
 * (by its own index) and sorts them. A text filter counts its matches only up to
 * PRODUCT_LIST_COUNT_LIMIT: a broad word ("iphone": thousands of products) answers "more than
 * 1,000" without reading them all, and its page is met soon along the order's index.
 */
export async function listProducts(
  db: Reader,
  scope: CatalogScope,
  filters: ProductFilters,
  order: Order,
  page: Page,
  countLimit = PRODUCT_LIST_COUNT_LIMIT,
): Promise<{ rows: ProductRow[]; total: number; totalCapped: boolean }> {
  const keys = SORT_KEYS[order.field];
  const read: PageRead = { db, scope, filters, keys, order, page };
  if (filters.words.length > 0) {
    // many matches are met soon along the order's index; a few are found by the trigram index
    const broad =
      (await estimatedRows(db, filtered(db, scope, filters).select('p.id'))) >=
      listTuning.textWalkFromEstimate;
    const found = await textPage(read, countLimit, broad ? 'walk' : 'matches');
    return found ?? ((await textPage(read, countLimit, 'walk')) as TextPage);
  }
  const narrowed =
    filters.categoryIds !== undefined || filters.priceMin !== undefined || filters.priceMax !== undefined;
  // a narrowed list is counted with the whole list (same status) in the same statement
  const { total, all } = await countsOf(db, scope, filters, narrowed);
  if (total === 0 || page.offset >= total) return { rows: [], total, totalCapped: false };
  const walk = !narrowed || total >= all * WALK_FROM_SHARE;
  const ids = walk ? pageAlongIndex(read) : pageOfMatches(read);
  return { rows: await rowsInOrder(db, ids, keys, order), total, totalCapped: false };
}

/**
 * How the list chooses its reading of a text filter (tests set each way in turn; both answer the
 * same page and count).
 */
export const listTuning = {
  /** From this estimate of a text filter's matches, its page and count are read along the order's index. */
  textWalkFromEstimate: 2500,
};

/** The planner's estimate of the rows of a query (EXPLAIN: planning only, no reading). */
async function estimatedRows(db: Reader, query: Expression<unknown>): Promise<number> {
  const result = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>`
    EXPLAIN (FORMAT JSON) ${query}`.execute(db);
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY);
}

type TextPage = { rows: ProductRow[]; total: number; totalCapped: boolean };

/**
 * A text filter's page and count in one statement. `walk`: along the order's index (an index-only
 * scan testing each row's words with strpos), the ids of the first matches up to the page's end or
 * one past `countLimit`, which give both the count ("more than 1,000") and the page. `matches`: the
 * matches found by the trigram index (up to one past `countLimit`), counted and sorted for the
 * page; null when there are more (the page is then walked).
 */
async function textPage(
  { db, scope, filters, keys, order, page }: PageRead,
  countLimit: number,
  how: 'walk' | 'matches',
): Promise<TextPage | null> {
  const inOrder = (alias: string) =>
    sql.join(
      [...keys, 'id'].map((key) => sql`${sql.ref(`${alias}.${key}`)} ${sql.raw(order.direction)}`),
      sql`, `,
    );
  let found: Expression<unknown>;
  let pageIds: Expression<unknown>;
  if (how === 'walk') {
    let walk = filtered(db, scope, filters, 'strpos').select('p.id');
    for (const key of keys) walk = walk.orderBy(`p.${key}`, order.direction);
    walk = walk.orderBy('p.id', order.direction).limit(Math.max(countLimit + 1, page.offset + page.limit));
    found = sql`SELECT q.id, row_number() OVER () AS position FROM (${walk}) AS q`;
    pageIds = sql`SELECT m.id FROM m WHERE m.position > ${page.offset} AND m.position <= ${page.offset + page.limit}`;
  } else {
    found = filtered(db, scope, filters)
      .select(['p.id', ...keys.map((key) => `p.${key}` as const)])
      .limit(countLimit + 1);
    pageIds = sql`SELECT m.id FROM m ORDER BY ${inOrder('m')} OFFSET ${page.offset} LIMIT ${page.limit}`;
  }
  const rows = withMainCategory(db).where('p.id', '=', sql<string>`any(array(${pageIds}))`);
  const result = await sql<ProductRow & { matched: string }>`
    WITH m AS MATERIALIZED (${found}), c AS (SELECT count(*) AS matched FROM m)
    SELECT c.matched, r.* FROM c LEFT JOIN LATERAL (${rows}) AS r ON true
    ORDER BY ${inOrder('r')} ${CUSTOM_PLAN}`.execute(db);
  const counted = Number(result.rows[0]?.matched ?? 0);
  if (how === 'matches' && counted > countLimit) return null;
  return {
    rows: result.rows.filter((row) => row.id !== null).map(({ matched: _, ...row }) => row as ProductRow),
    total: Math.min(counted, countLimit),
    totalCapped: counted > countLimit,
  };
}

/** The products of a page's ids, with their main category, in the page's order. */
async function rowsInOrder(
  db: Reader,
  ids: string[] | Expression<{ id: string }>,
  keys: readonly SortKey[],
  order: Order,
): Promise<ProductRow[]> {
  if (Array.isArray(ids) && ids.length === 0) return [];
  let query = withMainCategory(db).where(
    'p.id',
    '=',
    Array.isArray(ids) ? sql<string>`any(${ids}::uuid[])` : sql<string>`any(array(${ids}))`,
  );
  for (const key of keys) query = query.orderBy(`p.${key}`, order.direction);
  return query.orderBy('p.id', order.direction).modifyEnd(CUSTOM_PLAN).execute();
}

/** The page's ids along the order's index: an index-only scan skips the offset cheaply. */
function pageAlongIndex({ db, scope, filters, keys, order, page }: PageRead) {
  let ids = filtered(db, scope, filters).select('p.id');
  for (const key of keys) ids = ids.orderBy(`p.${key}`, order.direction);
  return ids.orderBy('p.id', order.direction).offset(page.offset).limit(page.limit);
}

/** The page's ids among the matches, found first by their filters' indexes (a materialised CTE), then sorted. */
function pageOfMatches({ db, scope, filters, keys, order, page }: PageRead) {
  let ids = db
    .with(
      (cte) => cte('matched').materialized(),
      () =>
        filtered(db, scope, filters).select([
          'p.id',
          'p.sort_name',
          'p.sort_brand',
          'p.sort_category',
          'p.price_grade_a',
          'p.status',
        ]),
    )
    .selectFrom('matched as m')
    .select('m.id');
  for (const key of keys) ids = ids.orderBy(`m.${key}`, order.direction);
  return ids.orderBy('m.id', order.direction).offset(page.offset).limit(page.limit);
}

/** The number of products a list (without a text filter) matches, as an expression. */
function countOf(db: Reader, scope: CatalogScope, filters: ProductFilters): Expression<unknown> {
  if (filters.words.length || filters.priceMin !== undefined || filters.priceMax !== undefined)
    return filtered(db, scope, filters).select((eb) => eb.fn.countAll<number>().as('total'));
  const counter =
    filters.status === 'published'
      ? sql<number>`c.published_product_count`
      : filters.status === 'draft'
        ? sql<number>`c.product_count - c.published_product_count`
        : sql<number>`c.product_count`;
  let main = db
    .selectFrom('categories as c')
    .select(sql<number>`coalesce(sum(${counter}), 0)`.as('total'))
    .where(categoryInScope(scope));
  if (filters.categoryIds) main = main.where('c.id', '=', sql<string>`any(${filters.categoryIds}::uuid[])`);
  if (!filters.categoryIds) return main;
  let secondaryOnly = db
    .selectFrom('products as p')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(productInScope(scope))
    .where(sql<SqlBool>`p.secondary_category_ids && ${filters.categoryIds}::uuid[]`)
    .where(sql<SqlBool>`not (p.main_category_id = any(${filters.categoryIds}::uuid[]))`);
  if (filters.status) secondaryOnly = secondaryOnly.where('p.status', '=', filters.status);
  return sql`(${main}) + (${secondaryOnly})`;
}

/**
 * Counts the products a list matches, in one statement, and with `withAll` the whole list of
 * the same status. Without a text or price filter the counts come from the per-category counters
 * (a product has one main category, so they add up exactly) plus the products reached only
 * through a secondary category: no scan of the products.
 */
async function countsOf(
  db: Reader,
  scope: CatalogScope,
  filters: ProductFilters,
  withAll: boolean,
): Promise<{ total: number; all: number }> {
  const all = withAll ? countOf(db, scope, { words: [], status: filters.status }) : sql`0`;
  const result = await sql<{ total: string; all: string }>`
    SELECT (${countOf(db, scope, filters)}) AS total, (${all}) AS all ${CUSTOM_PLAN}`.execute(db);
  return { total: Number(result.rows[0]?.total ?? 0), all: Number(result.rows[0]?.all ?? 0) };
}

/** The ids of the categories (within the scope) at or below the given ones. */
export async function expandSubtrees(db: Reader, scope: CatalogScope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('categories as c')
    .select('c.id')
    .where(categoryInScope(scope))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('categories as chosen')
          .select('chosen.id')
          .where('chosen.id', 'in', ids)
          .whereRef('c.path', 'like', sql<string>`chosen.path || '%'`),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}
