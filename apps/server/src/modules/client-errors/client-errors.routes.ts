import {
  ClientErrorGroupResponse,
  collectionOf,
  ListClientErrorGroupsQuery,
  ReportClientErrorRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf, systemContext } from '../../platform/request-context';
import * as clientErrors from './client-errors.service';

const tags = ['client-errors'];

/** The web app's uncaught errors: reported by any browser (signed in or not), read by platform admins. */
export function registerClientErrorRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/client-errors',
    { config: { public: true }, schema: { tags, body: ReportClientErrorRequest } },
    async (request, reply) => {
      await clientErrors.reportClientError(systemContext(deps, { kind: 'all' }), request.body, {
        actor: request.actor ? { userId: request.actor.userId, accountId: request.actor.accountId } : null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/client-errors',
    {
      config: { permission: 'client_error.list' },
      schema: {
        tags,
        querystring: ListClientErrorGroupsQuery,
        response: { 200: collectionOf(ClientErrorGroupResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await clientErrors.listClientErrorGroups(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );
}
