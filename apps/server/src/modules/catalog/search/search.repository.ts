import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db';
import type { CatalogScope } from '../catalog-scope';

/** The SQL of the PostgreSQL product search: its documents, its word list, its queries. */

export interface SearchDocument {
  productId: string;
  accountId: string;
  buyerAccountId: string;
  published: boolean;
  categoryIds: string[];
  codes: string[];
  text: string;
}

/** The facts of products a document is made of. */
export async function productsToIndex(trx: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select([
      'p.id',
      'p.account_id',
      'c.buyer_account_id',
      'p.status',
      'p.main_category_id',
      'p.secondary_category_ids',
      'p.name',
      'p.brand',
      'p.model',
      'p.reference',
      'p.ean_code',
      'p.tac_codes',
    ])
    .where('p.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
}

/** Writes documents in one statement (arrays travel as one parameter each, never a query per row). */
export async function upsertDocuments(trx: Db, docs: readonly SearchDocument[]): Promise<void> {
  if (docs.length === 0) return;
  await sql`
    INSERT INTO product_search_documents (product_id, account_id, buyer_account_id, published, category_ids, codes, text, vector)
    SELECT d.product_id, d.account_id, d.buyer_account_id, d.published,
           string_to_array(d.category_ids, ' ')::uuid[], string_to_array(d.codes, ' '), d.text, to_tsvector('simple', d.text)
    FROM unnest(${docs.map((d) => d.productId)}::uuid[], ${docs.map((d) => d.accountId)}::uuid[],
                ${docs.map((d) => d.buyerAccountId)}::uuid[], ${docs.map((d) => d.published)}::boolean[],
                ${docs.map((d) => d.categoryIds.join(' '))}::text[], ${docs.map((d) => d.codes.join(' '))}::text[],
                ${docs.map((d) => d.text)}::text[])
      AS d(product_id, account_id, buyer_account_id, published, category_ids, codes, text)
    ON CONFLICT (product_id) DO UPDATE SET
      account_id = excluded.account_id, buyer_account_id = excluded.buyer_account_id, published = excluded.published,
      category_ids = excluded.category_ids, codes = excluded.codes, text = excluded.text, vector = excluded.vector`.execute(
    trx,
  );
}

export async function removeDocuments(trx: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await trx
    .deleteFrom('product_search_documents')
    .where('product_id', '=', sql<string>`any(${[...productIds]}::uuid[])`)
    .execute();
}

/** Adds words to catalogues' word lists (a word never used again only costs a row). */
export async function addWords(
  trx: Db,
  entries: readonly { accountId: string; word: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await sql`
    INSERT INTO product_search_words (account_id, word)
    SELECT * FROM unnest(${entries.map((e) => e.accountId)}::uuid[], ${entries.map((e) => e.word)}::text[])
    ON CONFLICT DO NOTHING`.execute(trx);
}

function documentInScope(scope: CatalogScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return scope.accountId ? sql<SqlBool>`d.account_id = ${scope.accountId}` : sql<SqlBool>`true`;
    case 'account':
      return sql<SqlBool>`d.account_id = ${scope.accountId}`;
    case 'buyer':
      return sql<SqlBool>`d.buyer_account_id = ${scope.buyerAccountId}`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}

function wordsInScope(scope: CatalogScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return scope.accountId ? sql<SqlBool>`w.account_id = ${scope.accountId}` : sql<SqlBool>`true`;
    case 'account':
      return sql<SqlBool>`w.account_id = ${scope.accountId}`;
    case 'buyer':
      return sql<SqlBool>`w.account_id in (select account_id from categories where buyer_account_id = ${scope.buyerAccountId})`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}

/**
 * The catalogue words most similar to each word (pg_trgm similarity at least `threshold`, best
 * first). The trigram index serves the `%` operator at the session's threshold, set on the same
 * connection just before (only this query uses it, so it may stay set).
 */
export async function similarWords(
  db: Db,
  scope: CatalogScope,
  words: readonly string[],
  threshold: number,
): Promise<{ word: string; similar: string }[]> {
  if (words.length === 0) return [];
  return db.connection().execute(async (conn) => {
    await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, false)`.execute(conn);
    const result = await sql<{ word: string; similar: string }>`
      SELECT q.word, s.word AS similar
      FROM unnest(${[...words]}::text[]) AS q(word)
      CROSS JOIN LATERAL (
        SELECT w.word FROM product_search_words AS w
        WHERE ${wordsInScope(scope)} AND w.word % q.word
        GROUP BY w.word
        ORDER BY similarity(w.word, q.word) DESC, w.word
        LIMIT 5
      ) AS s`.execute(conn);
    return result.rows;
  });
}

export interface SearchMatch {
  /** tsquery text every matching document satisfies (words as prefixes, or their corrections). */
  match: string | null;
  exact: string | null;
  prefix: string | null;
  codes: string[];
  categoryIds?: string[];
}

/** The published documents of the scope (and of the categories asked). */
function candidates(db: Db, scope: CatalogScope, m: SearchMatch) {
  let query = db
    .selectFrom('product_search_documents as d')
    .where(documentInScope(scope))
    .where('d.published', '=', true);
  if (m.categoryIds) query = query.where(sql<SqlBool>`d.category_ids && ${m.categoryIds}::uuid[]`);
  return query;
}

/** What every match satisfies: one of the codes, or the words (as prefixes or corrected). */
function matchCondition(m: SearchMatch): Expression<SqlBool> {
  const byText = m.match ? sql<SqlBool>`d.vector @@ to_tsquery('simple', ${m.match})` : null;
  const byCode = m.codes.length ? sql<SqlBool>`d.codes && ${m.codes}::text[]` : null;
  if (byText && byCode) return sql<SqlBool>`(${byCode} or ${byText})`;
  return byText ?? byCode ?? sql<SqlBool>`false`;
}

/**
 * The condition as a plain filter the planner cannot serve from the GIN indexes: a walk along
 * the order's index (or a scan that stops early) is what a common word needs.
 */
const asFilter = (condition: Expression<SqlBool>) => sql<SqlBool>`(${condition}) is true`;

/**
 * The planner's estimate of the matches (EXPLAIN: planning only, no reading): enough to choose
 * between sorting the matches and walking the order's index, not to count them.
 */
async function estimatedMatches(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  where?: Expression<SqlBool>,
): Promise<number> {
  const query = candidates(db, scope, m).where(where ?? matchCondition(m));
  const result = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>`
    EXPLAIN (FORMAT JSON) ${query.select('d.product_id')}`.execute(db);
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY);
}

/** Below this estimate the matches are read and sorted; above it they are walked in order. */
export const SORT_BELOW_ESTIMATE = 2500;

/**
 * Up to this many matches a page is read from the GIN indexes and sorted (rare words may all sort
 * late, and a walk along the order's index would pass over most of the catalogue); from it the
 * page is read tier by tier along the (account, published, length, text) index, which meets a
 * common word's matches soon.
 */
export const SORT_UP_TO_MATCHES = 5000;

export interface RankedPage {
  hits: { productId: string; byCode: boolean }[];
  /** The number of matches, or null when there are more than SORT_UP_TO_MATCHES. */
  matches: number | null;
}

function tiersOf(m: SearchMatch) {
  const codes = m.codes.length ? sql<SqlBool>`d.codes && ${m.codes}::text[]` : null;
  const texts = [m.exact, m.prefix, m.match]
    .filter((t, i, all): t is string => !!t && all.indexOf(t) === i)
    .map((text) => sql<SqlBool>`d.vector @@ to_tsquery('simple', ${text})`);
  return { codes, tiers: [...(codes ? [codes] : []), ...texts] };
}

/**
 * One page of matching product ids, best first: an exact code, then every word as typed, then
 * every word as a prefix, then the corrections; within a tier the shortest text (the closest name).
 */
export async function searchPage(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
): Promise<RankedPage> {
  if ((await estimatedMatches(db, scope, m)) <= SORT_BELOW_ESTIMATE) {
    const sorted = await sortedMatches(db, scope, m, page);
    if (sorted.matches !== null) return sorted;
  }
  return { hits: await pageTierByTier(db, scope, m, page), matches: null };
}

/**
 * The matches read at once (a materialised CTE: the GIN indexes find them, up to one more than
 * SORT_UP_TO_MATCHES), counted, and, when there are not too many, ranked for the page: one
 * statement. Past the last page the single row still carries the count.
 */
async function sortedMatches(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
  /** Only the matches of one tier (the earlier tiers excluded), ranked within it. */
  tier?: { where: Expression<SqlBool>; byCode: boolean },
): Promise<RankedPage> {
  const all = tiersOf(m);
  const tiers = tier ? [] : all.tiers;
  const byCode = tier ? sql`${tier.byCode}` : (all.codes ?? sql`false`);
  const found = candidates(db, scope, m).where(tier ? tier.where : matchCondition(m));
  const ranked = sql.join(
    [...tiers.map((t) => sql`(${t}) desc`), sql`length(d.text)`, sql`d.text`, sql`d.product_id`],
    sql`, `,
  );
  const rows = await sql<{ matches: string; productId: string | null; byCode: boolean | null }>`
    WITH matched AS MATERIALIZED (
      ${found.select(['d.product_id', 'd.text', 'd.codes', 'd.vector']).limit(SORT_UP_TO_MATCHES + 1)}
    ), n AS (SELECT count(*) AS matches FROM matched)
    SELECT n.matches, p.product_id AS "productId", p.by_code AS "byCode"
    FROM n LEFT JOIN LATERAL (
      -- numbered after the page is cut (a top-N sort), not over every match
      SELECT q.*, row_number() OVER () AS position FROM (
        SELECT d.product_id, ${byCode} AS by_code
        FROM matched AS d
        WHERE n.matches <= ${SORT_UP_TO_MATCHES}
        ORDER BY ${ranked}
        OFFSET ${page.offset} LIMIT ${page.limit}
      ) AS q
    ) AS p ON true
    ORDER BY p.position`.execute(db);
  const matches = Number(rows.rows[0]?.matches ?? 0);
  return {
    hits: rows.rows.flatMap((r) =>
      r.productId ? [{ productId: r.productId, byCode: Boolean(r.byCode) }] : [],
    ),
    matches: matches > SORT_UP_TO_MATCHES ? null : matches,
  };
}

/**
 * Many matches: the page read tier by tier, each limited to what the page still needs. A tier of
 * few matches is read and sorted; a tier of many is read in its order along the index.
 */
async function pageTierByTier(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
): Promise<{ productId: string; byCode: boolean }[]> {
  const { codes, tiers } = tiersOf(m);
  const needed = page.offset + page.limit;
  const found: { productId: string; byCode: boolean }[] = [];
  for (const [i, condition] of tiers.entries()) {
    const where = sql.join(
      [condition, ...tiers.slice(0, i).map((earlier) => sql<SqlBool>`not (${earlier})`)],
      sql` and `,
    ) as Expression<SqlBool>;
    const tier = { where, byCode: condition === codes };
    const part = { offset: 0, limit: needed - found.length };
    const sorted =
      (await estimatedMatches(db, scope, m, where)) <= SORT_BELOW_ESTIMATE
        ? await sortedMatches(db, scope, m, part, tier)
        : null;
    found.push(
      ...(sorted && sorted.matches !== null ? sorted.hits : await walkTier(db, scope, m, part, tier)),
    );
    if (found.length >= needed) break;
  }
  return found.slice(page.offset);
}

/** The first matches of a tier in its order, along the (account, published, length, text) index. */
async function walkTier(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  part: { offset: number; limit: number },
  tier: { where: Expression<SqlBool>; byCode: boolean },
): Promise<{ productId: string; byCode: boolean }[]> {
  const rows = await candidates(db, scope, m)
    .select('d.product_id as productId')
    .where(asFilter(tier.where))
    .orderBy(sql`length(d.text)`)
    .orderBy('d.text')
    .orderBy('d.product_id')
    .offset(part.offset)
    .limit(part.limit)
    .execute();
  return rows.map((row) => ({ productId: row.productId, byCode: tier.byCode }));
}

/**
 * The number of matches of a broad query, counted up to `limit` (it does not read all its
 * matches to say "more than 1,000").
 */
export async function countMatches(
  db: Db,
  scope: CatalogScope,
  m: SearchMatch,
  limit: number,
): Promise<number> {
  // used for common words: a scan that stops after `limit` matches beats reading every posting
  const row = await db
    .selectFrom(
      candidates(db, scope, m)
        .where(asFilter(matchCondition(m)))
        .select(sql`1`.as('one'))
        .limit(limit)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What a hit shows of each product. */
export async function hitRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select([
      'p.id',
      'p.name',
      'p.brand',
      'p.model',
      'p.reference',
      'p.ean_code',
      'p.image_key',
      'p.price_functional',
      'p.price_grade_a',
      'p.price_grade_b',
      'p.price_grade_c',
      'p.price_grade_d',
      'p.price_grade_e',
      'p.main_category_id',
      'c.identifier as main_identifier',
      'c.label as main_label',
    ])
    .where('p.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
}
