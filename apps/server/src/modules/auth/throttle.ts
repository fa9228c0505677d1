import type { Db } from '../../platform/db';

/** Brute-force limits: per e-mail, and a looser one per client address on top. */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  emailFailures: 5,
  addressFailures: 30,
  firstLockMs: 60_000,
  maxLockMs: 24 * 60 * 60_000,
  /** A lock level is forgotten after a day without failures. */
  forgetMs: 24 * 60 * 60_000,
} as const;

export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Milliseconds the key is still locked for, or 0. */
export async function lockRemaining(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('key', 'in', keys)
    .execute();
  return Math.max(
    0,
    ...rows.map((r) => (r.locked_until ? new Date(r.locked_until).getTime() - now.getTime() : 0)),
  );
}

/**
 * Counts a failure. Once the threshold is reached within the window, the key locks; each
 * further lock doubles the wait (1 min, 2, 4, … up to a day).
 */
export async function recordFailure(db: Db, key: string, threshold: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    const t = now.getTime();
    let failures = 1;
    let windowStart = now;
    let lockLevel = 0;
    if (row) {
      const inWindow = t - new Date(row.window_start).getTime() < THROTTLE.windowMs;
      const remembered = t - new Date(row.last_failure_at).getTime() < THROTTLE.forgetMs;
      lockLevel = remembered ? row.lock_level : 0;
      // once locked, the count stays at the threshold until forgotten: every further failure relocks
      failures = inWindow || lockLevel > 0 ? row.failures + 1 : 1;
      windowStart = inWindow ? new Date(row.window_start) : now;
    }
    let lockedUntil: Date | null = row?.locked_until ?? null;
    if (failures >= threshold) {
      const wait = Math.min(THROTTLE.firstLockMs * 2 ** lockLevel, THROTTLE.maxLockMs);
      lockLevel += 1;
      lockedUntil = new Date(t + wait);
    }
    await trx
      .insertInto('login_throttle')
      .values({
        key,
        failures,
        window_start: windowStart,
        last_failure_at: now,
        locked_until: lockedUntil,
        lock_level: lockLevel,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures,
          window_start: windowStart,
          last_failure_at: now,
          locked_until: lockedUntil,
          lock_level: lockLevel,
        }),
      )
      .execute();
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
