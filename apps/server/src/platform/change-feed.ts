import { sql } from 'kysely';
import type { AuditEntity } from './audit-entities';
import type { Db } from './db.types';

/**
 * The change feed: every audited write announces `<entity type>:<account id>` with a NOTIFY sent
 * in its transaction, so that every server process hears of it when, and only if, it commits.
 * Process caches of data that changes rarely and is read often (the pricing context of the
 * buyback estimate) subscribe to the entity types they depend on and drop what a change touches.
 */
export const CHANGES_CHANNEL = 'reprise_changes';

/** A change to an account's data; `accountId` null: data of no account (or of every account). */
export interface Change {
  entityType: AuditEntity;
  accountId: string | null;
}

type Listener = (change: Change) => void;

class ChangeFeed {
  private listeners = new Set<{ entityTypes: ReadonlySet<string>; listener: Listener }>();
  private resets = new Set<() => void>();

  /** Calls `listener` for each committed change of one of `entityTypes`. Answers the unsubscribe. */
  subscribe(entityTypes: readonly AuditEntity[], listener: Listener, onReset: () => void): () => void {
    const entry = { entityTypes: new Set(entityTypes), listener };
    this.listeners.add(entry);
    this.resets.add(onReset);
    return () => {
      this.listeners.delete(entry);
      this.resets.delete(onReset);
    };
  }

  /** A notification's payload, as `publishChange` writes it. */
  dispatch(payload: string): void {
    const at = payload.indexOf(':');
    if (at < 0) return;
    const change = {
      entityType: payload.slice(0, at) as AuditEntity,
      accountId: payload.slice(at + 1) || null,
    };
    for (const { entityTypes, listener } of this.listeners)
      if (entityTypes.has(change.entityType)) listener(change);
  }

  /** Notifications may have been lost (the listening connection dropped): forget everything. */
  reset(): void {
    for (const reset of this.resets) reset();
  }
}

export const changeFeed = new ChangeFeed();

/** Announces a change; delivered to every process (this one too) when the transaction commits. */
export async function publishChange(trx: Db, change: Change): Promise<void> {
  await sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${`${change.entityType}:${change.accountId ?? ''}`})`.execute(
    trx,
  );
}
