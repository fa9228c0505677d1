import { DocumentQuery, USER_IMPORT_MAX_BYTES, UserImportQuery, UserImportResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { readUploadedFile } from '../accounts';
import { userImportTemplate } from './user-import.csv';
import { importUsers, userImportDocumentation } from './user-import.service';

/** The batch user import: template, documentation, dry run and import. */
export function registerUserImportRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    '/users/import/template',
    { config: { permission: 'user.create' }, schema: { tags } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users-import-template.csv"')
        .send(userImportTemplate()),
  );

  app.get(
    '/users/import/documentation',
    { config: { permission: 'user.create' }, schema: { tags, querystring: DocumentQuery } },
    async (request, reply) => {
      const pdf = await userImportDocumentation(contextOf(request, deps), request.query.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .send(pdf.data);
    },
  );

  // multipart, field `file`: a CSV of at most USER_IMPORT_MAX_LINES users
  app.post(
    '/users/import',
    {
      config: { permission: 'user.create' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: UserImportQuery,
        response: { 200: UserImportResponse },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, USER_IMPORT_MAX_BYTES);
      return importUsers(contextOf(request, deps), file, request.query.dryRun);
    },
  );
}
