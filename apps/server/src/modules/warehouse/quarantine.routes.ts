import {
  DocumentQuery,
  IdParams,
  ItemResponse,
  ItemStocksResponse,
  ListQuarantineQuery,
  QuarantineCollectionResponse,
  QuarantineMailResponse,
  ReleaseQuarantineRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as quarantine from './quarantine.service';
import { returnLabelPdf } from './return-label.service';

const tags = ['quarantine'];

/** Quarantine: the list, the release, the mail, the return label. */
export function registerQuarantineRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/items/quarantine',
    {
      config: { permission: 'quarantine.transition' },
      schema: { tags, querystring: ListQuarantineQuery, response: { 200: QuarantineCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await quarantine.listQuarantine(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/items/:id/quarantine/mail',
    {
      config: { permission: 'quarantine.send_mail' },
      schema: { tags, params: IdParams, response: { 200: QuarantineMailResponse } },
    },
    async (request) => quarantine.sendQuarantineMail(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/items/:id/quarantine/release',
    {
      config: { permission: 'quarantine.transition' },
      schema: { tags, params: IdParams, body: ReleaseQuarantineRequest, response: { 200: ItemResponse } },
    },
    async (request) =>
      quarantine.releaseFromQuarantine(contextOf(request, deps), request.params.id, request.body),
  );

  app.get(
    '/items/:id/stocks',
    {
      config: { permission: ['quarantine.transition', 'items_stock.read'] },
      schema: { tags, params: IdParams, response: { 200: ItemStocksResponse } },
    },
    async (request) => quarantine.listItemStocks(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/items/:id/documents/return-label',
    {
      config: { permission: ['buyback.detail', 'quarantine.transition', 'buyback_item.control'] },
      schema: { tags, params: IdParams, querystring: DocumentQuery },
    },
    async (request, reply) => {
      const pdf = await returnLabelPdf(contextOf(request, deps), request.params.id, request.query.lang);
      return sendPdfDownload(reply, pdf);
    },
  );

  app.post(
    '/items/:id/returned',
    {
      config: { permission: ['quarantine.transition', 'buyback_item.control'] },
      schema: { tags, params: IdParams, response: { 200: ItemResponse } },
    },
    async (request) => quarantine.markReturned(contextOf(request, deps), request.params.id),
  );
}
