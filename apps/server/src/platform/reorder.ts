import type { AuditEntry } from './audit';
import type { AuditEntity } from './audit-entities';

/**
 * An account's ordered list put in a new order (`ids`, first to last): the ids must name every row
 * of the list once; a list changed meanwhile (a row created or removed elsewhere) is not a reorder.
 */
export function isWholeReorder(ids: readonly string[], rows: readonly { id: string }[]): boolean {
  const current = new Set(rows.map((r) => r.id));
  const wanted = new Set(ids);
  return wanted.size === ids.length && wanted.size === current.size && ids.every((id) => current.has(id));
}

/** The audit entries of a reorder: an update of the position of each row that moved. */
export function movedPositionEntries(
  rows: readonly { id: string; position: number }[],
  ids: readonly string[],
  entityType: AuditEntity,
  accountId: string,
): AuditEntry[] {
  return rows
    .filter((r) => r.position !== ids.indexOf(r.id))
    .map((r) => ({
      action: 'update' as const,
      entityType,
      entityId: r.id,
      accountId,
      before: { position: r.position },
      after: { position: ids.indexOf(r.id) },
    }));
}
