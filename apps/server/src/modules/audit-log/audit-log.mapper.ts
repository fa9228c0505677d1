import type { AuditEntryResponse } from '@reprise/shared';
import { type CsvValue, inertFormula } from '../exports';
import type { AuditEntryRow } from './audit-log.repository';

/**
 * Keys whose value could be a secret. Commands write their before/after without secrets already
 * (a user's password hash, a token's hash, an IBAN are never audited); the viewer redacts these
 * keys again, at any depth, in case one slipped in.
 */
const SECRET_KEY = /password|secret|token|hash|iban/i;
export const REDACTED = '[redacted]';

/** A before/after state with the value of every secret-like key replaced by REDACTED (null stays null). */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        SECRET_KEY.test(key) && child !== null && child !== undefined ? REDACTED : redactSecrets(child),
      ]),
    );
  return value;
}

export function toAuditEntryResponse(row: AuditEntryRow): AuditEntryResponse {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    account: row.account_id ? { id: row.account_id, name: row.account_name } : null,
    actor: row.actor_user_id ? { id: row.actor_user_id, name: row.actor_name, email: row.actor_email } : null,
    before: redactSecrets(row.before ?? null),
    after: redactSecrets(row.after ?? null),
  };
}

/** The columns of the audit log's CSV export (docs/audit-log.md). */
export const AUDIT_LOG_CSV_COLUMNS = [
  'at',
  'account_id',
  'account_name',
  'actor_user_id',
  'actor_name',
  'actor_email',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
] as const;

const jsonCell = (value: unknown): CsvValue =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * An entry as a line of the export, as the list shows it (secrets redacted). Names, e-mails and
 * states hold what users typed, so a text a spreadsheet would run as a formula is made inert.
 */
export function toAuditEntryCsvValues(row: AuditEntryRow): CsvValue[] {
  const entry = toAuditEntryResponse(row);
  return [
    entry.at,
    entry.account?.id,
    entry.account?.name,
    entry.actor?.id,
    entry.actor?.name,
    entry.actor?.email,
    entry.action,
    entry.entityType,
    entry.entityId,
    jsonCell(entry.before),
    jsonCell(entry.after),
  ].map(inertFormula);
}
