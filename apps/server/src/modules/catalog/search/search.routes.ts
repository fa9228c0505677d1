import { ProductSearchResponse, SEARCH_PAGE_SIZE, SearchProductsQuery } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import { foldArrayKeys } from '../query-arrays';
import type { ProductSearch } from './product-search';

const tags = ['catalogue: search'];

export function registerSearchRoutes(fastify: FastifyInstance, deps: AppDeps, search: ProductSearch): void {
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
      const { query } = request;
      const result = await search.search(contextOf(request, deps), query);
      const page = pageResponse(
        { member: result.hits, totalItems: result.totalItems },
        { page: query.page, itemsPerPage: SEARCH_PAGE_SIZE },
        request.url,
      );
      return { ...page, corrections: result.corrections, totalItemsCapped: result.totalItemsCapped };
    },
  );
}
