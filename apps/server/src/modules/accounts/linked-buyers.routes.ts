import { AccountIdParams, LinkedBuyersResponse, PutLinkedBuyersRequest } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as linkedBuyers from './linked-buyers.service';

const tags = ['accounts'];

/** The linked buyers of an account: set by platform operators. */
export function registerLinkedBuyerRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/account/:accountId/linked-buyers',
    {
      // operators, and a retailer's catalogue managers for its own account (the category form)
      config: { permission: ['client.detail', 'category.create'] },
      schema: { tags, params: AccountIdParams, response: { 200: LinkedBuyersResponse } },
    },
    async (request) => linkedBuyers.getLinkedBuyers(contextOf(request, deps), request.params.accountId),
  );

  app.put(
    '/account/:accountId/linked-buyers',
    {
      config: { permission: 'client.create' },
      schema: {
        tags,
        params: AccountIdParams,
        body: PutLinkedBuyersRequest,
        response: { 200: LinkedBuyersResponse },
      },
    },
    async (request) =>
      linkedBuyers.putLinkedBuyers(contextOf(request, deps), request.params.accountId, request.body),
  );
}
