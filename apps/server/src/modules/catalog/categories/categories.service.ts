import {
  CATEGORY_SORT_FIELDS,
  type CategoryRef,
  type CategoryResponse,
  type CategoryTreeNode,
  type Collection,
  type ListCategoriesQuery,
} from '@reprise/shared';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import type { AppDeps } from '../../../platform/deps';
import { notFound } from '../../../platform/errors';
import { collection, orderFrom } from '../../../platform/pagination';
import { type CatalogScope, readScope } from '../catalog-scope';
import { fold } from '../catalog-text';
import * as products from '../products/products.repository';
import { toCategoryRef, toCategoryResponse } from './categories.mapper';
import * as repo from './categories.repository';
import { buildForest, findNode, idsOfPath, prune } from './category-tree';

/** Completes category rows with their children, referring warehouses, question counts and channels (four queries). */
export async function toResponses(db: Db, rows: repo.CategoryRow[]): Promise<CategoryResponse[]> {
  const ids = rows.map((r) => r.id);
  const [children, warehouses, questions, channels] = await Promise.all([
    repo.childrenOf(db, ids),
    repo.warehousesOf(db, ids),
    repo.questionCountsOf(db, ids),
    repo.channelsOf(db, ids),
  ]);
  return rows.map((row) =>
    toCategoryResponse(row, {
      children: children.filter((c) => c.parent_category_id === row.id),
      warehouses: warehouses.filter((w) => w.category_id === row.id),
      questions: Number(questions.find((q) => q.category_id === row.id)?.questions ?? 0),
      channels: channels.filter((c) => c.category_id === row.id).map((c) => c.channel),
    }),
  );
}

export async function listCategories(
  db: Db,
  actor: Actor,
  query: ListCategoriesQuery,
  url: string,
): Promise<Collection<CategoryResponse>> {
  const order = orderFrom(query, CATEGORY_SORT_FIELDS, { field: 'label', direction: 'asc' });
  const exists = query['exists[parent]'];
  const { rows, total } = await repo.listCategories(
    db,
    readScope(actor, query.accountId),
    {
      search: query.search ? fold(query.search) : undefined,
      status: query.status,
      parentId: query.parent,
      hasParent: exists === undefined ? undefined : exists === 'true',
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return collection(await toResponses(db, rows), total, query.page, query.itemsPerPage, url);
}

export async function findVisibleCategory(db: Db, scope: CatalogScope, id: string) {
  const row = await repo.findCategory(db, scope, id);
  if (!row) throw notFound('category');
  return row;
}

export async function getCategory(db: Db, actor: Actor, id: string): Promise<CategoryResponse> {
  const [response] = await toResponses(db, [await findVisibleCategory(db, readScope(actor), id)]);
  return response as CategoryResponse;
}

/** Every visible category, nested (a forest: one tree per root category). */
export async function getTree(db: Db, actor: Actor, accountId?: string): Promise<CategoryTreeNode[]> {
  return buildForest(await repo.listTreeRows(db, readScope(actor, accountId)));
}

/** One category with everything below it. */
export async function getSubtree(db: Db, actor: Actor, id: string): Promise<CategoryTreeNode> {
  const scope = readScope(actor);
  const category = await findVisibleCategory(db, scope, id);
  const forest = buildForest(await repo.listTreeRows(db, scope, { pathPrefix: category.path }));
  return findNode(forest, id) as CategoryTreeNode;
}

/** The visible tree pruned to the categories holding published products, and their ancestors. */
export async function getTreeWithProducts(
  db: Db,
  actor: Actor,
  accountId?: string,
): Promise<CategoryTreeNode[]> {
  const forest = buildForest(await repo.listTreeRows(db, readScope(actor, accountId)));
  return prune(forest, (node) => node.numberOfPublishedProducts > 0);
}

/**
 * The retailer categories linked to the caller's account as their buyer (a buyer's view of the
 * catalogues it serves); platform operators name the buyer account, or see every category.
 */
export async function getConnectedTree(
  db: Db,
  actor: Actor,
  buyerAccountId?: string,
): Promise<CategoryTreeNode[]> {
  let scope: CatalogScope;
  if (actor.isPlatform) scope = buyerAccountId ? { kind: 'buyer', buyerAccountId } : { kind: 'all' };
  else scope = { kind: 'buyer', buyerAccountId: actor.accountId };
  return buildForest(await repo.listTreeRows(db, scope));
}

/** The root categories of the visible catalogue(s). */
export async function listRootCategories(
  db: Db,
  actor: Actor,
  accountId?: string,
): Promise<CategoryResponse[]> {
  const { rows } = await repo.listCategories(
    db,
    readScope(actor, accountId),
    { hasParent: false },
    { field: 'label', direction: 'asc' },
    { offset: 0, limit: 1000 },
  );
  return toResponses(db, rows);
}

/** The category's ancestors, root first, ending with the category itself. */
export async function getAncestry(db: Db, actor: Actor, id: string): Promise<CategoryRef[]> {
  const category = await findVisibleCategory(db, readScope(actor), id);
  const ids = idsOfPath(category.path);
  const rows = await repo.findTreeRowsByIds(db, ids);
  return ids.flatMap((ancestorId) => {
    const row = rows.find((r) => r.id === ancestorId);
    return row ? [toCategoryRef(row)] : [];
  });
}

/** The categories of a product (main and secondary) within their ancestry, as a forest. */
export async function getProductCategoryTree(db: Db, actor: Actor, productId: string) {
  const product = await products.findProductCategories(db, readScope(actor), productId);
  if (!product) throw notFound('product');
  const own = await repo.findTreeRowsByIds(db, [product.main_category_id, ...product.secondary_category_ids]);
  const ancestors = new Set(own.flatMap((row) => idsOfPath(row.path)));
  return {
    productId,
    mainCategoryId: product.main_category_id,
    secondaryCategoryIds: product.secondary_category_ids,
    tree: buildForest(await repo.findTreeRowsByIds(db, [...ancestors])),
  };
}

/** The stored image of a category the actor reads. */
export async function readCategoryImage(deps: Pick<AppDeps, 'db' | 'storage'>, actor: Actor, id: string) {
  const row = await repo.findCategory(deps.db, readScope(actor), id);
  const data = row?.image_key ? await deps.storage.get(row.image_key) : null;
  if (!row?.image_key || !data) throw notFound('image');
  return { data, key: row.image_key };
}
