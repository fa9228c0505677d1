import {
  type ProductSearchHit,
  SEARCH_COUNT_LIMIT,
  SEARCH_PAGE_SIZE,
  type SearchProductsQuery,
} from '@reprise/shared';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { imageUrl } from '../catalog-images';
import { type CatalogScope, readScope } from '../catalog-scope';
import { normalize, wordsOf } from '../catalog-text';
import { expandSubtrees, listProducts } from '../products/product-list.repository';
import { pricesOf, productImagePath } from '../products/products.mapper';
import type { ProductRow } from '../products/products.repository';
import type { ProductSearch, ProductSearchResult } from './product-search';
import * as repo from './search.repository';
import {
  chooseCorrections,
  codeOf,
  exactQuery,
  highlight,
  isCorrectable,
  matchQuery,
  parseQuery,
  prefixQuery,
} from './search-text';

/** The pg_trgm similarity from which a catalogue word is a candidate correction ('iphnoe' → 'iphone' is 0.27); the edit distance decides. */
const CORRECTION_THRESHOLD = 0.2;

type IndexedProduct = Awaited<ReturnType<typeof repo.productsToIndex>>[number];

/** A product's search document: its words (name, brand, model) and its codes (EAN, reference, TACs). */
export function toDocument(p: IndexedProduct): repo.SearchDocument {
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

/** The corrections of the query's misspelt words, from the catalogue's words (typo tolerance). */
async function correctionsOf(
  db: Db,
  scope: CatalogScope,
  words: string[],
): Promise<Record<string, string[]>> {
  const corrections: Record<string, string[]> = {};
  const similar = await repo.similarWords(db, scope, words.filter(isCorrectable), CORRECTION_THRESHOLD);
  for (const word of words) {
    const chosen = chooseCorrections(
      word,
      similar.filter((s) => s.word === word).map((s) => s.similar),
    );
    if (chosen.length) corrections[word] = chosen;
  }
  return corrections;
}

/** Without a query, the published products of the categories asked, by name: the product list's own path. */
async function browse(
  db: Db,
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
 * The search on PostgreSQL: full text (`tsvector`, `simple` configuration, over text normalised
 * here) with words matched as prefixes, misspelt words corrected from the catalogue's word list by
 * pg_trgm similarity, and exact codes ranked first.
 */
export function createPostgresProductSearch(db: Db): ProductSearch {
  const engine: ProductSearch = {
    async index(trx, productIds) {
      const products = await repo.productsToIndex(trx, productIds);
      const found = new Set(products.map((p) => p.id));
      await repo.removeDocuments(
        trx,
        productIds.filter((id) => !found.has(id)),
      );
      const documents = products.map(toDocument);
      await repo.upsertDocuments(trx, documents);
      const words = new Map<string, { accountId: string; word: string }>();
      for (const d of documents)
        for (const word of wordsOf(d.text))
          words.set(`${d.accountId} ${word}`, { accountId: d.accountId, word });
      await repo.addWords(trx, [...words.values()]);
    },

    search(actor: Actor, query: SearchProductsQuery): Promise<ProductSearchResult> {
      return engine.searchCatalog(readScope(actor, query.accountId), query);
    },

    async searchCatalog(scope: CatalogScope, query: SearchProductsQuery): Promise<ProductSearchResult> {
      const { words, codes } = parseQuery(query.q);
      const categoryIds = query.category?.length
        ? await expandSubtrees(db, scope, query.category)
        : undefined;
      const page = { offset: (query.page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
      if (words.length === 0 && codes.length === 0) return browse(db, scope, categoryIds, page);
      const corrections = await correctionsOf(db, scope, words);
      const match: repo.SearchMatch = {
        match: words.length ? matchQuery(words, corrections) : null,
        exact: words.length ? exactQuery(words) : null,
        prefix: words.length ? prefixQuery(words) : null,
        codes,
        categoryIds,
      };
      const { hits: ranked, matches } = await repo.searchPage(db, scope, match, page);
      const counted = matches ?? (await repo.countMatches(db, scope, match, SEARCH_COUNT_LIMIT + 1));
      const totalItemsCapped = counted > SEARCH_COUNT_LIMIT;
      const totalItems = Math.min(counted, SEARCH_COUNT_LIMIT);
      const rows = new Map(
        (
          await repo.hitRows(
            db,
            ranked.map((r) => r.productId),
          )
        ).map((r) => [r.id, r]),
      );
      const terms = [...words, ...Object.values(corrections).flat()];
      const hits = ranked.flatMap(({ productId, byCode }) => {
        const row = rows.get(productId);
        return row ? [toHit(row, byCode ? 'code' : 'text', byCode ? [] : terms)] : [];
      });
      return { hits, totalItems, totalItemsCapped, corrections };
    },
  };
  return engine;
}
