import {
  IdParams,
  ListPoliceRegisterQuery,
  PoliceRegisterCollectionResponse,
  PoliceRegisterCorrectionRequest,
  PoliceRegisterEntryResponse,
  PoliceRegisterExportQuery,
  PoliceRegisterStoresResponse,
  PoliceRegisterVerificationResponse,
  StoreParams,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as register from './police-register.service';

const tags = ['police-register'];

/**
 * The stores' police register (docs/police-register.md): the stores one reads, their entries by
 * period, an entry, its correction (`police_register.correct`), the chain's verification, the PDF
 * and CSV exports. Every read is audited by the service.
 */
export function registerPoliceRegisterRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'police_register.read' } as const;

  app.get(
    '/police-register/stores',
    { config: read, schema: { tags, response: { 200: PoliceRegisterStoresResponse } } },
    async (request) => register.listStores(contextOf(request, deps)),
  );

  app.get(
    '/police-register/stores/:storeId/entries',
    {
      config: read,
      schema: {
        tags,
        params: StoreParams,
        querystring: ListPoliceRegisterQuery,
        response: { 200: PoliceRegisterCollectionResponse },
      },
    },
    async (request) =>
      pageResponse(
        await register.listEntries(contextOf(request, deps), request.params.storeId, request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/police-register/stores/:storeId/verification',
    {
      config: read,
      schema: { tags, params: StoreParams, response: { 200: PoliceRegisterVerificationResponse } },
    },
    async (request) => register.verifyRegister(contextOf(request, deps), request.params.storeId),
  );

  app.get(
    '/police-register/stores/:storeId/export.pdf',
    { config: read, schema: { tags, params: StoreParams, querystring: PoliceRegisterExportQuery } },
    async (request, reply) =>
      sendPdfDownload(
        reply,
        await register.exportRegister(contextOf(request, deps), request.params.storeId, 'pdf', request.query),
      ),
  );

  app.get(
    '/police-register/stores/:storeId/export.csv',
    { config: read, schema: { tags, params: StoreParams, querystring: PoliceRegisterExportQuery } },
    async (request, reply) => {
      const file = await register.exportRegister(
        contextOf(request, deps),
        request.params.storeId,
        'csv',
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  app.get(
    '/police-register/entries/:id',
    { config: read, schema: { tags, params: IdParams, response: { 200: PoliceRegisterEntryResponse } } },
    async (request) => register.getEntry(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/police-register/entries/:id/corrections',
    {
      config: { permission: 'police_register.correct' },
      schema: {
        tags,
        params: IdParams,
        body: PoliceRegisterCorrectionRequest,
        response: { 201: PoliceRegisterEntryResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await register.correctEntry(contextOf(request, deps), request.params.id, request.body)),
  );
}
