import {
  AddPackageItemRequest,
  CreatePackageRequest,
  DocumentQuery,
  ExpeditionEligibilityQuery,
  ExpeditionEligibilityResponse,
  IdParams,
  ListPackagesQuery,
  PackageCollectionResponse,
  PackageItemParams,
  PackageResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { packageLabelPdf, packingListPdf } from './package-documents.service';
import * as packages from './packages.service';

const tags = ['expedition'];

/** Packages, their labels and packing lists, the transports list (packages.service.ts). */
export function registerExpeditionRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'buyback_item.send' } as const;

  app.post(
    '/packages',
    { config, schema: { tags, body: CreatePackageRequest, response: { 201: PackageResponse } } },
    async (request, reply) =>
      reply.code(201).send(await packages.createPackage(contextOf(request, deps), request.body)),
  );

  app.get(
    '/packages',
    {
      config,
      schema: { tags, querystring: ListPackagesQuery, response: { 200: PackageCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await packages.listPackages(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/packages/:id',
    { config, schema: { tags, params: IdParams, response: { 200: PackageResponse } } },
    async (request) => packages.getPackage(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/packages/:id/items',
    {
      config,
      schema: { tags, params: IdParams, body: AddPackageItemRequest, response: { 200: PackageResponse } },
    },
    async (request) =>
      packages.addPackageItem(contextOf(request, deps), request.params.id, request.body.code),
  );

  app.delete(
    '/packages/:id/items/:itemId',
    { config, schema: { tags, params: PackageItemParams, response: { 200: PackageResponse } } },
    async (request) =>
      packages.removePackageItem(contextOf(request, deps), request.params.id, request.params.itemId),
  );

  app.post(
    '/packages/:id/close',
    { config, schema: { tags, params: IdParams, response: { 200: PackageResponse } } },
    async (request) => packages.closePackage(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/packages/:id/documents/label',
    { config, schema: { tags, params: IdParams, querystring: DocumentQuery } },
    async (request, reply) =>
      sendPdfDownload(
        reply,
        await packageLabelPdf(contextOf(request, deps), request.params.id, request.query.lang),
      ),
  );

  app.get(
    '/packages/:id/documents/packing-list',
    { config, schema: { tags, params: IdParams, querystring: DocumentQuery } },
    async (request, reply) =>
      sendPdfDownload(
        reply,
        await packingListPdf(contextOf(request, deps), request.params.id, request.query.lang),
      ),
  );

  app.get(
    '/expedition/eligibility',
    {
      config,
      schema: {
        tags,
        querystring: ExpeditionEligibilityQuery,
        response: { 200: ExpeditionEligibilityResponse },
      },
    },
    async (request) => packages.checkEligibility(contextOf(request, deps), request.query),
  );
}
