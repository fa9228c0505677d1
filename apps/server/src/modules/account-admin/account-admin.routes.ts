import {
  CatalogReindexResponse,
  ClientAccountCollectionResponse,
  ClientAccountResponse,
  CreateClientAccountRequest,
  IdParams,
  ListClientAccountsQuery,
  PatchClientAccountRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as clients from './account-admin.service';

const tags = ['client accounts'];

/** Client accounts for platform admins (docs/clients.md); the `client.*` permissions are theirs only. */
export function registerAccountAdminRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/accounts',
    {
      config: { permission: 'client.list' },
      schema: {
        tags,
        querystring: ListClientAccountsQuery,
        response: { 200: ClientAccountCollectionResponse },
      },
    },
    async (request) =>
      pageResponse(
        await clients.listClientAccounts(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/accounts',
    {
      config: { permission: 'client.create' },
      schema: { tags, body: CreateClientAccountRequest, response: { 201: ClientAccountResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await clients.createClientAccount(contextOf(request, deps), request.body)),
  );

  app.get(
    '/accounts/:id/client',
    {
      config: { permission: 'client.detail' },
      schema: { tags, params: IdParams, response: { 200: ClientAccountResponse } },
    },
    async (request) => clients.getClientAccount(contextOf(request, deps), request.params.id),
  );

  // the screens name a client by its root organisation (`/client/{organizationId}/edit`)
  app.get(
    '/organizations/:id/client-account',
    {
      config: { permission: 'client.detail' },
      schema: { tags, params: IdParams, response: { 200: ClientAccountResponse } },
    },
    async (request) => clients.getClientAccountOfOrganization(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/accounts/:id/client',
    {
      config: { permission: 'client.create' },
      schema: {
        tags,
        params: IdParams,
        body: PatchClientAccountRequest,
        response: { 200: ClientAccountResponse },
      },
    },
    async (request) => clients.updateClientAccount(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id',
    { config: { permission: 'client.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await clients.deleteClientAccount(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/accounts/:id/catalog-reindex',
    {
      config: { permission: 'client.create' },
      schema: { tags, params: IdParams, response: { 202: CatalogReindexResponse } },
    },
    async (request, reply) =>
      reply.code(202).send(await clients.requestCatalogReindex(contextOf(request, deps), request.params.id)),
  );
}
