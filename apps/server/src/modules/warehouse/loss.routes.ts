import { IdParams, ItemResponse, MarkItemLostRequest, RevertLossRequest } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as loss from './loss.service';

const tags = ['items'];

/** Loss in transport or in the warehouse, and its undoing by an admin (docs/statuses.md, "Loss"). */
export function registerLossRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // the route lets in either permission; the service checks the one of the place asked
  app.post(
    '/items/:id/mark-lost',
    {
      config: { permission: ['item.mark_lost_transport', 'item.mark_lost_warehouse'] },
      schema: { tags, params: IdParams, body: MarkItemLostRequest, response: { 200: ItemResponse } },
    },
    async (request) => loss.markItemLost(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/items/:id/revert-loss',
    {
      config: { permission: 'item.revert_loss' },
      schema: { tags, params: IdParams, body: RevertLossRequest, response: { 200: ItemResponse } },
    },
    async (request) => loss.revertItemLoss(contextOf(request, deps), request.params.id, request.body),
  );
}
