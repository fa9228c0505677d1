import {
  CreatePaymentModeRequest,
  collectionOf,
  IdParams,
  ListPaymentModesQuery,
  PatchPaymentModeRequest,
  PaymentModeResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import * as paymentModes from './payment-modes.service';

const tags = ['configuration: payment modes'];

export function registerPaymentModeRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/payment-modes',
    {
      config: { permission: 'payment_modes' },
      schema: {
        tags,
        querystring: ListPaymentModesQuery,
        response: { 200: collectionOf(PaymentModeResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await paymentModes.listPaymentModes(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/payment-modes',
    {
      config: { permission: 'payment_modes' },
      schema: { tags, body: CreatePaymentModeRequest, response: { 201: PaymentModeResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await paymentModes.createPaymentMode(contextOf(request, deps), request.body)),
  );

  app.get(
    '/payment-modes/:id',
    {
      config: { permission: 'payment_modes' },
      schema: { tags, params: IdParams, response: { 200: PaymentModeResponse } },
    },
    async (request) => paymentModes.getPaymentMode(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/payment-modes/:id',
    {
      config: { permission: 'payment_modes' },
      schema: {
        tags,
        params: IdParams,
        body: PatchPaymentModeRequest,
        response: { 200: PaymentModeResponse },
      },
    },
    async (request) =>
      paymentModes.updatePaymentMode(contextOf(request, deps), request.params.id, request.body),
  );
}
