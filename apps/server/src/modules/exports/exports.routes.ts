import {
  type CatalogExportType,
  ExportResponse,
  IdParams,
  StartBuybackExportBody,
  StartExportBody,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as exports from './exports.service';

const tags = ['exports'];

/** The catalogue's exports by path, each with its type's permission. */
const CATALOG_EXPORT_PATHS = {
  products: '/products/exports',
  categories: '/categories/exports',
  diagnostic: '/diagnostic-questions/exports',
} as const satisfies Record<CatalogExportType, string>;

/**
 * Exports (docs/exports.md): start one (202, the job writes it), poll it, download its CSV,
 * cancel it.
 */
export function registerExportRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const [type, path] of Object.entries(CATALOG_EXPORT_PATHS) as [CatalogExportType, string][]) {
    const config = { permission: exports.EXPORT_PERMISSION[type] } as const;
    app.post(
      path,
      { config, schema: { tags, body: StartExportBody, response: { 202: ExportResponse } } },
      async (request, reply) =>
        reply.code(202).send(await exports.startCatalogExport(contextOf(request, deps), type, request.body)),
    );
    app.get(
      `${path}/:id`,
      { config, schema: { tags, params: IdParams, response: { 200: ExportResponse } } },
      async (request) => exports.getExport(contextOf(request, deps), type, request.params.id),
    );
  }

  const buybacks = { permission: exports.EXPORT_PERMISSION.buybacks } as const;
  app.post(
    '/buybacks/exports',
    { config: buybacks, schema: { tags, body: StartBuybackExportBody, response: { 202: ExportResponse } } },
    async (request, reply) =>
      reply.code(202).send(await exports.startBuybackExport(contextOf(request, deps), request.body)),
  );
  app.get(
    '/buybacks/exports/:id',
    { config: buybacks, schema: { tags, params: IdParams, response: { 200: ExportResponse } } },
    async (request) => exports.getExport(contextOf(request, deps), 'buybacks', request.params.id),
  );

  // any export permission reaches these; the service checks the export's own (EXPORT_PERMISSION)
  const any = { permission: ['export.products', 'export.categories', 'export.buybacks'] } as const;
  app.get(
    '/exports/:id/file',
    { config: any, schema: { tags, params: IdParams } },
    async (request, reply) => {
      const file = await exports.exportFile(contextOf(request, deps), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
  app.post(
    '/exports/:id/cancel',
    { config: any, schema: { tags, params: IdParams, response: { 200: ExportResponse } } },
    async (request) => exports.cancelExport(contextOf(request, deps), request.params.id),
  );
}
