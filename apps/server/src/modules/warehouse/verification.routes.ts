import { IdentificationNumberParams, VERIFICATION_MAX_BYTES, VerificationResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { readUploadedFile } from '../accounts';
import * as verification from './verification.service';

const tags = ['verification'];

export function registerVerificationRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // 200 verifiable, 404 unknown or not seen, 409 known but not verifiable (or several items match); no body
  app.head(
    '/buybacks/by-identification-number/:n/is-verifiable',
    {
      config: { permission: ['item.verify', 'buyback.detail'] },
      schema: { tags, params: IdentificationNumberParams },
    },
    async (request, reply) => {
      await verification.checkVerifiable(contextOf(request, deps), request.params.n);
      return reply.header('cache-control', 'private, no-store').code(200).send();
    },
  );

  // a CSV list (multipart, field `file`, at most 1 MB and 5,000 codes)
  app.post(
    '/items/verification',
    {
      config: { permission: 'item.verify' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: VerificationResponse } },
    },
    async (request) => {
      const file = await readUploadedFile(request, VERIFICATION_MAX_BYTES);
      return verification.verifyList(contextOf(request, deps), file);
    },
  );
}
