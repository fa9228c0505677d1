import {
  IdParams,
  OrganizationRootDetailResponse,
  PatchOrganizationRootDetailRequest,
  PDF_MAX_BYTES,
  PolicyFileParams,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { sendPolicyFile } from './policy-file-reply';
import * as rootDetails from './root-details.service';
import { readUploadedFile } from './uploaded-file';

const tags = ['accounts'];
const VersionQuery = z.object({ v: z.string().max(64).optional() });

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

  // the policy files of the general settings (docs/general-settings.md): PDF, one file, 250 kB
  app.put(
    '/organization-root-details/:id/files/:document',
    {
      config: { permission: 'general_settings' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: PolicyFileParams,
        response: { 200: OrganizationRootDetailResponse },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request, PDF_MAX_BYTES);
      const { id, document } = request.params;
      return rootDetails.replacePolicyFile(contextOf(request, deps), id, document, data);
    },
  );

  app.delete(
    '/organization-root-details/:id/files/:document',
    {
      config: { permission: 'general_settings' },
      schema: { tags, params: PolicyFileParams, response: { 200: OrganizationRootDetailResponse } },
    },
    async (request) =>
      rootDetails.replacePolicyFile(
        contextOf(request, deps),
        request.params.id,
        request.params.document,
        null,
      ),
  );

  app.get(
    '/organization-root-details/:id/files/:document',
    {
      config: { permission: 'general_settings' },
      schema: { tags, params: PolicyFileParams, querystring: VersionQuery },
    },
    async (request, reply) => {
      const { id, document } = request.params;
      return sendPolicyFile(
        reply,
        document,
        await rootDetails.readPolicyFile(contextOf(request, deps), id, document),
      );
    },
  );
}
