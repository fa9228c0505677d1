import {
  AssignableUserTypesResponse,
  CreateUserRequest,
  CurrentOrganization,
  collectionOf,
  IdParams,
  ListPlatformAdminsQuery,
  ListUsersQuery,
  PatchUserRequest,
  UserPermissionsResponse,
  UserResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { registerUserImportRoutes } from './user-import.routes';
import { createUser, inviteUser, updateUser } from './users.commands';
import * as users from './users.service';

export function registerUserRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  registerUserImportRoutes(fastify, deps);

  app.get(
    '/users',
    {
      config: { permission: 'user.list' },
      schema: { tags, querystring: ListUsersQuery, response: { 200: collectionOf(UserResponse) } },
    },
    async (request) =>
      pageResponse(
        await users.listUsers(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/platform-admins',
    {
      // the platform-admin section's list: platform operators only (the service checks the actor too)
      config: { permission: 'menu.admin' },
      schema: { tags, querystring: ListPlatformAdminsQuery, response: { 200: collectionOf(UserResponse) } },
    },
    async (request) =>
      pageResponse(
        await users.listPlatformAdmins(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/users/:id',
    {
      config: { permission: 'user.detail' },
      schema: { tags, params: IdParams, response: { 200: UserResponse } },
    },
    async (request) => users.getUser(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/users/:id/permissions',
    {
      config: { permission: 'user.detail' },
      schema: { tags, params: IdParams, response: { 200: UserPermissionsResponse } },
    },
    async (request) => users.getUserPermissions(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/users/:id/current-organization',
    {
      config: { permission: 'user.detail' },
      schema: { tags, params: IdParams, response: { 200: CurrentOrganization } },
    },
    async (request) => users.getCurrentOrganization(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/assignable-user-types',
    {
      config: { permission: 'user.create' },
      schema: { tags, response: { 200: AssignableUserTypesResponse } },
    },
    async (request) => users.getAssignableUserTypes(contextOf(request, deps)),
  );

  app.post(
    '/users',
    {
      config: { permission: 'user.create' },
      schema: { tags, body: CreateUserRequest, response: { 201: UserResponse } },
    },
    async (request, reply) => {
      const user = await createUser(contextOf(request, deps), request.body);
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { permission: 'user.create' },
      schema: { tags, params: IdParams, body: PatchUserRequest, response: { 200: UserResponse } },
    },
    async (request) => updateUser(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/users/:id/invite',
    { config: { permission: 'user.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await inviteUser(contextOf(request, deps), request.params.id);
      return reply.code(202).send();
    },
  );
}
