/**
 * The kinds of entity the audit log records, and the change feed announces (platform/change-feed.ts):
 * caches subscribe to these names, never to free strings. The list lives in packages/shared
 * (enums.ts), where the audit log viewer's filter reads it too.
 */
export type { AuditEntity } from '@reprise/shared';
