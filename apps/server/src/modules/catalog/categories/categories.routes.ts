import {
  CatalogScopeQuery,
  CategoryAncestryResponse,
  CategoryResponse,
  CategoryTreeNode,
  ConnectedTreeQuery,
  CreateCategoryRequest,
  collectionOf,
  DroppedDiagnosticQuestionsQuery,
  DroppedDiagnosticQuestionsResponse,
  IdParams,
  ListCategoriesQuery,
  PatchCategoryRequest,
  ProductCategoryTreeResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import { readUploadedFile } from '../../accounts';
import { CATALOG_IMAGE_MAX_BYTES, sendImage } from '../catalog-images';
import * as categories from './categories.service';
import * as writes from './category-writes.service';

const tags = ['catalogue: categories'];
const ImageQuery = z.object({ v: z.string().max(64).optional() });

export function registerCategoryRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/categories',
    {
      config: { permission: 'category.list' },
      schema: { tags, querystring: ListCategoriesQuery, response: { 200: collectionOf(CategoryResponse) } },
    },
    async (request) =>
      pageResponse(
        await categories.listCategories(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/categories/tree',
    {
      config: { permission: ['category.list', 'buyback.create'] },
      schema: { tags, querystring: CatalogScopeQuery, response: { 200: z.array(CategoryTreeNode) } },
    },
    async (request) => categories.getTree(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/categories/tree/:id',
    {
      config: { permission: ['category.list', 'buyback.create'] },
      schema: { tags, params: IdParams, response: { 200: CategoryTreeNode } },
    },
    async (request) => categories.getSubtree(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/categories/with-products',
    {
      config: { permission: ['category.list', 'buyback.create'] },
      schema: { tags, querystring: CatalogScopeQuery, response: { 200: z.array(CategoryTreeNode) } },
    },
    async (request) => categories.getTreeWithProducts(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/categories/connected-tree',
    {
      config: { permission: 'category.list' },
      schema: { tags, querystring: ConnectedTreeQuery, response: { 200: z.array(CategoryTreeNode) } },
    },
    async (request) => categories.getConnectedTree(contextOf(request, deps), request.query.buyerAccountId),
  );

  app.get(
    '/internal/categories/root',
    {
      config: { permission: 'category.list' },
      schema: { tags, querystring: CatalogScopeQuery, response: { 200: z.array(CategoryResponse) } },
    },
    async (request) => categories.listRootCategories(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/categories/:id',
    {
      config: { permission: 'category.detail' },
      schema: { tags, params: IdParams, response: { 200: CategoryResponse } },
    },
    async (request) => categories.getCategory(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/categories/:id/ancestry',
    {
      config: { permission: ['category.detail', 'buyback.create'] },
      schema: { tags, params: IdParams, response: { 200: CategoryAncestryResponse } },
    },
    async (request) => categories.getAncestry(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/categories/:id/checkpoints-to-archive',
    {
      config: { permission: 'category.detail' },
      schema: {
        tags,
        params: IdParams,
        querystring: DroppedDiagnosticQuestionsQuery,
        response: { 200: DroppedDiagnosticQuestionsResponse },
      },
    },
    async (request) =>
      categories.getDroppedDiagnosticQuestions(
        contextOf(request, deps),
        request.params.id,
        request.query.parentCategoryId,
      ),
  );

  app.get(
    '/products/:id/category_tree',
    {
      config: { permission: 'product.detail' },
      schema: { tags, params: IdParams, response: { 200: ProductCategoryTreeResponse } },
    },
    async (request) => categories.getProductCategoryTree(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/categories',
    {
      config: { permission: 'category.create' },
      schema: { tags, body: CreateCategoryRequest, response: { 201: CategoryResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await writes.createCategory(contextOf(request, deps), request.body)),
  );

  app.patch(
    '/categories/:id',
    {
      config: { permission: 'category.create' },
      schema: { tags, params: IdParams, body: PatchCategoryRequest, response: { 200: CategoryResponse } },
    },
    async (request) => writes.updateCategory(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    {
      config: { permission: 'category.create' },
      schema: { tags, params: IdParams },
    },
    async (request, reply) => {
      await writes.deleteCategory(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/categories/:id/image',
    {
      config: { permission: 'category.create' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: CategoryResponse },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, CATALOG_IMAGE_MAX_BYTES);
      return writes.replaceCategoryImage(contextOf(request, deps), request.params.id, data);
    },
  );

  app.delete(
    '/categories/:id/image',
    {
      config: { permission: 'category.create' },
      schema: { tags, params: IdParams, response: { 200: CategoryResponse } },
    },
    async (request) => writes.replaceCategoryImage(contextOf(request, deps), request.params.id, null),
  );

  app.get(
    '/categories/:id/image',
    {
      config: { permission: 'category.detail' },
      schema: { tags, params: IdParams, querystring: ImageQuery },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        await categories.readCategoryImage(contextOf(request, deps), request.params.id),
      ),
  );
}
