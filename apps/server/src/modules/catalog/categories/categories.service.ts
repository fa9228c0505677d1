import {
  CATEGORY_SORT_FIELDS,
  type CategoryRef,
  type CategoryResponse,
  type CategoryTreeNode,
  type DroppedDiagnosticQuestionsResponse,
  type ListCategoriesQuery,
} from '@reprise/shared';
import { fieldError, notFound } from '../../../platform/errors';
import { orderFrom, type Page } from '../../../platform/pagination';
import type { BaseContext, RequestContext } from '../../../platform/request-context';
import { type CatalogScope, readScope } from '../catalog-scope';
import { fold } from '../catalog-text';
import * as products from '../products';
import { toCategoryRef, toCategoryResponse } from './categories.mapper';
import * as repo from './categories.repository';
import { buildForest, findNode, idsOfPath, prune } from './category-tree';

/** Completes category rows with their children, referring warehouses, question counts and channels (four queries). */
export async function toResponses(ctx: BaseContext, rows: repo.CategoryRow[]): Promise<CategoryResponse[]> {
  const ids = rows.map((r) => r.id);
  const [children, warehouses, questions, channels] = await Promise.all([
    repo.childrenOf(ctx, ids),
    repo.warehousesOf(ctx, ids),
    repo.diagnosticQuestionCountsOf(ctx, ids),
    repo.channelsOf(ctx, ids),
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
  ctx: RequestContext,
  query: ListCategoriesQuery,
): Promise<Page<CategoryResponse>> {
  const order = orderFrom(query, CATEGORY_SORT_FIELDS, { field: 'label', direction: 'asc' });
  const exists = query['exists[parent]'];
  const { rows, total } = await repo.listCategories(
    ctx,
    readScope(ctx, query.accountId),
    {
      search: query.search ? fold(query.search) : undefined,
      status: query.status,
      parentId: query.parent,
      hasParent: exists === undefined ? undefined : exists === 'true',
    },
    order,
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: await toResponses(ctx, rows), totalItems: total };
}

async function findVisibleCategory(ctx: BaseContext, scope: CatalogScope, id: string) {
  const row = await repo.findCategory(ctx, scope, id);
  if (!row) throw notFound('category');
  return row;
}

export async function getCategory(ctx: RequestContext, id: string): Promise<CategoryResponse> {
  const [response] = await toResponses(ctx, [await findVisibleCategory(ctx, readScope(ctx), id)]);
  return response as CategoryResponse;
}

/** Every visible category, nested (a forest: one tree per root category). */
export async function getTree(ctx: RequestContext, accountId?: string): Promise<CategoryTreeNode[]> {
  return buildForest(await repo.listTreeRows(ctx, readScope(ctx, accountId)));
}

/** One category with everything below it. */
export async function getSubtree(ctx: RequestContext, id: string): Promise<CategoryTreeNode> {
  const scope = readScope(ctx);
  const category = await findVisibleCategory(ctx, scope, id);
  const forest = buildForest(await repo.listTreeRows(ctx, scope, { pathPrefix: category.path }));
  return findNode(forest, id) as CategoryTreeNode;
}

/** The visible tree pruned to the categories holding published products, and their ancestors. */
export async function getTreeWithProducts(
  ctx: RequestContext,
  accountId?: string,
): Promise<CategoryTreeNode[]> {
  const forest = buildForest(await repo.listTreeRows(ctx, readScope(ctx, accountId)));
  return prune(forest, (node) => node.numberOfPublishedProducts > 0);
}

/**
 * The retailer categories linked to the caller's account as their buyer (a buyer's view of the
 * catalogues it serves); platform operators name the buyer account, or see every category.
 */
export async function getConnectedTree(
  ctx: RequestContext,
  buyerAccountId?: string,
): Promise<CategoryTreeNode[]> {
  const { actor } = ctx;
  let scope: CatalogScope;
  if (actor.isPlatform) scope = buyerAccountId ? { kind: 'buyer', buyerAccountId } : { kind: 'all' };
  else scope = { kind: 'buyer', buyerAccountId: actor.accountId };
  return buildForest(await repo.listTreeRows(ctx, scope));
}

/** The root categories of the visible catalogue(s). */
export async function listRootCategories(
  ctx: RequestContext,
  accountId?: string,
): Promise<CategoryResponse[]> {
  const { rows } = await repo.listCategories(
    ctx,
    readScope(ctx, accountId),
    { hasParent: false },
    { field: 'label', direction: 'asc' },
    { offset: 0, limit: 1000 },
  );
  return toResponses(ctx, rows);
}

/** The category's ancestors, root first, ending with the category itself. */
export async function getAncestry(ctx: RequestContext, id: string): Promise<CategoryRef[]> {
  const category = await findVisibleCategory(ctx, readScope(ctx), id);
  const ids = idsOfPath(category.path);
  const rows = await repo.findTreeRowsByIds(ctx, ids);
  return ids.flatMap((ancestorId) => {
    const row = rows.find((r) => r.id === ancestorId);
    return row ? [toCategoryRef(row)] : [];
  });
}

/** The categories of a product (main and secondary) within their ancestry, as a forest. */
export async function getProductCategoryTree(ctx: RequestContext, productId: string) {
  const product = await products.findProductCategories(ctx, readScope(ctx), productId);
  if (!product) throw notFound('product');
  const own = await repo.findTreeRowsByIds(ctx, [
    product.main_category_id,
    ...product.secondary_category_ids,
  ]);
  const ancestors = new Set(own.flatMap((row) => idsOfPath(row.path)));
  return {
    productId,
    mainCategoryId: product.main_category_id,
    secondaryCategoryIds: product.secondary_category_ids,
    tree: buildForest(await repo.findTreeRowsByIds(ctx, [...ancestors])),
  };
}

/** The stored image of a category the actor reads. */
export async function readCategoryImage(ctx: RequestContext, id: string) {
  const row = await repo.findCategory(ctx, readScope(ctx), id);
  const data = row?.image_key ? await ctx.deps.storage.get(row.image_key) : null;
  if (!row?.image_key || !data) throw notFound('image');
  return { data, key: row.image_key };
}

/**
 * What moving the category under `parentCategoryId` (null: to the root) would take out of its
 * products' questionnaires: the diagnostic questions of its current ancestors (not its own, which
 * move with it) that are not ancestors of the new place too, root first, each in its order. A
 * parent outside the catalogue, or the category itself or one below it, is refused as the move is.
 */
export async function getDroppedDiagnosticQuestions(
  ctx: RequestContext,
  id: string,
  parentCategoryId: string | null,
): Promise<DroppedDiagnosticQuestionsResponse> {
  const category = await findVisibleCategory(ctx, readScope(ctx), id);
  const ancestors = idsOfPath(category.path).slice(0, -1);
  let kept: string[] = [];
  if (parentCategoryId) {
    const parent = await repo.findCategory(
      ctx,
      { kind: 'account', accountId: category.account_id },
      parentCategoryId,
    );
    if (!parent || parent.path.startsWith(category.path))
      throw fieldError('invalid_parent', 'parentCategoryId', 'The category cannot move there.');
    kept = idsOfPath(parent.path);
  }
  const dropped = ancestors.filter((ancestor) => !kept.includes(ancestor));
  const [questions, productCount] = await Promise.all([
    repo.questionsOfCategories(ctx, category.account_id, dropped),
    repo.productCountUnder(ctx, category.account_id, category.path),
  ]);
  const member = questions
    .sort(
      (a, b) => dropped.indexOf(a.category_id) - dropped.indexOf(b.category_id) || a.position - b.position,
    )
    .map((q) => ({
      id: q.id,
      title: q.title,
      category: { id: q.category_id, identifier: q.identifier, label: q.label },
      answerCount: Number(q.answer_count ?? 0),
    }));
  return { member, totalItems: member.length, productCount };
}
