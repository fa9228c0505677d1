import type { ImportIgnoredLineResponse, ImportResponse } from '@reprise/shared';
import type { ImportView } from './imports.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toImportResponse(
  row: ImportView,
  parentCategories: ReadonlyMap<string, string>,
): ImportResponse {
  return {
    id: row.id,
    origin: row.origin,
    content: row.content,
    strategy: row.strategy,
    status: row.status,
    fileName: row.file_name,
    fileFormat: row.file_format,
    fileSize: Number(row.file_size),
    account: { id: row.account_id, name: row.account_name },
    sourceAccount:
      row.source_account_id && row.source_account_name
        ? { id: row.source_account_id, name: row.source_account_name }
        : null,
    createdBy:
      row.created_by && row.created_by_name ? { id: row.created_by, name: row.created_by_name } : null,
    parentCategories: row.parent_category_ids.flatMap((id) => {
      const label = parentCategories.get(id);
      return label === undefined ? [] : [{ id, label }];
    }),
    suffix: row.suffix,
    position: row.position,
    report: {
      lines: {
        found: row.lines_found,
        inserted: row.lines_inserted,
        updated: row.lines_updated,
        ignored: row.lines_ignored,
      },
      error: row.error_code ? { code: row.error_code, message: row.error ?? row.error_code } : null,
    },
    createdAt: iso(row.created_at),
    queuedAt: iso(row.queued_at),
    startedAt: isoOrNull(row.started_at),
    endedAt: isoOrNull(row.ended_at),
  };
}

export const toIgnoredLineResponse = (row: {
  line_number: number;
  code: string;
  field: string | null;
  message: string;
}): ImportIgnoredLineResponse => ({
  line: row.line_number,
  code: row.code,
  field: row.field,
  message: row.message,
});
