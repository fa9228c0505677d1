import {
  IdParams,
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as rootDetails from './root-details.service';

const tags = ['accounts'];

export function registerRootDetailRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/accounts/:id/organization-root-detail',
    {
      config: { permission: 'dashboard.read' },
      schema: { tags, params: IdParams, response: { 200: OrganizationRootDetailResponse } },
    },
    async (request) => rootDetails.getRootDetailOfAccount(contextOf(request, deps), request.params.id),
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
    async (request) =>
      rootDetails.updateRootDetail(contextOf(request, deps), request.params.id, request.body),
  );
}
