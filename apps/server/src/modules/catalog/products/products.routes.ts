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
import { actorOf } from '../../../platform/auth-hook';
import { readUploadedFile } from '../../accounts/uploaded-file';
import { CATALOG_IMAGE_MAX_BYTES, sendImage } from '../catalog-images';
import { foldArrayKeys } from '../query-arrays';
import * as writes from './product-writes.service';
import * as products from './products.service';

const tags = ['catalogue: products'];
const ImageQuery = z.object({ v: z.string().max(64).optional() });

export function registerProductRoutes(fastify: FastifyInstance, deps: writes.ProductDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/products',
    {
      config: { permission: 'product.list' },
      preValidation: foldArrayKeys,
      schema: { tags, querystring: ListProductsQuery, response: { 200: ProductListResponse } },
    },
    async (request) => products.listProducts(db, actorOf(request), request.query, request.url),
  );

  app.get(
    '/products/:id',
    {
      // the catalogue's product page, and the buyback wizard's chosen product
      config: { permission: ['product.detail', 'buyback.create'] },
      schema: { tags, params: IdParams, response: { 200: ProductResponse } },
    },
    async (request) => products.getProduct(db, actorOf(request), request.params.id),
  );

  app.post(
    '/products',
    {
      config: { permission: 'product.create' },
      schema: { tags, body: CreateProductRequest, response: { 201: ProductResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await writes.createProduct(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: 'product.create' },
      schema: { tags, params: IdParams, body: PatchProductRequest, response: { 200: ProductResponse } },
    },
    async (request) => writes.updateProduct(deps, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/products/:id',
    { config: { permission: 'product.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await writes.deleteProduct(deps, actorOf(request), request.params.id);
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
        return writes.replaceProductImage(deps, actorOf(request), request.params.id, kind, data);
      },
    );

    app.delete(
      `/products/:id/${kind}`,
      {
        config: { permission: 'product.create' },
        schema: { tags, params: IdParams, response: { 200: ProductResponse } },
      },
      async (request) => writes.replaceProductImage(deps, actorOf(request), request.params.id, kind, null),
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
          await products.readProductImage(deps, actorOf(request), request.params.id, kind),
        ),
    );
  }
}
