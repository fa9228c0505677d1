import {
  AccountIdParams,
  SftpAccessResponse,
  SftpActivationResponse,
  SftpCataloguesResponse,
  SftpCategoriesQuery,
  SftpCategoriesResponse,
  UpdateSftpAccessBody,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as sftp from './sftp-access.service';

const tags = ['sftp'];

/**
 * SFTP access (docs/imports.md): an account's login to the built-in SFTP
 * server, with `general_settings`, for an account holding the premium feature sftp_access.
 */
export function registerSftpAccessRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'general_settings' } as const;

  app.get(
    '/accounts/:accountId/sftp-access',
    { config, schema: { tags, params: AccountIdParams, response: { 200: SftpAccessResponse } } },
    async (request) => sftp.getSftpAccess(contextOf(request, deps), request.params.accountId),
  );

  app.patch(
    '/accounts/:accountId/sftp-access',
    {
      config,
      schema: {
        tags,
        params: AccountIdParams,
        body: UpdateSftpAccessBody,
        response: { 200: SftpAccessResponse },
      },
    },
    async (request) =>
      sftp.updateSftpAccess(contextOf(request, deps), request.params.accountId, request.body),
  );

  app.post(
    '/accounts/:accountId/sftp-access/activate',
    { config, schema: { tags, params: AccountIdParams, response: { 200: SftpActivationResponse } } },
    async (request) => sftp.activateSftpAccess(contextOf(request, deps), request.params.accountId),
  );

  app.post(
    '/accounts/:accountId/sftp-access/deactivate',
    { config, schema: { tags, params: AccountIdParams, response: { 200: SftpAccessResponse } } },
    async (request) => sftp.deactivateSftpAccess(contextOf(request, deps), request.params.accountId),
  );

  app.get(
    '/accounts/:accountId/sftp-access/catalogues',
    { config, schema: { tags, params: AccountIdParams, response: { 200: SftpCataloguesResponse } } },
    async (request) => sftp.listSftpCatalogues(contextOf(request, deps), request.params.accountId),
  );

  app.get(
    '/accounts/:accountId/sftp-access/categories',
    {
      config,
      schema: {
        tags,
        params: AccountIdParams,
        querystring: SftpCategoriesQuery,
        response: { 200: SftpCategoriesResponse },
      },
    },
    async (request) =>
      sftp.listSftpCategories(contextOf(request, deps), request.params.accountId, request.query),
  );
}
