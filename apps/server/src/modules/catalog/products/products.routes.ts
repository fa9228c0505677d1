import {
  CreateProductRequest,
  IdParams,
  ListProductsQuery,
  PatchProductRequest,
  ProductListResponse,
  ProductResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import { readUploadedFile } from '../../accounts';
import { CATALOG_IMAGE_MAX_BYTES, sendImage } from '../catalog-images';
import { foldArrayKeys } from '../query-arrays';
import type { ProductSearch } from '../search/product-search';
import * as writes from './product-writes.service';
import * as products from './products.service';

const tags = ['catalogue: products'];
const ImageQuery = z.object({ v: z.string().max(64).optional() });

/** The product routes; `search` is the catalogue's search engine, which product writes keep up to date. */
export function registerProductRoutes(fastify: FastifyInstance, deps: AppDeps, search: ProductSearch): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    {
      config: { permission: 'product.list' },
      preValidation: foldArrayKeys,
      schema: { tags, querystring: ListProductsQuery, response: { 200: ProductListResponse } },
    },
    async (request) => {
      const page = await products.listProducts(contextOf(request, deps), request.query);
      return { ...pageResponse(page, request.query, request.url), totalItemsCapped: page.totalItemsCapped };
    },
  );

  app.get(
    '/products/:id',
    {
      // the catalogue's product page, and the buyback wizard's chosen product
      config: { permission: ['product.detail', 'buyback.create'] },
      schema: { tags, params: IdParams, response: { 200: ProductResponse } },
    },
    async (request) => products.getProduct(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/products',
    {
      config: { permission: 'product.create' },
      schema: { tags, body: CreateProductRequest, response: { 201: ProductResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await writes.createProduct(contextOf(request, deps), search, request.body)),
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: 'product.create' },
      schema: { tags, params: IdParams, body: PatchProductRequest, response: { 200: ProductResponse } },
    },
    async (request) =>
      writes.updateProduct(contextOf(request, deps), search, request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    { config: { permission: 'product.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await writes.deleteProduct(contextOf(request, deps), search, request.params.id);
      return reply.code(204).send();
    },
  );

  for (const kind of ['image', 'image-hd'] as const) {
    app.put(
      `/products/:id/${kind}`,
      {
        config: { permission: 'product.create' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 200: ProductResponse },
        },
      },
      async (request) => {
        const data = await readUploadedFile(request, CATALOG_IMAGE_MAX_BYTES);
        return writes.replaceProductImage(contextOf(request, deps), request.params.id, kind, data);
      },
    );

    app.delete(
      `/products/:id/${kind}`,
      {
        config: { permission: 'product.create' },
        schema: { tags, params: IdParams, response: { 200: ProductResponse } },
      },
      async (request) => writes.replaceProductImage(contextOf(request, deps), request.params.id, kind, null),
    );

    app.get(
      `/products/:id/${kind}`,
      {
        config: { permission: 'product.detail' },
        schema: { tags, params: IdParams, querystring: ImageQuery },
      },
      async (request, reply) =>
        sendImage(
          request,
          reply,
          await products.readProductImage(contextOf(request, deps), request.params.id, kind),
        ),
    );
  }
}
