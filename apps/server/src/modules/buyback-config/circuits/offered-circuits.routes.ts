import { IdParams, ShippingMethodsQuery, ShippingMethodsResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { contextOf } from '../../../platform/request-context';
import { circuitsOfferedTo } from './offered-circuits.service';

/**
 * The circuits the buyback wizard offers for a product, at the path the API names them by:
 * "shipping methods" (docs/glossary.md).
 */
export function registerOfferedCircuitRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products/:id/shipping-methods',
    {
      // a public site's visitor too, on the web channel only
      config: { permission: ['buyback.create', 'web_buyback.create'] },
      schema: {
        tags: ['buyback wizard'],
        params: IdParams,
        querystring: ShippingMethodsQuery,
        response: { 200: ShippingMethodsResponse },
      },
    },
    async (request) => ({
      member: await circuitsOfferedTo(contextOf(request, deps), request.params.id, request.query),
    }),
  );
}
