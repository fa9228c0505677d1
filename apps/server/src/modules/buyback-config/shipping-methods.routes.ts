import { IdParams, ShippingMethodsQuery, ShippingMethodsResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth-hook';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { resolveShippingMethods } from './shipping-methods';

export function registerShippingMethodRoutes(fastify: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
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
    async (request) => {
      const actor = actorOf(request);
      if (actor.userType === 'pseudo_anonymous' && request.query.channel !== 'web') {
        throw new AppError('channel_not_allowed', 'A visitor of the public site uses the web channel only.');
      }
      let accountId = actor.accountId;
      if (actor.isPlatform) {
        // platform operators act for the product's retailer
        const product = await db
          .selectFrom('products')
          .select('account_id')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!product) throw new AppError('product_not_found', 'This product does not exist.');
        accountId = product.account_id;
      }
      const { channel, country } = request.query;
      return { member: await resolveShippingMethods(db, accountId, request.params.id, channel, country) };
    },
  );
}
