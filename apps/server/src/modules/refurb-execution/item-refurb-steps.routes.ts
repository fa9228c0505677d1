import {
  IdParams,
  ItemRefurbStepActionParams,
  ItemRefurbStepActionRequest,
  ItemRefurbStepResponse,
  ItemRefurbStepSearchQuery,
  ItemRefurbStepSearchResponse,
  ItemRefurbStepsResponse,
  ValidateItemRefurbRequest,
  ValidateItemRefurbResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { etagOf, versionsOfIfMatch } from './item-refurb-steps.rules';
import * as steps from './item-refurb-steps.service';

const tags = ['refurbishment'];

/**
 * Running an item's services (docs/refurbishment.md): find the
 * item, list its services, read one (ETag: its version) and act on it with `If-Match`, validate
 * the item. Permission `refurb.write`; the list is read with `items_stock.read` too (the item page
 * of the stock screens shows it).
 */
export function registerItemRefurbStepRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/item-refurb-steps/search',
    {
      config: { permission: 'refurb.write', refurbishmentFeature: 'refurbSteps' },
      schema: {
        tags,
        querystring: ItemRefurbStepSearchQuery,
        response: { 200: ItemRefurbStepSearchResponse },
      },
    },
    async (request) => steps.searchItem(contextOf(request, deps), request.query.code),
  );

  app.get(
    '/items/:id/item-refurb-steps',
    {
      config: { permission: ['refurb.write', 'items_stock.read'], refurbishmentFeature: 'refurbSteps' },
      schema: { tags, params: IdParams, response: { 200: ItemRefurbStepsResponse } },
    },
    async (request) => steps.listItemSteps(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/item-refurb-steps/:id',
    {
      config: { permission: 'refurb.write', refurbishmentFeature: 'refurbSteps' },
      schema: { tags, params: IdParams, response: { 200: ItemRefurbStepResponse } },
    },
    async (request, reply) => {
      const step = await steps.getStep(contextOf(request, deps), request.params.id);
      reply.header('etag', etagOf(step.version)).header('cache-control', 'private, no-cache');
      return step;
    },
  );

  app.post(
    '/item-refurb-steps/:id/:action',
    {
      config: { permission: 'refurb.write', refurbishmentFeature: 'refurbSteps' },
      schema: {
        tags,
        params: ItemRefurbStepActionParams,
        body: ItemRefurbStepActionRequest,
        response: { 200: ItemRefurbStepResponse },
      },
    },
    async (request, reply) => {
      const step = await steps.actOnStep(
        contextOf(request, deps),
        request.params.id,
        request.params.action,
        versionsOfIfMatch(request.headers['if-match']),
        request.body,
      );
      reply.header('etag', etagOf(step.version));
      return step;
    },
  );

  app.post(
    '/items/:id/item-refurb-steps/validate',
    {
      config: { permission: 'refurb.write', refurbishmentFeature: 'refurbSteps' },
      schema: {
        tags,
        params: IdParams,
        body: ValidateItemRefurbRequest,
        response: { 200: ValidateItemRefurbResponse },
      },
    },
    async (request) => steps.validateItem(contextOf(request, deps), request.params.id, request.body),
  );
}
