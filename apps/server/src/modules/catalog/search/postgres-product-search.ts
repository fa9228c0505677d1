import {
  type ProductSearchHit,
  SEARCH_COUNT_LIMIT,
  SEARCH_PAGE_SIZE,
  type SearchProductsQuery,
} from '@reprise/shared';
import type { Db } from '../../../platform/db';
import type { BaseContext, Reader } from '../../../platform/request-context';
import { imageUrl } from '../catalog-images';
import { type CatalogScope, readScope } from '../catalog-scope';
import { normalize, wordsOf } from '../catalog-text';
import { expandSubtrees, listProducts, type ProductRow, pricesOf, productImagePath } from '../products';
import type { ProductSearch, ProductSearchResult } from './product-search';
import * as repo from './search.repository';
import {
  chooseCorrections,
  codeOf,
  highlight,
  isCorrectable,
  type KnownWord,
  parseQuery,
  textTiers,
} from './search-text';

type IndexedProduct = Awaited<ReturnType<typeof repo.productsToIndex>>[number];

/** A product's names in the other languages (docs/translations.md), folded as the base text. */
function translatedNames(p: IndexedProduct): string {
  const names = Object.values(p.translations ?? {}).map((fields) => fields?.name);
  return normalize(names.filter((name): name is string => Boolean(name)).join(' '));
}

/**
 * A product's search document: its words (name, brand, model, and its translated names, so that a
 * reader finds it by the name shown in their language) and its codes (EAN, reference, TACs).
 */
function toDocument(p: IndexedProduct): repo.SearchDocument {
  const codes = [p.ean_code, p.reference ? codeOf(p.reference) : null, ...p.tac_codes].filter(
    (c): c is string => Boolean(c),
  );
  return {
    productId: p.id,
    accountId: p.account_id,
    buyerAccountId: p.buyer_account_id,
    published: p.status === 'published',
    categoryIds: [p.main_category_id, ...p.secondary_category_ids],
    codes: [...new Set(codes)],
    text: normalize([p.name, p.brand, p.model].filter(Boolean).join(' ')),
    translatedText: translatedNames(p),
  };
}

type HitRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'brand'
  | 'model'
  | 'reference'
  | 'ean_code'
  | 'image_key'
  | 'main_category_id'
  | 'main_identifier'
  | 'main_label'
> &
  Parameters<typeof pricesOf>[0];

function toHit(p: HitRow, matchedBy: 'code' | 'text', terms: readonly string[]): ProductSearchHit {
  const image = imageUrl(productImagePath(p.id, 'image'), p.image_key);
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    model: p.model,
    reference: p.reference,
    eanCode: p.ean_code,
    mainCategory: { id: p.main_category_id, identifier: p.main_identifier, label: p.main_label },
    image: image ? { url: image, alt: p.name } : null,
    buybackPrices: pricesOf(p),
    matchedBy,
    highlight: highlight(p.name, terms),
  };
}

/**
 * What the catalogue says of the query: which words are catalogue words or begin one, the
 * corrections of the others (typo tolerance), and whether any of its codes is a product's.
 */
async function queryKnowledge(db: Reader, scope: CatalogScope, words: string[], codes: string[]) {
  if (words.length === 0) return { known: {}, codesFound: true };
  const facts = await repo.queryFacts(db, scope, words, words.filter(isCorrectable), codes);
  const known: Record<string, KnownWord> = {};
  for (const word of facts.words)
    known[word.word] = {
      exact: word.exact,
      extended: word.extended,
      corrections: word.exact || word.extended ? [] : chooseCorrections(word.word, word.similar),
    };
  return { known, codesFound: facts.codesFound };
}

/** Without a query, the published products of the categories asked, by name: the product list's own path. */
async function browse(
  db: Reader,
  scope: CatalogScope,
  categoryIds: string[] | undefined,
  page: { offset: number; limit: number },
): Promise<ProductSearchResult> {
  const { rows, total } = await listProducts(
    db,
    scope,
    { words: [], status: 'published', categoryIds },
    { field: 'name', direction: 'asc' },
    page,
  );
  return {
    hits: rows.map((row) => toHit(row, 'text', [])),
    totalItems: total,
    totalItemsCapped: false,
    corrections: {},
  };
}

/**
 * Writes the search documents (and catalogue words) of these products as they are now, in the
 * caller's transaction; answers the ids found. Bulk loads call it alone (seed/catalog.ts): their
 * products all exist.
 */
export async function writeDocuments(trx: Db, productIds: readonly string[]): Promise<Set<string>> {
  const products = await repo.productsToIndex(trx, productIds);
  const documents = products.map(toDocument);
  await repo.upsertDocuments(trx, documents);
  const words = new Map<string, { accountId: string; word: string }>();
  for (const d of documents)
    for (const word of wordsOf(`${d.text} ${d.translatedText}`))
      words.set(`${d.accountId} ${word}`, { accountId: d.accountId, word });
  await repo.addWords(trx, [...words.values()]);
  return new Set(products.map((p) => p.id));
}

/** One page of the search within a catalogue, read on `db`. */
async function searchIn(
  db: Reader,
  scope: CatalogScope,
  query: SearchProductsQuery,
): Promise<ProductSearchResult> {
  const { words, codes } = parseQuery(query.q);
  const categoryIds = query.category?.length ? await expandSubtrees(db, scope, query.category) : undefined;
  const page = { offset: (query.page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
  if (words.length === 0 && codes.length === 0) return browse(db, scope, categoryIds, page);
  const { known, codesFound } = await queryKnowledge(db, scope, words, codes);
  const corrections = Object.fromEntries(
    Object.entries(known).flatMap(([word, k]) => (k.corrections.length ? [[word, k.corrections]] : [])),
  );
  const match: repo.SearchMatch = {
    ...textTiers(words, known),
    codes: codesFound ? codes : [],
    categoryIds,
  };
  const ranked = await repo.searchPage(db, scope, match, page);
  const counted =
    ranked.matches ?? (await repo.countMatches(db, scope, match, SEARCH_COUNT_LIMIT + 1, ranked.estimate));
  const totalItemsCapped = counted > SEARCH_COUNT_LIMIT;
  const totalItems = Math.min(counted, SEARCH_COUNT_LIMIT);
  const terms = [...words, ...Object.values(corrections).flat()];
  const hits = ranked.hits.map((hit) => toHit(hit, hit.by_code ? 'code' : 'text', hit.by_code ? [] : terms));
  return { hits, totalItems, totalItemsCapped, corrections };
}

/**
 * The search on PostgreSQL: full text (`tsvector`, `simple` configuration, over text normalised
 * here) with words matched as prefixes, misspelt words corrected from the catalogue's word list by
 * pg_trgm similarity, and exact codes ranked first.
 */
export function createPostgresProductSearch(db: Reader): ProductSearch {
  return {
    async index(tx, productIds) {
      const found = await writeDocuments(tx.trx, productIds);
      await repo.removeDocuments(
        tx,
        productIds.filter((id) => !found.has(id)),
      );
    },
    search: (ctx: BaseContext, query: SearchProductsQuery) =>
      searchIn(ctx.db, readScope(ctx, query.accountId), query),
    searchCatalog: (scope: CatalogScope, query: SearchProductsQuery) => searchIn(db, scope, query),
  };
}
