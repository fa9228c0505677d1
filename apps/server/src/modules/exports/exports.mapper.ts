import type { ExportResponse } from '@reprise/shared';
import type { ExportRow } from './exports.repository';

/** An export as the API answers it: its file's address once it succeeded. */

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toExportResponse(row: ExportRow): ExportResponse {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    accountId: row.account_id,
    url: row.status === 'success' && row.file_key ? `/api/exports/${row.id}/file` : null,
    entriesCount: row.entries_count,
    error: row.error_code ? { code: row.error_code, message: row.error ?? row.error_code } : null,
    createdAt: iso(row.created_at) as string,
    startedAt: iso(row.started_at),
    endedAt: iso(row.ended_at),
  };
}
