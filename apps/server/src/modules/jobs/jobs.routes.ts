import { collectionOf, FailedJobResponse, IdParams, ListFailedJobsQuery } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as jobs from './jobs.service';

const tags = ['jobs'];

/** The failed background jobs, for platform admins: seen, run again, or discarded. */
export function registerJobRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jobs/failed',
    {
      config: { permission: 'job.list' },
      schema: { tags, querystring: ListFailedJobsQuery, response: { 200: collectionOf(FailedJobResponse) } },
    },
    async (request) =>
      pageResponse(
        await jobs.listFailedJobs(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/jobs/failed/:id/retry',
    { config: { permission: 'job.retry' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await jobs.retryFailedJob(contextOf(request, deps), request.params.id);
      return reply.code(202).send();
    },
  );

  app.delete(
    '/jobs/failed/:id',
    { config: { permission: 'job.retry' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await jobs.discardFailedJob(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );
}
