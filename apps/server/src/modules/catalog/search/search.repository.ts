import { type Expression, type SqlBool, sql } from 'kysely';
import { CUSTOM_PLAN, type Db } from '../../../platform/db';
import type { BaseTxContext, Reader } from '../../../platform/request-context';
import { deleteOwned } from '../../../platform/scoped-writes';
import type { CatalogScope } from '../catalog-scope';
import { categoryInScope } from '../catalog-scope.sql';
import { PRODUCT_PRICE_COLUMNS } from '../public-product-card';

/**
 * The SQL of the PostgreSQL product search: its documents, its word list, its queries. Queries
 * read on the connection they are given. Documents and words are written in the caller's
 * transaction, a command's or a bulk seed's (which has no context); documents are removed only
 * within the context's account scope.
 */

export interface SearchDocument {
  productId: string;
  accountId: string;
  buyerAccountId: string;
  published: boolean;
  categoryIds: string[];
  codes: string[];
  text: string;
  /** The translated names (docs/translations.md), matched as the base text is, never ordered by. */
  translatedText: string;
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
      'p.translations',
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
           string_to_array(d.category_ids, ' ')::uuid[], string_to_array(d.codes, ' '), d.text, to_tsvector('simple', d.text || ' ' || d.translated_text)
    FROM unnest(${docs.map((d) => d.productId)}::uuid[], ${docs.map((d) => d.accountId)}::uuid[],
                ${docs.map((d) => d.buyerAccountId)}::uuid[], ${docs.map((d) => d.published)}::boolean[],
                ${docs.map((d) => d.categoryIds.join(' '))}::text[], ${docs.map((d) => d.codes.join(' '))}::text[],
                ${docs.map((d) => d.text)}::text[], ${docs.map((d) => d.translatedText)}::text[])
      AS d(product_id, account_id, buyer_account_id, published, category_ids, codes, text, translated_text)
    ON CONFLICT (product_id) DO UPDATE SET
      account_id = excluded.account_id, buyer_account_id = excluded.buyer_account_id, published = excluded.published,
      category_ids = excluded.category_ids, codes = excluded.codes, text = excluded.text, vector = excluded.vector`.execute(
    trx,
  );
}

export async function removeDocuments(tx: BaseTxContext, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await deleteOwned(tx, 'product_search_documents')
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

export interface WordFacts {
  word: string;
  /** The word is a catalogue word. */
  exact: boolean;
  /** The word begins a longer catalogue word. */
  extended: boolean;
  /** The catalogue words most similar to it (only for the words asked to correct), best first. */
  similar: string[];
}

/**
 * What the catalogue says of a query, in one statement: for each word, whether the word list
 * holds it, whether a longer word begins with it (a range of the byte-ordered key), and for
 * the words to correct, the words most similar to it (pg_trgm `%`, at the sessions' threshold,
 * served by the trigram index); and whether a published document holds one of the codes. The
 * word list only grows, so a word it lacks is in no document.
 */
export async function queryFacts(
  db: Reader,
  scope: CatalogScope,
  words: readonly string[],
  toCorrect: readonly string[],
  codes: readonly string[],
): Promise<{ words: WordFacts[]; codesFound: boolean }> {
  const result = await sql<WordFacts & { codesFound: boolean }>`
    SELECT q.word,
      exists (SELECT 1 FROM product_search_words AS w WHERE ${wordsInScope(scope)} AND w.word = q.word) AS exact,
      exists (
        SELECT 1 FROM product_search_words AS w
        WHERE ${wordsInScope(scope)} AND w.word > q.word AND w.word < q.word || chr(1114111)
      ) AS extended,
      array(
        SELECT w.word FROM product_search_words AS w
        WHERE q.word = any(${[...toCorrect]}::text[]) AND ${wordsInScope(scope)} AND w.word % q.word
        GROUP BY w.word
        ORDER BY similarity(w.word, q.word) DESC, w.word
        LIMIT 5
      ) AS similar,
      exists (
        SELECT 1 FROM product_search_documents AS d
        WHERE ${documentInScope(scope)} AND d.published AND d.codes && ${[...codes]}::text[]
      ) AS "codesFound"
    FROM unnest(${[...words]}::text[]) AS q(word)`.execute(db);
  return {
    words: result.rows.map(({ codesFound: _, ...facts }) => facts),
    codesFound: result.rows[0]?.codesFound ?? false,
  };
}

export interface SearchMatch {
  /** tsquery text every text match satisfies (words as prefixes, or their corrections). */
  match: string | null;
  exact: string | null;
  prefix: string | null;
  codes: string[];
  categoryIds?: string[];
}

/** The published documents of the scope (and of the categories asked). */
function candidates(db: Reader, scope: CatalogScope, m: SearchMatch) {
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
  db: Reader,
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

/**
 * How the search chooses its reading of a query (tests set each way in turn; every way answers
 * the same page and count).
 */
export const searchTuning = {
  /** Up to this estimate the matches are read and sorted; above it they are walked in order. */
  sortBelowEstimate: 2500,
  /**
   * Up to this many matches a page is read from the GIN indexes and sorted (rare words may all
   * sort late, and a walk along the order's index would pass over most of the catalogue); from it
   * the page is read tier by tier along the (account, published, length, text) index, which meets
   * a common word's matches soon.
   */
  sortUpToMatches: 5000,
  /**
   * From this share of the catalogue's documents matching, a broad query is counted by a scan that
   * stops after the limit (it meets its matches soon); below it, from the GIN indexes, whose bitmap
   * visits only matching rows.
   */
  countByScanFromShare: 0.15,
};

/** A hit of the page: what it shows of the product, and whether a code matched. */
type RankedHit = Awaited<ReturnType<ReturnType<typeof rankedHits>['execute']>>[number];

export interface RankedPage {
  hits: RankedHit[];
  /** The number of matches, or null when there are more than searchTuning.sortUpToMatches. */
  matches: number | null;
  /** The planner's estimate of the matches. */
  estimate: number;
}

function tiersOf(m: SearchMatch) {
  const codes = m.codes.length ? sql<SqlBool>`d.codes && ${m.codes}::text[]` : null;
  const texts = [m.exact, m.prefix, m.match]
    .filter((t, i, all): t is string => !!t && all.indexOf(t) === i)
    .map((text) => sql<SqlBool>`d.vector @@ to_tsquery('simple', ${text})`);
  return { codes, tiers: [...(codes ? [codes] : []), ...texts] };
}

/**
 * One page of hits, best first: an exact code, then every word as typed, then every word as a
 * prefix, then the corrections; within a tier the shortest text (the closest name).
 */
export async function searchPage(
  db: Reader,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
): Promise<RankedPage> {
  const estimate = await estimatedMatches(db, scope, m);
  if (estimate <= searchTuning.sortBelowEstimate) {
    const sorted = await sortedMatches(db, scope, m, page);
    if (sorted.matches !== null) return { ...sorted, estimate };
  }
  return { hits: await pageTierByTier(db, scope, m, page, estimate), matches: null, estimate };
}

/** What a hit shows of each product: the ranked ids (with their `position`) joined to the products. */
function rankedHits(db: Reader, ranked: Expression<unknown>) {
  return db
    .selectFrom(sql<{ product_id: string; by_code: boolean; position: number }>`(${ranked})`.as('r'))
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select([
      'r.by_code',
      'r.position',
      'p.id',
      'p.name',
      'p.brand',
      'p.model',
      'p.reference',
      'p.ean_code',
      'p.image_key',
      ...PRODUCT_PRICE_COLUMNS.map((column) => `p.${column}` as const),
      'p.main_category_id',
      'c.identifier as main_identifier',
      'c.label as main_label',
    ])
    .orderBy('r.position');
}

/** The ids of a page query numbered in its order (after the page is cut: a top-N sort, not every match). */
const numbered = (page: Expression<unknown>) =>
  sql`SELECT q.*, row_number() OVER () AS position FROM (${page}) AS q`;

/**
 * The matches counted (up to one more than searchTuning.sortUpToMatches, from the GIN indexes) and, when
 * there are not too many, ranked for the page by a top-N sort over the same index scan, with what
 * the hits show: one statement. Past the last page the single row still carries the count.
 */
async function sortedMatches(
  db: Reader,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
  /** Only the matches of one tier (the earlier tiers excluded), ranked within it. */
  tier?: { where: Expression<SqlBool>; byCode: boolean },
): Promise<{ hits: RankedHit[]; matches: number | null }> {
  const all = tiersOf(m);
  const tiers = tier ? [] : all.tiers;
  const byCode = tier ? sql.lit(tier.byCode) : (all.codes ?? sql`false`);
  const found = candidates(db, scope, m).where(tier ? tier.where : matchCondition(m));
  // a match outside the earlier tiers is in the last: it needs no test of its own
  const ranks = tiers.slice(0, -1).map((t, i) => sql`(${t})`.as(`tier${i}`));
  // OFFSET 0 keeps the matches a subquery of their own, read from the GIN indexes: else the
  // planner may walk the (length, text) index for the top of the order, past most of the catalogue
  const matched = found
    .select(['d.product_id', 'd.text', sql<boolean>`${byCode}`.as('by_code'), ...ranks])
    .offset(0);
  const ranked = sql.join(
    [
      ...ranks.map((_, i) => sql`${sql.ref(`tier${i}`)} desc`),
      sql`length(s.text)`,
      sql`s.text`,
      sql`s.product_id`,
    ],
    sql`, `,
  );
  const pageQuery = sql`
    SELECT s.product_id, s.by_code FROM (${matched}) AS s
    WHERE n.matches <= ${searchTuning.sortUpToMatches}
    ORDER BY ${ranked} OFFSET ${page.offset} LIMIT ${page.limit}`;
  const rows = await sql<{ matches: string } & Partial<RankedHit>>`
    WITH n AS (
      SELECT count(*) AS matches FROM (${found.select(sql`1`.as('one')).limit(searchTuning.sortUpToMatches + 1)}) AS m
    )
    SELECT n.matches, h.* FROM n LEFT JOIN LATERAL (${rankedHits(db, numbered(pageQuery))}) AS h ON true
    ORDER BY h.position ${CUSTOM_PLAN}`.execute(db);
  const matches = Number(rows.rows[0]?.matches ?? 0);
  return {
    hits: rows.rows.flatMap(({ matches: _, ...hit }) => (hit.id ? [hit as RankedHit] : [])),
    matches: matches > searchTuning.sortUpToMatches ? null : matches,
  };
}

/**
 * Many matches: the page read tier by tier, each limited to what the page still needs. A tier of
 * few matches is read and sorted; a tier of many is read in its order along the index.
 */
async function pageTierByTier(
  db: Reader,
  scope: CatalogScope,
  m: SearchMatch,
  page: { offset: number; limit: number },
  estimate: number,
): Promise<RankedHit[]> {
  const { codes, tiers } = tiersOf(m);
  const needed = page.offset + page.limit;
  const found: RankedHit[] = [];
  for (const [i, condition] of tiers.entries()) {
    const where = sql.join(
      [condition, ...tiers.slice(0, i).map((earlier) => sql<SqlBool>`not (${earlier})`)],
      sql` and `,
    ) as Expression<SqlBool>;
    const tier = { where, byCode: condition === codes };
    const part = { offset: 0, limit: needed - found.length };
    // a single tier holds every match: the query's own estimate
    const tierEstimate = tiers.length === 1 ? estimate : await estimatedMatches(db, scope, m, where);
    const sorted =
      tierEstimate <= searchTuning.sortBelowEstimate ? await sortedMatches(db, scope, m, part, tier) : null;
    found.push(
      ...(sorted && sorted.matches !== null ? sorted.hits : await walkTier(db, scope, m, part, tier)),
    );
    if (found.length >= needed) break;
  }
  return found.slice(page.offset);
}

/** The first matches of a tier in its order, along the (account, published, length, text) index. */
async function walkTier(
  db: Reader,
  scope: CatalogScope,
  m: SearchMatch,
  part: { offset: number; limit: number },
  tier: { where: Expression<SqlBool>; byCode: boolean },
): Promise<RankedHit[]> {
  const walk = candidates(db, scope, m)
    .select(['d.product_id', sql.lit(tier.byCode).as('by_code')])
    .where(asFilter(tier.where))
    .orderBy(sql`length(d.text)`)
    .orderBy('d.text')
    .orderBy('d.product_id')
    .offset(part.offset)
    .limit(part.limit);
  return rankedHits(db, numbered(walk)).modifyEnd(CUSTOM_PLAN).execute();
}

/**
 * The number of matches of a broad query, up to `limit` (a common word is not read whole to say
 * "more than 1,000"), in one statement. `estimate` is the planner's estimate of its matches: from
 * a share of the catalogue's published products (their categories' counters), a scan that stops
 * after `limit` matches meets them soon; below it, the GIN indexes' bitmap visits only matching
 * rows. Only the branch the CASE takes is run.
 */
export async function countMatches(
  db: Reader,
  scope: CatalogScope,
  m: SearchMatch,
  limit: number,
  estimate: number,
): Promise<number> {
  const published = db
    .selectFrom('categories as c')
    .select(sql`coalesce(sum(c.published_product_count), 0)`.as('n'))
    .where(categoryInScope(scope));
  const byScan = candidates(db, scope, m)
    .where(asFilter(matchCondition(m)))
    .select(sql`1`.as('one'))
    .limit(limit);
  // a materialised CTE is planned on its own, for all its rows (the bitmap), and read only as far
  // as the limit asks: seeing the limit, the planner would rather scan
  const result = await sql<{ total: string }>`
    WITH matched AS MATERIALIZED (${candidates(db, scope, m).where(matchCondition(m)).select('d.product_id')})
    SELECT CASE WHEN ${estimate}::float8 >= (${published}) * ${searchTuning.countByScanFromShare}::float8
      THEN (SELECT count(*) FROM (${byScan}) AS s)
      ELSE (SELECT count(*) FROM (SELECT 1 FROM matched LIMIT ${limit}) AS b)
    END AS total ${CUSTOM_PLAN}`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}
