import { z } from 'zod';
import { AUDIT_ENTITIES, LOG_ACTIONS } from '../enums';
import { CollectionView, PaginationQuery } from './common';

/** The list counts its matching entries up to this many; beyond, it answers "more than 10,000". */
export const AUDIT_LOG_COUNT_LIMIT = 10_000;
/** The CSV export holds at most this many entries, the newest (docs/audit-log.md). */
export const AUDIT_LOG_EXPORT_LIMIT = 100_000;

/** A day (`2026-01-15`, the whole day) or an instant with its offset (`2026-01-15T10:30:00Z`). */
export const isAuditLogDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isInstant = (value: string) =>
  // year 0 is no date PostgreSQL reads
  !value.startsWith('0000') &&
  (z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success);
const auditInstant = () => z.string().refine(isInstant, { message: 'invalid_date' }).optional();

/**
 * The filters of the audit log (`GET /audit-log` and its export): an account, an actor (by id,
 * or a part of their e-mail), an entity (type, id), an action, and when (`at[after]` from that
 * day or instant, `at[before]` up to the end of that day, or to that instant).
 */
export const AuditLogFilters = z.object({
  accountId: z.uuid({ message: 'invalid_uuid' }).optional(),
  actorUserId: z.uuid({ message: 'invalid_uuid' }).optional(),
  /** A part of the actor's e-mail (case ignored). */
  actor: z
    .string()
    .trim()
    .max(254, { message: 'too_long' })
    .transform((v) => v || undefined)
    .optional(),
  entityType: z.enum(AUDIT_ENTITIES, { message: 'invalid_value' }).optional(),
  entityId: z.uuid({ message: 'invalid_uuid' }).optional(),
  action: z.enum(LOG_ACTIONS, { message: 'invalid_value' }).optional(),
  'at[after]': auditInstant(),
  'at[before]': auditInstant(),
});
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

/** `GET /audit-log`: the filters and the page, newest entries first. */
export const ListAuditLogQuery = PaginationQuery.extend(AuditLogFilters.shape);
export type ListAuditLogQuery = z.infer<typeof ListAuditLogQuery>;

/**
 * One audit entry: who (the actor, none for a visitor or a job), which retailer (the account, none
 * for platform work), what (action, entity type and id) and the entity's state before and after,
 * keys that could hold a secret redacted.
 */
export const AuditEntryResponse = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(LOG_ACTIONS),
  /** One of AUDIT_ENTITIES, or a name older entries kept. */
  entityType: z.string(),
  entityId: z.string(),
  /** The name is null when the account no longer exists. */
  account: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** Name and e-mail are null when the user no longer exists. */
  actor: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryResponse = z.infer<typeof AuditEntryResponse>;

/** The list's envelope; `totalItemsCapped`: there are more than AUDIT_LOG_COUNT_LIMIT entries. */
export const AuditEntryCollectionResponse = z.object({
  member: z.array(AuditEntryResponse),
  totalItems: z.number().int(),
  totalItemsCapped: z.boolean(),
  view: CollectionView,
});
export type AuditEntryCollectionResponse = z.infer<typeof AuditEntryCollectionResponse>;

/** `GET /audit-log/accounts`: every account, by name, for the viewer's account filter. */
export const AuditLogAccountsResponse = z.object({
  member: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type AuditLogAccountsResponse = z.infer<typeof AuditLogAccountsResponse>;
