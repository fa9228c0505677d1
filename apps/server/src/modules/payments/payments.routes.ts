import {
  BuyerPaymentFeaturesResponse,
  IdParams,
  ListPaymentsQuery,
  MarkPaymentPaidRequest,
  PaymentCollectionResponse,
  PaymentResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { buyerPaymentFeatures } from './buyer-payment.service';
import * as payments from './payments.service';

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
}
