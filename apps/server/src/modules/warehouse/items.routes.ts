import { IdParams, ItemHistoryResponse, ItemResponse, WarehouseCodeParams } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as items from './items.service';

const tags = ['items'];
/** Whoever reads buybacks or items in stock reads an item it sees (buyback-lifecycle/items.repository.ts). */
const READ = ['buyback.detail', 'items_stock.read'] as const;

export function registerItemRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/items/by-code/:code',
    {
      config: { permission: READ },
      schema: { tags, params: WarehouseCodeParams, response: { 200: ItemResponse } },
    },
    async (request) => items.getItemByCode(contextOf(request, deps), request.params.code),
  );

  app.get(
    '/items/:id',
    { config: { permission: READ }, schema: { tags, params: IdParams, response: { 200: ItemResponse } } },
    async (request) => items.getItem(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/items/:id/history',
    {
      config: { permission: READ },
      schema: { tags, params: IdParams, response: { 200: ItemHistoryResponse } },
    },
    async (request) => items.getItemHistory(contextOf(request, deps), request.params.id),
  );
}
