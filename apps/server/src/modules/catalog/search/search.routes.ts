import { ProductSearchResponse, SEARCH_PAGE_SIZE, SearchProductsQuery } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth-hook';
import { collection } from '../../../platform/pagination';
import { foldArrayKeys } from '../query-arrays';
import type { ProductSearch } from './product-search';

const tags = ['catalogue: search'];

export function registerSearchRoutes(fastify: FastifyInstance, search: ProductSearch): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/search/products',
    {
      // the catalogue's list, and the buyback wizard's product search
      config: { permission: ['product.list', 'buyback.create'] },
      preValidation: foldArrayKeys,
      schema: { tags, querystring: SearchProductsQuery, response: { 200: ProductSearchResponse } },
    },
    async (request) => {
      const result = await search.search(actorOf(request), request.query);
      const page = collection(
        result.hits,
        result.totalItems,
        request.query.page,
        SEARCH_PAGE_SIZE,
        request.url,
      );
      return { ...page, corrections: result.corrections, totalItemsCapped: result.totalItemsCapped };
    },
  );
}
