import { Readable } from 'node:stream';
import {
  AUDIT_LOG_COUNT_LIMIT,
  AUDIT_LOG_EXPORT_LIMIT,
  type AuditEntryResponse,
  type AuditLogAccountsResponse,
  type AuditLogFilters,
  type ListAuditLogQuery,
} from '@reprise/shared';
import type { Page } from '../../platform/pagination';
import type { RequestContext } from '../../platform/request-context';
import { csvLine, UTF8_BOM } from '../exports';
import { AUDIT_LOG_CSV_COLUMNS, toAuditEntryCsvValues, toAuditEntryResponse } from './audit-log.mapper';
import * as repo from './audit-log.repository';

/**
 * The audit log viewer (docs/audit-log.md): who changed what, when, in which account. Every
 * account's entries, so the routes' permission (`audit.list`) is held by platform operators only.
 */

/** `GET /audit-log`: one page of entries, newest first, counted up to AUDIT_LOG_COUNT_LIMIT. */
export async function listAuditLog(
  ctx: RequestContext,
  query: ListAuditLogQuery,
): Promise<Page<AuditEntryResponse> & { totalItemsCapped: boolean }> {
  const { page, itemsPerPage, ...filters } = query;
  const found = await repo.listAuditEntries(
    ctx,
    filters,
    { offset: (page - 1) * itemsPerPage, limit: itemsPerPage },
    AUDIT_LOG_COUNT_LIMIT,
  );
  return {
    member: found.rows.map(toAuditEntryResponse),
    totalItems: found.total,
    totalItemsCapped: found.capped,
  };
}

/** `GET /audit-log/accounts`: the accounts to filter by. */
export async function listAuditLogAccounts(ctx: RequestContext): Promise<AuditLogAccountsResponse> {
  return { member: await repo.listAuditAccounts(ctx) };
}

/** Entries read per query while the export is written: one batch in memory, never the whole file (tests make it small). */
export const auditLogExportTuning = { batchSize: 2000 };

async function* exportLines(ctx: RequestContext, filters: AuditLogFilters, limit: number) {
  yield UTF8_BOM + csvLine(AUDIT_LOG_CSV_COLUMNS);
  let after: { atKey: string; id: string } | null = null;
  let written = 0;
  while (written < limit) {
    const size = Math.min(auditLogExportTuning.batchSize, limit - written);
    const rows = await repo.auditEntryBatch(ctx, filters, after, size);
    if (rows.length > 0) yield rows.map((row) => csvLine(toAuditEntryCsvValues(row))).join('');
    written += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { atKey: last.at_key, id: last.id };
  }
}

/**
 * `GET /audit-log/export`: the entries the list's filters keep, newest first, as a CSV written
 * batch by batch while it is sent; at most `limit` (AUDIT_LOG_EXPORT_LIMIT) of them, the newest,
 * and `truncated` says whether there were more.
 */
export async function exportAuditLog(
  ctx: RequestContext,
  filters: AuditLogFilters,
  limit: number = AUDIT_LOG_EXPORT_LIMIT,
): Promise<{ fileName: string; truncated: boolean; stream: Readable }> {
  const truncated = await repo.hasMoreEntriesThan(ctx, filters, limit);
  const day = new Date().toISOString().slice(0, 10);
  return {
    fileName: `audit-log-${day}.csv`,
    truncated,
    stream: Readable.from(exportLines(ctx, filters, limit)),
  };
}
