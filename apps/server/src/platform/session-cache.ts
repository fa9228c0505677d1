import { sql } from 'kysely';
import type { Db } from './db.types';

/** One row per module the session's user holds, as the session lookup reads them. */
export interface SessionRow {
  sessionId: string;
  currentModule: string;
  lastUsedAt: Date;
  expiresAt: Date;
  userId: string;
  /** The account of this module's organisation (not the user's own account). */
  accountId: string;
  email: string;
  moduleType: string;
  userType: string;
  organizationId: string;
  organizationPath: string;
}

/** Channel on which every process hears that sessions, held modules or organisation paths changed. */
export const AUTH_CHANGED_CHANNEL = 'reprise_auth_changed';

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

/**
 * Session lookups cached per token hash for a few seconds, so that an authenticated request costs
 * no query for its session. Anything that revokes a session or changes what a session may see
 * calls `authChanged(trx)`: the cache of this process is cleared at once, and the NOTIFY sent with
 * the transaction's commit clears every other process's (see `listenForAuthChanges`).
 */
class SessionCache {
  private entries = new Map<string, { rows: SessionRow[]; cachedAt: number }>();

  get(tokenHash: string, now = Date.now()): SessionRow[] | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.rows;
  }

  set(tokenHash: string, rows: SessionRow[], now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { rows, cachedAt: now });
  }

  clear(): void {
    this.entries.clear();
  }
}

export const sessionCache = new SessionCache();

/** Call in the transaction that revokes sessions or changes held modules, statuses or organisation paths. */
export async function authChanged(trx: Db): Promise<void> {
  sessionCache.clear();
  await sql`SELECT pg_notify(${AUTH_CHANGED_CHANNEL}, '')`.execute(trx);
}
