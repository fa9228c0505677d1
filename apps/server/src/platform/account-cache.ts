import type { AuditEntity } from './audit-entities';
import { type Change, changeFeed } from './change-feed';

/**
 * A process cache of values that belong to one account, dropped when a committed change to one
 * of the entity types they derive from reaches the change feed. Each account has a generation,
 * bumped by its changes: a value read while a change commits is stored under the generation seen
 * before the read, so it is never served after the change is known. Not for decisions that must
 * see the latest committed data (those read in their own transaction).
 */
export class AccountCache<V> {
  private entries = new Map<string, { accountId: string; generation: number; value: V }>();
  private generations = new Map<string, number>();
  /** Bumped by a change of no particular account, or a reset: every value is stale. */
  private epoch = 0;

  constructor(
    entityTypes: readonly AuditEntity[],
    private readonly maxEntries = 5000,
  ) {
    changeFeed.subscribe(
      entityTypes,
      (change: Change) => this.invalidate(change.accountId),
      () => this.invalidate(null),
    );
  }

  private generation(accountId: string): number {
    return this.epoch * 2 ** 20 + (this.generations.get(accountId) ?? 0);
  }

  /** Drops an account's values (every value when `accountId` is null). */
  invalidate(accountId: string | null): void {
    if (accountId === null) {
      this.epoch += 1;
      this.entries.clear();
      return;
    }
    this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
  }

  /** The value of `key`, read by `load` when absent or stale. */
  async read(accountId: string, key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const generation = this.generation(accountId);
    if (entry && entry.accountId === accountId && entry.generation === generation) return entry.value;
    const value = await load();
    // a change committed during the read bumped the generation: the value is not kept
    if (this.generation(accountId) === generation) {
      if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { accountId, generation, value });
    }
    return value;
  }
}
