import type { LogAction } from '@reprise/shared';
import { publishChange } from './change-feed';
import type { Actor } from './context';
import type { Db } from './db';

/**
 * Writes one audit row in the caller's transaction (who, when, what, before and after), and
 * announces the change on the change feed (heard by every process when the transaction commits).
 */
export async function writeAudit(
  trx: Db,
  actor: Actor | null,
  entry: {
    action: LogAction;
    entityType: string;
    entityId: string;
    accountId: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      account_id: entry.accountId,
      actor_user_id: actor?.userId ?? null,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
  await publishChange(trx, { entityType: entry.entityType, accountId: entry.accountId });
}
