import type { Readable } from 'node:stream';
import type {
  CatalogExportType,
  ExportResponse,
  ExportType,
  Permission,
  StartBuybackExportBody,
  StartExportBody,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { can } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { type RequestContext, transact } from '../../platform/request-context';
import { findReachableAccount } from '../accounts';
import type { ExportJob } from './export-runner';
import { viewerOf } from './export-viewer';
import { toExportResponse } from './exports.mapper';
import * as repo from './exports.repository';

/**
 * Exports (docs/exports.md): starting one records it (in progress) and sends its `export` job in
 * the same transaction; the job writes the CSV (export-runner.ts). An export is read, downloaded
 * and cancelled by the user who started it.
 */

/** The permission each type of export needs. */
export const EXPORT_PERMISSION = {
  products: 'export.products',
  categories: 'export.categories',
  diagnostic: 'export.categories',
  buybacks: 'export.buybacks',
} as const satisfies Record<ExportType, Permission>;

async function start(
  ctx: RequestContext,
  values: Omit<Parameters<typeof repo.insertExport>[1], 'createdBy'>,
): Promise<ExportResponse> {
  return transact(ctx, async (tx) => {
    const row = await repo.insertExport(tx, { ...values, createdBy: ctx.actor.userId });
    await tx.deps.jobs.send(tx.trx, 'export', { exportId: row.id } satisfies ExportJob, { id: row.id });
    await audit(tx, {
      action: 'create',
      entityType: 'export',
      entityId: row.id,
      accountId: row.account_id,
      after: { type: row.type, filters: values.filters },
    });
    return toExportResponse(row);
  });
}

/**
 * `POST /products/exports`, `/categories/exports`, `/diagnostic-questions/exports`: the catalogue
 * of `account_id`, an account the user may reach (their own; any for a platform operator).
 */
export async function startCatalogExport(
  ctx: RequestContext,
  type: CatalogExportType,
  body: StartExportBody,
): Promise<ExportResponse> {
  const account = await findReachableAccount(ctx, body.account_id);
  if (!account) throw notFound('account');
  return start(ctx, { accountId: account.id, type, filters: {}, viewer: null });
}

/** `POST /buybacks/exports`: the buybacks the user's list shows for these filters, in their account. */
export async function startBuybackExport(
  ctx: RequestContext,
  filters: StartBuybackExportBody,
): Promise<ExportResponse> {
  return start(ctx, {
    accountId: ctx.actor.accountId,
    type: 'buybacks',
    filters: filters as Record<string, unknown>,
    viewer: viewerOf(ctx.actor),
  });
}

/** The user's own export, of a type their permissions still allow; another's answers 404. */
async function ownExport(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}) {
  const row = await repo.findOwnExport(ctx, ctx.actor.userId, id, options);
  if (!row) throw notFound('export');
  if (!can(ctx.actor, EXPORT_PERMISSION[row.type])) throw forbidden();
  return row;
}

/** `GET /{products|categories|diagnostic-questions|buybacks}/exports/{id}`: an export of that type. */
export async function getExport(ctx: RequestContext, type: ExportType, id: string): Promise<ExportResponse> {
  const row = await ownExport(ctx, id);
  if (row.type !== type) throw notFound('export');
  return toExportResponse(row);
}

/** `GET /exports/{id}/file`: the CSV of a successful export, as a stream. */
export async function exportFile(
  ctx: RequestContext,
  id: string,
): Promise<{ fileName: string; stream: Readable }> {
  const row = await ownExport(ctx, id);
  if (row.status !== 'success' || !row.file_key)
    throw new AppError('conflict', 'This export has no file: it is not finished, or it failed.');
  const stream = await ctx.deps.storage.getStream(row.file_key);
  if (!stream) throw notFound('export file');
  const day = (row.ended_at ? new Date(row.ended_at) : new Date()).toISOString().slice(0, 10);
  return { fileName: `${row.type}-export-${day}.csv`, stream };
}

/** `POST /exports/{id}/cancel`: an export in progress stops at its next batch and keeps no file. */
export async function cancelExport(ctx: RequestContext, id: string): Promise<ExportResponse> {
  return transact(ctx, async (tx) => {
    const row = await ownExport(tx, id, { forUpdate: true });
    if (row.status !== 'in_progress')
      throw new AppError('conflict', 'This export has ended already: it cannot be cancelled.');
    const cancelled = await repo.updateRunningExport(tx, id, { status: 'cancelled', ended_at: new Date() });
    await audit(tx, {
      action: 'update',
      entityType: 'export',
      entityId: id,
      accountId: row.account_id,
      before: { status: 'in_progress' },
      after: { status: 'cancelled' },
    });
    return toExportResponse(cancelled as repo.ExportRow);
  });
}
