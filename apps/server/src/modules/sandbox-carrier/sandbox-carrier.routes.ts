import {
  CarrierDeliveryEvent,
  IdParams,
  PickupSlotsQuery,
  SandboxCarrierAccountPatch,
  SandboxCarrierAccountRequest,
  SandboxCarrierAccountResponse,
  SandboxCarrierEventRequest,
  SandboxCarrierPickupRequest,
  SandboxCarrierPickupResponse,
  SandboxCarrierPickupSlotsResponse,
  SandboxCarrierShipmentRequest,
  SandboxCarrierShipmentResponse,
  SandboxCarrierSignUpResponse,
  TrackingNumberParams,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { systemContext } from '../../platform/request-context';
import * as pickups from './sandbox-carrier.pickups';
import * as carrier from './sandbox-carrier.service';
import { trackingPageHtml } from './sandbox-carrier.tracking-page';

const tags = ['sandbox carrier'];

/**
 * The sandbox carrier's API (docs/transport.md), under `/api/sandbox-carrier`, mounted only when
 * SANDBOX_CARRIER is on. Public for the platform: the carrier authenticates its shippers itself,
 * by their API key (`Authorization: Bearer <key>`), and its rows belong to no tenant of the
 * platform. Its accounts (and so its API keys) are made by a platform admin only (or the seed).
 */
export function registerSandboxCarrierRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => systemContext(deps, { kind: 'all' });
  const apiKeyOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  };
  const accountOf = (request: FastifyRequest) => carrier.authenticate(ctx(), apiKeyOf(request));
  const base = '/sandbox-carrier';

  app.post(
    `${base}/accounts`,
    {
      // no anonymous sign-up: an account is an API key that makes labels and posts webhooks
      config: { permission: 'client.create' },
      schema: { tags, body: SandboxCarrierAccountRequest, response: { 201: SandboxCarrierSignUpResponse } },
    },
    async (request, reply) => reply.code(201).send(await carrier.signUp(ctx(), request.body)),
  );

  app.get(
    `${base}/accounts/me`,
    { config: { public: true }, schema: { tags, response: { 200: SandboxCarrierAccountResponse } } },
    async (request) => carrier.getAccount(ctx(), apiKeyOf(request)),
  );

  app.patch(
    `${base}/accounts/me`,
    {
      config: { public: true },
      schema: { tags, body: SandboxCarrierAccountPatch, response: { 200: SandboxCarrierAccountResponse } },
    },
    async (request) => carrier.updateAccount(ctx(), await accountOf(request), request.body),
  );

  app.post(
    `${base}/shipments`,
    {
      config: { public: true },
      schema: {
        tags,
        body: SandboxCarrierShipmentRequest,
        response: { 201: SandboxCarrierShipmentResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await carrier.createShipment(ctx(), await accountOf(request), request.body)),
  );

  app.get(
    `${base}/shipments/:id`,
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: SandboxCarrierShipmentResponse } },
    },
    async (request) => carrier.getShipment(ctx(), await accountOf(request), request.params.id),
  );

  app.get(
    `${base}/shipments/by-tracking-number/:trackingNumber`,
    {
      config: { public: true },
      schema: { tags, params: TrackingNumberParams, response: { 200: SandboxCarrierShipmentResponse } },
    },
    async (request) =>
      carrier.findByTrackingNumber(ctx(), await accountOf(request), request.params.trackingNumber),
  );

  app.get(
    `${base}/shipments/:id/label`,
    { config: { public: true }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      const label = await carrier.shipmentLabel(ctx(), await accountOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${label.trackingNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(label.pdf);
    },
  );

  // the console: moves a parcel (tests and demos), posting the event to the shipper's webhook
  app.post(
    `${base}/shipments/:id/events`,
    {
      config: { public: true },
      schema: {
        tags,
        params: IdParams,
        body: SandboxCarrierEventRequest,
        response: { 201: CarrierDeliveryEvent },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await carrier.recordEvent(ctx(), await accountOf(request), request.params.id, request.body.code),
        ),
  );

  app.post(
    `${base}/shipments/:id/cancel`,
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: SandboxCarrierShipmentResponse } },
    },
    async (request) => carrier.cancelShipment(ctx(), await accountOf(request), request.params.id),
  );

  // pick-ups at the customer's address (home collection): the slots, a booking, its cancellation
  app.get(
    `${base}/pickups/slots`,
    {
      config: { public: true },
      schema: { tags, querystring: PickupSlotsQuery, response: { 200: SandboxCarrierPickupSlotsResponse } },
    },
    async (request) => pickups.pickupSlots(await accountOf(request), request.query),
  );

  app.post(
    `${base}/pickups`,
    {
      config: { public: true },
      schema: { tags, body: SandboxCarrierPickupRequest, response: { 201: SandboxCarrierPickupResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await pickups.bookPickup(ctx(), await accountOf(request), request.body)),
  );

  app.get(
    `${base}/pickups/:id`,
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: SandboxCarrierPickupResponse } },
    },
    async (request) => pickups.getPickup(ctx(), await accountOf(request), request.params.id),
  );

  app.post(
    `${base}/pickups/:id/cancel`,
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: SandboxCarrierPickupResponse } },
    },
    async (request) => pickups.cancelPickup(ctx(), await accountOf(request), request.params.id),
  );

  app.get(
    `${base}/track/:trackingNumber`,
    { config: { public: true }, schema: { tags, params: TrackingNumberParams } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(trackingPageHtml(await carrier.trackingOf(ctx(), request.params.trackingNumber))),
  );
}
