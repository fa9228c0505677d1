import { BuybackResponse, IdParams, SendBuybacksRequest, SendBuybacksResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as send from './send.service';

const tags = ['buybacks'];

/** The store (or the warehouse) marks buybacks sent to the warehouse (send.service.ts). */
export function registerSendRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/buybacks/send',
    {
      config: { permission: 'buyback_item.send' },
      schema: { tags, body: SendBuybacksRequest, response: { 200: SendBuybacksResponse } },
    },
    async (request) => send.sendBuybacks(contextOf(request, deps), request.body.buybackIds),
  );

  app.post(
    '/buybacks/:id/send',
    {
      config: { permission: 'buyback_item.send' },
      schema: { tags, params: IdParams, response: { 200: BuybackResponse } },
    },
    async (request) => send.sendBuyback(contextOf(request, deps), request.params.id),
  );
}
