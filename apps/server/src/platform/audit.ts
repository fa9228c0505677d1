import type { LogAction } from '@reprise/shared';
import type { AuditEntity } from './audit-entities';
import { publishChange } from './change-feed';
import type { Actor } from './context';
import type { BaseTxContext } from './request-context';

export interface AuditEntry {
  action: LogAction;
  entityType: AuditEntity;
  entityId: string;
  accountId: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The one audit path: writes the entries in the command's transaction (who, when, what, before
 * and after), in one insert however many (a cart creates up to 200 buybacks), and announces each
 * changed entity type of each account once on the change feed, heard by every process when, and
 * only if, the transaction commits. The actor is the context's (none for a visitor or a job).
 */
export async function audit(tx: BaseTxContext, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const actor = 'actor' in tx ? (tx.actor as Actor) : null;
  await tx.trx
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        account_id: entry.accountId,
        actor_user_id: actor?.userId ?? null,
        action: entry.action,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        before: json(entry.before),
        after: json(entry.after),
      })),
    )
    .execute();
  const changes = new Map(entries.map((e) => [`${e.entityType}:${e.accountId}`, e]));
  for (const { entityType, accountId } of changes.values())
    await publishChange(tx.trx, { entityType, accountId });
}
