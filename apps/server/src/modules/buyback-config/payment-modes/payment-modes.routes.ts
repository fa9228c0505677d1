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
import { actorOf } from '../../../platform/auth-hook';
import type { AppDeps } from '../../../platform/deps';
import * as paymentModes from './payment-modes.service';

const tags = ['configuration: payment modes'];

export function registerPaymentModeRoutes(fastify: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
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
    async (request) => paymentModes.listPaymentModes(db, actorOf(request), request.query, request.url),
  );

  app.post(
    '/payment-modes',
    {
      config: { permission: 'payment_modes' },
      schema: { tags, body: CreatePaymentModeRequest, response: { 201: PaymentModeResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await paymentModes.createPaymentMode(db, actorOf(request), request.body)),
  );

  app.get(
    '/payment-modes/:id',
    {
      config: { permission: 'payment_modes' },
      schema: { tags, params: IdParams, response: { 200: PaymentModeResponse } },
    },
    async (request) => paymentModes.getPaymentMode(db, actorOf(request), request.params.id),
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
    async (request) => paymentModes.updatePaymentMode(db, actorOf(request), request.params.id, request.body),
  );
}
