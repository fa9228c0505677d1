import {
  IdParams,
  ListStocksQuery,
  StockCollectionResponse,
  StockOptionsQuery,
  StockOptionsResponse,
  StockPatchRequest,
  StockRequest,
  StockResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { registerItemsStockRoutes } from './items-stock.routes';
import * as stocks from './stocks.service';

const tags = ['stocks'];

/**
 * Stocks and items in stock: the stocks of the warehouses
 * (`stock.manage`; their options for the selects of other screens with `items_stock.read`), and
 * the items kept in them (items-stock.routes.ts).
 */
export function registerStockRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'stock.manage', refurbishmentFeature: 'advancedStocks' } as const;

  app.get(
    '/stocks',
    {
      config: manage,
      schema: { tags, querystring: ListStocksQuery, response: { 200: StockCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await stocks.listStocks(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/stocks/options',
    {
      config: { permission: 'items_stock.read' },
      schema: { tags, querystring: StockOptionsQuery, response: { 200: StockOptionsResponse } },
    },
    async (request) => stocks.listStockOptions(contextOf(request, deps), request.query),
  );

  app.post(
    '/stocks',
    { config: manage, schema: { tags, body: StockRequest, response: { 201: StockResponse } } },
    async (request, reply) =>
      reply.code(201).send(await stocks.createStock(contextOf(request, deps), request.body)),
  );

  app.get(
    '/stocks/:id',
    { config: manage, schema: { tags, params: IdParams, response: { 200: StockResponse } } },
    async (request) => stocks.getStock(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/stocks/:id',
    {
      config: manage,
      schema: { tags, params: IdParams, body: StockPatchRequest, response: { 200: StockResponse } },
    },
    async (request) => stocks.updateStock(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/stocks/:id',
    { config: manage, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await stocks.deleteStock(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  registerItemsStockRoutes(fastify, deps);
}
