import {
  IdParams,
  TrackingDocumentParams,
  TrackingLinkResponse,
  TrackingResponse,
  TrackingTokenParams,
  TrackingUnsubscribeResponse,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { contextOf, systemContext } from '../../platform/request-context';
import { localeOf } from '../../platform/translations';
import * as tracking from './tracking.service';

const tags = ['tracking'];

/**
 * The customer's tracking page (docs/tracking.md). Public routes: the token is the credential, the
 * request's host must be the link's retailer's site; nothing is cached. Back-office routes: the
 * buyback detail's link, its revocation and re-issue.
 */
export function registerTrackingRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyAccount = (request: FastifyRequest) => systemContext(deps, { kind: 'all' }, localeOf(request));
  const client = (request: FastifyRequest) => ({ ip: request.ip, host: request.host });

  app.get(
    '/tracking/:token',
    {
      config: { public: true },
      schema: { tags, params: TrackingTokenParams, response: { 200: TrackingResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'Accept-Language');
      return tracking.getTracking(anyAccount(request), request.params.token, client(request));
    },
  );

  app.get(
    '/tracking/:token/documents/:document',
    { config: { public: true }, schema: { tags, params: TrackingDocumentParams } },
    async (request, reply) => {
      const pdf = await tracking.trackingDocument(
        anyAccount(request),
        request.params.token,
        request.params.document,
        client(request),
      );
      return sendPdfDownload(reply, pdf);
    },
  );

  app.post(
    '/tracking/:token/unsubscribe',
    {
      config: { public: true },
      schema: { tags, params: TrackingTokenParams, response: { 200: TrackingUnsubscribeResponse } },
    },
    async (request) => tracking.unsubscribe(anyAccount(request), request.params.token, client(request)),
  );

  // the buyback's detail (staff) and the public site's confirmation page (the visitor's own buybacks)
  app.get(
    '/buybacks/:id/tracking-link',
    {
      config: { permission: ['buyback.detail', 'web_buyback.read'] },
      schema: { tags, params: IdParams, response: { 200: TrackingLinkResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tracking.getTrackingLink(contextOf(request, deps), request.params.id);
    },
  );

  app.post(
    '/buybacks/:id/tracking-link/revoke',
    {
      config: { permission: 'tracking_link.revoke' },
      schema: { tags, params: IdParams, response: { 200: TrackingLinkResponse } },
    },
    async (request) => tracking.revokeTrackingLink(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/buybacks/:id/tracking-link/reissue',
    {
      config: { permission: 'tracking_link.revoke' },
      schema: { tags, params: IdParams, response: { 200: TrackingLinkResponse } },
    },
    async (request) => tracking.reissueTrackingLink(contextOf(request, deps), request.params.id),
  );
}
