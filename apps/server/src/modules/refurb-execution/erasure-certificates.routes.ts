import {
  DocumentQuery,
  ErasureCertificateResponse,
  ErasureVerificationParams,
  IdParams,
  ItemErasureCertificatesResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { contextOf, systemContext } from '../../platform/request-context';
import * as certificates from './erasure-certificates.service';

const tags = ['refurbishment'];

/**
 * Data-erasure certificates (docs/refurbishment.md): an item's list and a certificate's PDF for
 * whoever reads the buyback (the warehouse's users and the retailer's), and the public check by
 * verification code (no sign-in: the code is the credential, so it reads with a system context,
 * rate-limited per address as the litigation page is: modules/warehouse/litigation.routes.ts).
 */
export function registerErasureCertificateRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/items/:id/erasure-certificates',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, response: { 200: ItemErasureCertificatesResponse } },
    },
    async (request) => certificates.listItemCertificates(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/erasure-certificates/:id/document',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, querystring: DocumentQuery },
    },
    async (request, reply) => {
      const pdf = await certificates.certificateDocument(
        contextOf(request, deps),
        request.params.id,
        request.query.lang,
      );
      return sendPdfDownload(reply, pdf);
    },
  );

  app.get(
    '/public/erasure-certificates/:code',
    {
      config: { public: true },
      schema: { tags, params: ErasureVerificationParams, response: { 200: ErasureCertificateResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return certificates.checkCertificate(systemContext(deps, { kind: 'all' }), request.params.code, {
        ip: request.ip,
        host: request.host,
      });
    },
  );
}
