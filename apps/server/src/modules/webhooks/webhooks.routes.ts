import {
  IdParams,
  ListWebhookDeliveriesQuery,
  WebhookDeliveryCollectionResponse,
  WebhookDeliveryResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as webhooks from './webhooks.service';

const tags = ['connectors'];

/** The delivery log of buyer resale webhooks (docs/connectors.md), with the configurations' permission. */
export function registerWebhookRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'connector.configuration' } as const;

  app.get(
    '/connector-organizations/:id/webhook-deliveries',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        querystring: ListWebhookDeliveriesQuery,
        response: { 200: WebhookDeliveryCollectionResponse },
      },
    },
    async (request) =>
      pageResponse(
        await webhooks.listDeliveries(contextOf(request, deps), request.params.id, request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/webhook-deliveries/:id/redeliver',
    { config, schema: { tags, params: IdParams, response: { 202: WebhookDeliveryResponse } } },
    async (request, reply) =>
      reply.code(202).send(await webhooks.redeliver(contextOf(request, deps), request.params.id)),
  );
}
