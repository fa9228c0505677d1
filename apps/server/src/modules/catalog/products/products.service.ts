import {
  type ListProductsQuery,
  PRODUCT_SORT_FIELDS,
  type ProductListResponse,
  type ProductResponse,
} from '@reprise/shared';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { notFound } from '../../../platform/errors';
import { collection, orderFrom } from '../../../platform/pagination';
import { type CatalogScope, readScope } from '../catalog-scope';
import { wordsOf } from '../catalog-text';
import * as list from './product-list.repository';
import { categoryIdsOf, toProductResponse } from './products.mapper';
import * as repo from './products.repository';

/** Completes product rows with their categories (one query for the whole page). */
export async function toResponses(db: Db, rows: repo.ProductRow[]): Promise<ProductResponse[]> {
  const facts = await repo.findCategoryFacts(db, categoryIdsOf(rows));
  const byId = new Map(facts.map((c) => [c.id, c]));
  return rows.map((row) => toProductResponse(row, byId));
}

/**
 * The product list: text filter, categories (with their descendants), status (published unless
 * asked otherwise), grade-A price bounds, one order (name ascending by default).
 */
export async function listProducts(
  db: Db,
  actor: Actor,
  query: ListProductsQuery,
  url: string,
): Promise<ProductListResponse> {
  const scope = readScope(actor, query.accountId);
  const filters: list.ProductFilters = {
    words: wordsOf(query.search_product_buyback ?? ''),
    categoryIds: query.category?.length ? await list.expandSubtrees(db, scope, query.category) : undefined,
    status: query.status === 'all' ? undefined : query.status,
    priceMin: query['buybackPriceGradeA[gte]'],
    priceMax: query['buybackPriceGradeA[lte]'],
  };
  const order = orderFrom(query, PRODUCT_SORT_FIELDS, { field: 'name', direction: 'asc' });
  const page = { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage };
  const { rows, total, totalCapped } = await list.listProducts(db, scope, filters, order, page);
  return {
    ...collection(await toResponses(db, rows), total, query.page, query.itemsPerPage, url),
    totalItemsCapped: totalCapped,
  };
}

export async function findVisibleProduct(db: Db, scope: CatalogScope, id: string) {
  const row = await repo.findProduct(db, scope, id);
  if (!row) throw notFound('product');
  return row;
}

export async function getProduct(db: Db, actor: Actor, id: string): Promise<ProductResponse> {
  return (await toResponses(db, [await findVisibleProduct(db, readScope(actor), id)]))[0] as ProductResponse;
}

export type ProductImageKind = 'image' | 'image-hd';

/** The stored image (or HD image) of a product the actor reads. */
export async function readProductImage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  actor: Actor,
  id: string,
  kind: ProductImageKind,
) {
  const row = await repo.findProduct(deps.db, readScope(actor), id);
  const key = kind === 'image' ? row?.image_key : row?.image_hd_key;
  const data = key ? await deps.storage.get(key) : null;
  if (!key || !data) throw notFound('image');
  return { data, key };
}
