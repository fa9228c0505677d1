import { type ListProductsQuery, PRODUCT_SORT_FIELDS, type ProductResponse } from '@reprise/shared';
import { notFound } from '../../../platform/errors';
import { orderFrom, type Page } from '../../../platform/pagination';
import type { BaseContext, RequestContext } from '../../../platform/request-context';
import { type CatalogScope, readScope } from '../catalog-scope';
import { wordsOf } from '../catalog-text';
import * as list from './product-list.repository';
import { categoryIdsOf, toProductResponse } from './products.mapper';
import * as repo from './products.repository';

/** Completes product rows with their categories (one query for the whole page). */
export async function toResponses(ctx: BaseContext, rows: repo.ProductRow[]): Promise<ProductResponse[]> {
  const facts = await repo.findCategoryFacts(ctx, categoryIdsOf(rows));
  const byId = new Map(facts.map((c) => [c.id, c]));
  return rows.map((row) => toProductResponse(row, byId));
}

/**
 * The product list: text filter, categories (with their descendants), status (published unless
 * asked otherwise), grade-A price bounds, one order (name ascending by default).
 */
export async function listProducts(
  ctx: RequestContext,
  query: ListProductsQuery,
): Promise<Page<ProductResponse> & { totalItemsCapped: boolean }> {
  const scope = readScope(ctx, query.accountId);
  const filters: list.ProductFilters = {
    words: wordsOf(query.search_product_buyback ?? ''),
    categoryIds: query.category?.length
      ? await list.expandSubtrees(ctx.db, scope, query.category)
      : undefined,
    status: query.status === 'all' ? undefined : query.status,
    priceMin: query['buybackPriceGradeA[gte]'],
    priceMax: query['buybackPriceGradeA[lte]'],
  };
  const order = orderFrom(query, PRODUCT_SORT_FIELDS, { field: 'name', direction: 'asc' });
  const page = { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage };
  const { rows, total, totalCapped } = await list.listProducts(ctx.db, scope, filters, order, page);
  return { member: await toResponses(ctx, rows), totalItems: total, totalItemsCapped: totalCapped };
}

async function findVisibleProduct(ctx: BaseContext, scope: CatalogScope, id: string) {
  const row = await repo.findProduct(ctx, scope, id);
  if (!row) throw notFound('product');
  return row;
}

export async function getProduct(ctx: RequestContext, id: string): Promise<ProductResponse> {
  return (await toResponses(ctx, [await findVisibleProduct(ctx, readScope(ctx), id)]))[0] as ProductResponse;
}

export type ProductImageKind = 'image' | 'image-hd';

/** The stored image (or HD image) of a product the actor reads. */
export async function readProductImage(ctx: RequestContext, id: string, kind: ProductImageKind) {
  const row = await repo.findProduct(ctx, readScope(ctx), id);
  const key = kind === 'image' ? row?.image_key : row?.image_hd_key;
  const data = key ? await ctx.deps.storage.get(key) : null;
  if (!key || !data) throw notFound('image');
  return { data, key };
}
