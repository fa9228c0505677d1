import {
  BookPickupRequest,
  BuybackTransportResponse,
  DocumentQuery,
  IdParams,
  PickupSlotsQuery,
  PickupSlotsResponse,
  TransportWebhookParams,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { contextOf, systemContext } from '../../platform/request-context';
import { receiveDeliveryEvent } from './delivery-events.service';
import * as pickups from './pickups.service';
import * as transport from './transport.service';
import { SIGNATURE_HEADER } from './webhook-signature';

const tags = ['transport'];
/** The back office reads a buyback's transport as it reads the buyback. */
const READ = ['buyback.detail'] as const;
/** Who makes buybacks chooses and books their pick-ups: the store wizard's sellers, the public site's visitors. */
const BOOK = ['buyback.create', 'web_buyback.create'] as const;

export function registerTransportRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/buybacks/:id/transport',
    {
      config: { permission: READ },
      schema: { tags, params: IdParams, response: { 200: BuybackTransportResponse } },
    },
    async (request) => transport.getBuybackTransport(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/pickup-slots',
    {
      config: { permission: BOOK },
      schema: { tags, querystring: PickupSlotsQuery, response: { 200: PickupSlotsResponse } },
    },
    async (request) => pickups.pickupSlots(contextOf(request, deps), request.query),
  );

  // the detail's pick-up: booked (again) on a slot, or cancelled before its slot starts
  app.post(
    '/buybacks/:id/pickup',
    {
      config: { permission: 'buyback.create' },
      schema: {
        tags,
        params: IdParams,
        body: BookPickupRequest,
        response: { 200: BuybackTransportResponse },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      await pickups.bookPickup(ctx, request.params.id, request.body.slot);
      return transport.getBuybackTransport(ctx, request.params.id);
    },
  );

  app.post(
    '/buybacks/:id/pickup/cancel',
    {
      config: { permission: 'buyback.create' },
      schema: { tags, params: IdParams, response: { 200: BuybackTransportResponse } },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      await pickups.cancelPickup(ctx, request.params.id);
      return transport.getBuybackTransport(ctx, request.params.id);
    },
  );

  app.get(
    '/buybacks/:id/documents/tracking-sheet',
    { config: { permission: READ }, schema: { tags, params: IdParams, querystring: DocumentQuery } },
    async (request, reply) => {
      const pdf = await transport.trackingSheetPdf(
        contextOf(request, deps),
        request.params.id,
        request.query.lang,
      );
      return sendPdfDownload(reply, pdf);
    },
  );

  // the carrier's webhook: the raw body is kept, its HMAC signature is over the bytes as sent
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
        '/webhooks/transport/:configurationId',
        { config: { public: true }, schema: { tags, params: TransportWebhookParams } },
        async (request, reply) => {
          const header = request.headers[SIGNATURE_HEADER];
          await receiveDeliveryEvent(systemContext(deps, { kind: 'all' }), request.params.configurationId, {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            signature: typeof header === 'string' ? header : undefined,
          });
          return reply.code(204).send();
        },
      );
  });
}
