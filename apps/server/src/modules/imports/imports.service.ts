import type { Readable } from 'node:stream';
import {
  type CreateImportFields,
  IMPORT_MAX_BYTES,
  type ImportIgnoredLineResponse,
  type ImportResponse,
  type ListImportIgnoredLinesQuery,
  type ListImportsQuery,
} from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { type BaseContext, type RequestContext, transact } from '../../platform/request-context';
import { startImport } from './import-start';
import { contentCheck, formatOfName, uploadError } from './import-upload';
import { toIgnoredLineResponse, toImportResponse } from './imports.mapper';
import * as repo from './imports.repository';

/**
 * Imports as the import screens use them (docs/imports.md): a retailer imports into its own
 * catalogue, platform operators into any retailer's; an account out of reach answers 404.
 */

async function toResponses(ctx: BaseContext, rows: repo.ImportView[]): Promise<ImportResponse[]> {
  const ids = [...new Set(rows.flatMap((r) => r.parent_category_ids))];
  const labels = new Map((await repo.categoryLabels(ctx, ids)).map((c) => [c.id, c.label]));
  return rows.map((row) => toImportResponse(row, labels));
}

/**
 * An import's response without a scope check, for callers that checked it already (the SFTP
 * access shows its last import); null when there is none.
 */
export async function importResponseOf(ctx: BaseContext, importId: string): Promise<ImportResponse | null> {
  const row = await repo.findImportUnscoped(ctx, importId);
  return row ? ((await toResponses(ctx, [row]))[0] ?? null) : null;
}

async function catalogueAccount(ctx: RequestContext, accountId: string) {
  const account = await repo.findCatalogueAccount(ctx, accountId);
  if (!account) throw notFound('account');
  return account;
}

/** The parent categories must be categories of the destination catalogue. */
async function checkParentCategories(ctx: RequestContext, accountId: string, ids: readonly string[]) {
  const found = await repo.categoryLabels(ctx, ids);
  const own = new Set(found.filter((c) => c.account_id === accountId).map((c) => c.id));
  const strangers = ids.filter((id) => !own.has(id));
  if (strangers.length === 0) return;
  const message = 'Every parent category must be a category of the destination catalogue.';
  throw new AppError('validation_failed', message, [
    { propertyPath: 'parentCategoryIds', message, code: 'category_not_found' },
  ]);
}

export interface UploadedImportFile {
  fileName: string;
  stream: Readable;
}

/**
 * Starts an import of an uploaded file: the destination and the parent categories checked, the
 * file streamed to the storage (its first kilobyte must agree with its name: XLSX is a zip, CSV
 * is text), then the import recorded and queued in one transaction.
 */
export async function createImport(
  ctx: RequestContext,
  accountId: string,
  fields: CreateImportFields,
  file: UploadedImportFile,
): Promise<ImportResponse> {
  try {
    await catalogueAccount(ctx, accountId);
    await checkParentCategories(ctx, accountId, fields.parentCategoryIds);
    const format = formatOfName(file.fileName);
    const checked = contentCheck(format);
    file.stream.on('error', (error) => checked.destroy(error));
    // a refusal reaches this function through putStream's pipeline; the `pipe` below would
    // otherwise leave it unheard on `checked` (an uncaught exception)
    checked.on('error', () => undefined);
    const stored = await ctx.deps.storage
      .putStream('imports', format, file.stream.pipe(checked), IMPORT_MAX_BYTES)
      .catch((error: unknown) => {
        file.stream.resume();
        throw uploadError(error, IMPORT_MAX_BYTES);
      });
    const id = await transact(ctx, (tx) =>
      startImport(tx, {
        accountId,
        sourceAccountId: ctx.actor.accountId,
        origin: 'upload',
        content: fields.content,
        strategy: fields.strategy,
        fileKey: stored.key,
        fileName: file.fileName.slice(0, 255),
        fileFormat: format,
        fileSize: stored.size,
        parentCategoryIds: fields.parentCategoryIds,
        suffix: fields.suffix,
        createdBy: ctx.actor.userId,
      }),
    );
    return (await getImport(ctx, id)) as ImportResponse;
  } finally {
    // a refused upload is not read: drain it, so the request ends and its answer is sent
    if (!file.stream.readableEnded) file.stream.resume();
  }
}

export async function getImport(ctx: BaseContext, id: string): Promise<ImportResponse> {
  const row = await repo.findImport(ctx, id);
  if (!row) throw notFound('import');
  return (await toResponses(ctx, [row]))[0] as ImportResponse;
}

export async function listImports(
  ctx: RequestContext,
  accountId: string,
  query: ListImportsQuery,
): Promise<Page<ImportResponse>> {
  await catalogueAccount(ctx, accountId);
  const { rows, total } = await repo.listImports(
    ctx,
    { accountId, status: query.status, content: query.content },
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: await toResponses(ctx, rows), totalItems: total };
}

export async function listIgnoredLines(
  ctx: RequestContext,
  id: string,
  query: ListImportIgnoredLinesQuery,
): Promise<Page<ImportIgnoredLineResponse>> {
  if (!(await repo.findImport(ctx, id))) throw notFound('import');
  const { rows, total } = await repo.listIgnoredLines(ctx, id, {
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: rows.map(toIgnoredLineResponse), totalItems: total };
}

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The file of an import as it was sent. */
export async function importFile(
  ctx: RequestContext,
  id: string,
): Promise<{ stream: Readable; fileName: string; contentType: string }> {
  const row = await repo.findImport(ctx, id);
  if (!row) throw notFound('import');
  const stream = await ctx.deps.storage.getStream(row.file_key);
  if (!stream) throw notFound('file');
  return { stream, fileName: row.file_name, contentType: MIME[row.file_format] };
}
