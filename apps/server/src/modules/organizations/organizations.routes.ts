import {
  AccountScopeQuery,
  AvailableParentsQuery,
  CreateOrganizationRequest,
  collectionOf,
  IdParams,
  ListOrganizationsQuery,
  ModuleCountResponse,
  OrganizationResponse,
  OrganizationTreeNode,
  PatchOrganizationRequest,
  PublicOrganizationResponse,
  UsersModuleCountResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf, systemContext } from '../../platform/request-context';
import * as writes from './organization-writes.service';
import * as organizations from './organizations.service';

const tags = ['organizations'];

export function registerOrganizationRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/organizations',
    {
      config: { permission: 'organization.list' },
      schema: {
        tags,
        querystring: ListOrganizationsQuery,
        response: { 200: collectionOf(OrganizationResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await organizations.listOrganizations(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/organizations/tree',
    {
      config: { permission: 'organization.list' },
      schema: { tags, querystring: AccountScopeQuery, response: { 200: z.array(OrganizationTreeNode) } },
    },
    async (request) => organizations.getTree(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/organizations/available-parents',
    {
      config: { permission: 'organization.list' },
      schema: { tags, querystring: AvailableParentsQuery, response: { 200: z.array(OrganizationResponse) } },
    },
    async (request) => organizations.listAvailableParents(contextOf(request, deps), request.query),
  );

  app.get(
    '/organizations/root',
    {
      config: { permission: 'dashboard.read' },
      schema: { tags, querystring: AccountScopeQuery, response: { 200: OrganizationResponse } },
    },
    async (request) => organizations.getRoot(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/organizations/connected-warehouses',
    {
      config: { permission: 'dashboard.read' },
      schema: { tags, querystring: AccountScopeQuery, response: { 200: z.array(OrganizationResponse) } },
    },
    async (request) =>
      organizations.listConnectedWarehouses(contextOf(request, deps), request.query.accountId),
  );

  app.get(
    '/organizations/:id',
    {
      config: { permission: 'organization.detail' },
      schema: { tags, params: IdParams, response: { 200: OrganizationResponse } },
    },
    async (request) => organizations.getOrganization(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/organizations/:id/public',
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: PublicOrganizationResponse } },
    },
    // any active organisation of an active account: a read across accounts, for no one in particular
    async (request) =>
      organizations.getPublicOrganization(systemContext(deps, { kind: 'all' }), request.params.id),
  );

  app.get(
    '/organizations/:id/module-count',
    {
      config: { permission: 'organization.detail' },
      schema: { tags, params: IdParams, response: { 200: ModuleCountResponse } },
    },
    async (request) => organizations.countUsersPerModule(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/organizations/:id/users-module-count',
    {
      config: { permission: 'organization.detail' },
      schema: { tags, params: IdParams, response: { 200: UsersModuleCountResponse } },
    },
    async (request) => organizations.countUsersPerUserType(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/organizations',
    {
      config: { permission: 'organization.create' },
      schema: { tags, body: CreateOrganizationRequest, response: { 201: OrganizationResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await writes.createOrganization(contextOf(request, deps), request.body)),
  );

  app.patch(
    '/organizations/:id',
    {
      config: { permission: 'organization.create' },
      schema: {
        tags,
        params: IdParams,
        body: PatchOrganizationRequest,
        response: { 200: OrganizationResponse },
      },
    },
    async (request) => writes.updateOrganization(contextOf(request, deps), request.params.id, request.body),
  );
}
