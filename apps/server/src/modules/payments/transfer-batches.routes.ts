import {
  BANK_STATEMENT_MAX_BYTES,
  BankStatementResponse,
  IdParams,
  ListTransferBatchesQuery,
  TransferBatchCollectionResponse,
  TransferBatchDetailResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { readUploadedFile } from '../accounts';
import * as batches from './transfer-batches.service';

const tags = ['payments'];

/**
 * SEPA credit-transfer batches and bank statements (docs/payments.md), permission
 * `payment.batches`, the caller's account only.
 */
export function registerTransferBatchRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'payment.batches' } as const;

  app.get(
    '/transfer-batches',
    {
      config,
      schema: {
        tags,
        querystring: ListTransferBatchesQuery,
        response: { 200: TransferBatchCollectionResponse },
      },
    },
    async (request) =>
      pageResponse(
        await batches.listBatches(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/transfer-batches/:id',
    { config, schema: { tags, params: IdParams, response: { 200: TransferBatchDetailResponse } } },
    async (request) => batches.getBatch(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/transfer-batches/:id/file',
    { config, schema: { tags, params: IdParams } },
    async (request, reply) => {
      const file = await batches.batchFile(contextOf(request, deps), request.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  app.post(
    '/transfer-batches/:id/sent',
    { config, schema: { tags, params: IdParams, response: { 200: TransferBatchDetailResponse } } },
    async (request) => batches.markSent(contextOf(request, deps), request.params.id),
  );

  // a camt.053 or CSV statement (multipart, field `file`, at most 2 MB)
  app.post(
    '/bank-statements',
    {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: BankStatementResponse } },
    },
    async (request) => {
      const data = await readUploadedFile(request, BANK_STATEMENT_MAX_BYTES);
      const format = data.toString('utf8', 0, 64).trimStart().startsWith('<') ? 'xml' : 'csv';
      return batches.uploadStatement(contextOf(request, deps), {
        data,
        fileName: `statement-${batches.businessDate()}.${format}`,
      });
    },
  );
}
