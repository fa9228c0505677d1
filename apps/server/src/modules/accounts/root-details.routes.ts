import {
  IdParams,
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth-hook';
import type { AppDeps } from '../../platform/deps';
import * as rootDetails from './root-details.service';

const tags = ['accounts'];

export function registerRootDetailRoutes(fastify: FastifyInstance, { db }: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/accounts/:id/organization-root-detail',
    {
      config: { permission: 'dashboard.read' },
      schema: { tags, params: IdParams, response: { 200: OrganizationRootDetailResponse } },
    },
    async (request) => rootDetails.getRootDetailOfAccount(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/organization-root-details/:id',
    {
      config: { permission: 'general_settings' },
      schema: {
        tags,
        params: IdParams,
        body: PatchOrganizationRootDetailRequest,
        response: { 200: OrganizationRootDetailResponse },
      },
    },
    async (request) => rootDetails.updateRootDetail(db, actorOf(request), request.params.id, request.body),
  );
}
