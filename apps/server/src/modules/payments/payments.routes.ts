import {
  BuyerPaymentFeaturesResponse,
  IdParams,
  ListPaymentsQuery,
  MarkPaymentPaidRequest,
  PaymentCollectionResponse,
  PaymentResponse,
  PayoutWebhookParams,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf, systemContext } from '../../platform/request-context';
import { buyerPaymentFeatures } from './buyer-payment.service';
import * as payments from './payments.service';
import { receivePayoutCallback } from './payout-callbacks.service';
import { PAYOUT_SIGNATURE_HEADER } from './payout-signature';

const tags = ['payments'];

/**
 * The back office's payments: the search with its relaunch
 * (`payment.search`), marking a payment as paid (`payment.mark_paid`), and the buyback detail's
 * payment panel (`buyback.detail`); whether an account pays as a buyer (`general_settings`).
 */
export function registerPaymentRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/payments',
    {
      config: { permission: 'payment.search' },
      schema: { tags, querystring: ListPaymentsQuery, response: { 200: PaymentCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await payments.listPayments(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/buybacks/:id/payment',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, response: { 200: PaymentResponse } },
    },
    async (request) => payments.getBuybackPayment(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/payments/:id/relaunch',
    {
      config: { permission: 'payment.search' },
      schema: { tags, params: IdParams, response: { 200: PaymentResponse } },
    },
    async (request) => payments.relaunchPayment(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/payments/:id/mark-paid',
    {
      config: { permission: 'payment.mark_paid' },
      schema: { tags, params: IdParams, body: MarkPaymentPaidRequest, response: { 200: PaymentResponse } },
    },
    async (request) => payments.markPaymentPaid(contextOf(request, deps), request.params.id, request.body),
  );

  app.get(
    '/payment/account/:id/by-buyer-feature-available',
    {
      config: { permission: 'general_settings' },
      schema: { tags, params: IdParams, response: { 200: BuyerPaymentFeaturesResponse } },
    },
    async (request) => buyerPaymentFeatures(contextOf(request, deps), request.params.id),
  );

  // a payment provider's callback: the raw body is kept, its HMAC signature is over the bytes as sent
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/webhooks/payments/:configurationId',
        { config: { public: true }, schema: { tags, params: PayoutWebhookParams } },
        async (request, reply) => {
          const header = request.headers[PAYOUT_SIGNATURE_HEADER];
          await receivePayoutCallback(systemContext(deps, { kind: 'all' }), request.params.configurationId, {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            signature: typeof header === 'string' ? header : undefined,
          });
          return reply.code(204).send();
        },
      );
  });
}
