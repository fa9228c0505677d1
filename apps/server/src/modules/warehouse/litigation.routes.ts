import {
  BuybackLitigationResponse,
  ControlPhotoParams,
  IdParams,
  LitigationAnswerRequest,
  LitigationAnswerResponse,
  LitigationResponse,
  PublicLitigationParams,
  PublicLitigationQuery,
  PublicLitigationResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf, systemContext } from '../../platform/request-context';
import { sendImage } from '../catalog';
import * as litigation from './litigation.service';

const tags = ['litigation'];

/**
 * The counter-offer of a buyback (back office) and the customer's answer (public: no sign-in, the
 * link's token is the credential, so these routes read with a system context and the service
 * narrows it to the litigation's account).
 */
export function registerLitigationRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyAccount = () => systemContext(deps, { kind: 'all' });

  app.get(
    '/buybacks/:id/litigation',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, response: { 200: BuybackLitigationResponse } },
    },
    async (request) => litigation.getBuybackLitigation(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/buybacks/:id/litigation/resend',
    {
      config: { permission: 'quarantine.send_mail' },
      schema: { tags, params: IdParams, response: { 200: LitigationResponse } },
    },
    async (request) => litigation.resendLitigationMail(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/public/litigations/:buybackId',
    {
      config: { public: true },
      schema: {
        tags,
        params: PublicLitigationParams,
        querystring: PublicLitigationQuery,
        response: { 200: PublicLitigationResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return litigation.getPublicLitigation(anyAccount(), request.params.buybackId, request.query.token, {
        ip: request.ip,
      });
    },
  );

  app.get(
    '/public/litigations/:buybackId/photos/:key',
    {
      config: { public: true },
      schema: {
        tags,
        params: PublicLitigationParams.extend({ key: ControlPhotoParams.shape.key }),
        querystring: PublicLitigationQuery,
      },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        await litigation.readPublicPhoto(
          anyAccount(),
          request.params.buybackId,
          request.query.token,
          request.params.key,
          { ip: request.ip },
        ),
      ),
  );

  for (const [path, answer] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const)
    app.post(
      `/public/litigations/:buybackId/${path}`,
      {
        config: { public: true },
        schema: {
          tags,
          params: PublicLitigationParams,
          body: LitigationAnswerRequest,
          response: { 200: LitigationAnswerResponse },
        },
      },
      async (request) =>
        litigation.answerLitigation(anyAccount(), request.params.buybackId, request.body.token, answer, {
          ip: request.ip,
        }),
    );
}
