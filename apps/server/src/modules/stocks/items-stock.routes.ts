import {
  IdParams,
  ItemResponse,
  ItemStockCollectionResponse,
  ItemStockDetailResponse,
  ItemStockEditRequest,
  ListItemsStockQuery,
  MoveToStockRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as itemsStock from './items-stock.service';

const tags = ['stocks: items in stock'];

/** The items kept in the stocks (`/items-stock`, `items-stock/{id}/edit`). */
export function registerItemsStockRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'items_stock.read' } as const;

  app.get(
    '/items-stock',
    {
      config: read,
      schema: { tags, querystring: ListItemsStockQuery, response: { 200: ItemStockCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await itemsStock.listItemsInStock(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/items-stock/:id',
    { config: read, schema: { tags, params: IdParams, response: { 200: ItemStockDetailResponse } } },
    async (request) => itemsStock.getItemInStock(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/items-stock/:id',
    {
      config: { permission: 'stock.manage', refurbishmentFeature: 'advancedStocks' },
      schema: {
        tags,
        params: IdParams,
        body: ItemStockEditRequest,
        response: { 200: ItemStockDetailResponse },
      },
    },
    async (request) => itemsStock.editItemInStock(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/items/:id/move-to-stock',
    {
      config: { permission: 'refurb.write' },
      schema: { tags, params: IdParams, body: MoveToStockRequest, response: { 200: ItemResponse } },
    },
    async (request) => itemsStock.moveItemToStock(contextOf(request, deps), request.params.id, request.body),
  );
}
