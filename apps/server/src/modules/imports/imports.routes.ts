import {
  AccountIdParams,
  CreateImportFields,
  collectionOf,
  IdParams,
  IMPORT_CONTENTS,
  IMPORT_MAX_BYTES,
  ImportIgnoredLineResponse,
  ImportResponse,
  ListImportIgnoredLinesQuery,
  ListImportsQuery,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { importTemplate } from './import-templates';
import { openImportUpload } from './import-upload';
import * as imports from './imports.service';

const tags = ['imports'];

const ImportContentParams = z.object({
  content: z.enum(IMPORT_CONTENTS, { message: 'invalid_import_content' }),
});

/** The multipart fields, parsed with their shared schema: a bad one answers 422 with its violations. */
function parseFields(fields: Record<string, string>): CreateImportFields {
  const parsed = CreateImportFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const violations = parsed.error.issues.map((issue) => ({
    propertyPath: issue.path.join('.'),
    message: issue.message,
    code: /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid',
  }));
  throw new AppError('validation_failed', 'The import fields are not valid.', violations);
}

const attachmentName = (name: string) => name.replace(/["\\\r\n]/g, '_');

/**
 * Catalogue imports (docs/imports.md), all with the permission `imports`: upload a file into an
 * account's catalogue, list the account's imports, read one, its ignored lines and its file, and
 * the template files.
 */
export function registerImportRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'imports' } as const;

  app.post(
    '/accounts/:accountId/imports',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: AccountIdParams,
        response: { 201: ImportResponse },
      },
    },
    async (request, reply) => {
      const upload = await openImportUpload(request, IMPORT_MAX_BYTES);
      let fields: CreateImportFields;
      try {
        fields = parseFields(upload.fields);
      } catch (error) {
        upload.stream.resume();
        throw error;
      }
      const created = await imports.createImport(contextOf(request, deps), request.params.accountId, fields, {
        fileName: upload.fileName,
        stream: upload.stream,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/accounts/:accountId/imports',
    {
      config,
      schema: {
        tags,
        params: AccountIdParams,
        querystring: ListImportsQuery,
        response: { 200: collectionOf(ImportResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await imports.listImports(contextOf(request, deps), request.params.accountId, request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/imports/:id',
    { config, schema: { tags, params: IdParams, response: { 200: ImportResponse } } },
    async (request) => imports.getImport(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/imports/:id/ignored-lines',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        querystring: ListImportIgnoredLinesQuery,
        response: { 200: collectionOf(ImportIgnoredLineResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await imports.listIgnoredLines(contextOf(request, deps), request.params.id, request.query),
        request.query,
        request.url,
      ),
  );

  app.get('/imports/:id/file', { config, schema: { tags, params: IdParams } }, async (request, reply) => {
    const file = await imports.importFile(contextOf(request, deps), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${attachmentName(file.fileName)}"`)
      .send(file.stream);
  });

  app.get(
    '/import-templates/:content',
    { config, schema: { tags, params: ImportContentParams } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.params.content}-template.csv"`)
        .send(importTemplate(request.params.content)),
  );
}
