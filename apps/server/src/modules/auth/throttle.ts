import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * How many attempts a key allows within its window before the guarded work is refused for a
 * while; each further block within the window doubles the wait, up to `maxBlockMs`.
 */
export interface Limit {
  windowMs: number;
  allowed: number;
  firstBlockMs: number;
  maxBlockMs: number;
}

const minutes = (n: number) => n * 60_000;

/** The numbers of docs/security.md, "Sign-in throttling and account lockout" and "Password reset and password change". */
export const LIMITS = {
  /** One account from one client address: a short cool-down, so the owner is never kept out long. */
  loginPair: { windowMs: minutes(15), allowed: 5, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
  /** One account from every address: only slows down, one attempt per 40 s (at most 100 an hour). */
  loginAccount: { windowMs: minutes(60), allowed: 10, firstBlockMs: 40_000, maxBlockMs: 40_000 },
  /**
   * One device where the user signed in before (a valid device cookie, device-cookie.ts): its
   * attempts count here only, never on the three counters of unknown devices.
   */
  loginDevice: { windowMs: minutes(15), allowed: 5, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
  /** One client address trying many accounts. */
  loginAddress: { windowMs: minutes(15), allowed: 30, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
  resetEmail: { windowMs: minutes(60), allowed: 3, firstBlockMs: minutes(20), maxBlockMs: minutes(60) },
  resetAddress: { windowMs: minutes(15), allowed: 10, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
  changeUser: { windowMs: minutes(15), allowed: 5, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
  changeAddress: { windowMs: minutes(15), allowed: 20, firstBlockMs: minutes(1), maxBlockMs: minutes(15) },
} as const satisfies Record<string, Limit>;

/** A pair that signed in successfully skips the account-wide slowdown for this long. */
const KNOWN_PAIR_DAYS = 30;

const norm = (email: string) => email.trim().toLowerCase();
export const KEYS = {
  loginPair: (email: string, ip: string) => `login:pair:${norm(email)}|${ip}`,
  loginAccount: (email: string) => `login:account:${norm(email)}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  loginDevice: (nonce: string) => `login:device:${nonce}`,
  resetEmail: (email: string) => `reset:email:${norm(email)}`,
  resetAddress: (ip: string) => `reset:address:${ip}`,
  changeUser: (userId: string) => `password-change:user:${userId}`,
  changeAddress: (ip: string) => `password-change:address:${ip}`,
};

export interface Counted {
  /** 0 when the attempt may go on; else how long the key is still blocked, in ms. */
  refusedForMs: number;
  /** The pair signed in successfully within KNOWN_PAIR_DAYS. */
  known: boolean;
}

/**
 * Counts one attempt on `key` BEFORE the work it guards, in one atomic statement (an upsert
 * that locks the row), so that simultaneous attempts, from one process or several, are
 * counted one after the other: at most `allowed` of them go on, the attempt that reaches the
 * limit sets the block for the next ones, and an attempt refused while blocked counts too.
 * After a block ends, one more attempt goes on, and a new block follows it unless it succeeds.
 */
export async function countAttempt(db: Db, key: string, limit: Limit): Promise<Counted> {
  const window = sql`make_interval(secs => ${limit.windowMs / 1000})`;
  const blocked = sql`r.blocked_until > now()`;
  const expired = sql`r.window_start <= now() - ${window}`;
  const attempts = sql`CASE WHEN ${blocked} THEN r.attempts + 1 WHEN ${expired} THEN 1
    WHEN r.blocked_until IS NOT NULL THEN ${limit.allowed}::int ELSE r.attempts + 1 END`;
  const level = sql`CASE WHEN ${blocked} THEN r.block_level WHEN ${expired} THEN 0 ELSE r.block_level END`;
  const wait = (lvl: unknown) =>
    sql`make_interval(secs => least(${limit.firstBlockMs / 1000}::float8 * power(2, ${lvl}), ${limit.maxBlockMs / 1000}::float8))`;
  const row = await sql<{ attempts: number; wait_ms: number; known: boolean }>`
    INSERT INTO rate_limits AS r (key, attempts, window_start, blocked_until, block_level, last_attempt_at)
    VALUES (${key}, 1, now(), CASE WHEN 1 >= ${limit.allowed}::int THEN now() + ${wait(0)} END,
      CASE WHEN 1 >= ${limit.allowed}::int THEN 1 ELSE 0 END, now())
    ON CONFLICT (key) DO UPDATE SET
      attempts = ${attempts},
      window_start = CASE WHEN NOT coalesce(${blocked}, false) AND ${expired} THEN now() ELSE r.window_start END,
      blocked_until = CASE WHEN ${blocked} THEN r.blocked_until
        WHEN ${attempts} >= ${limit.allowed}::int THEN now() + ${wait(level)} END,
      block_level = CASE WHEN ${blocked} THEN r.block_level
        WHEN ${attempts} >= ${limit.allowed}::int THEN ${level} + 1 ELSE ${level} END,
      last_attempt_at = now()
    RETURNING attempts,
      greatest(0, extract(epoch FROM blocked_until - now()) * 1000)::float8 AS wait_ms,
      coalesce(known_until > now(), false) AS known`.execute(db);
  const counted = row.rows[0] as { attempts: number; wait_ms: number; known: boolean };
  return {
    refusedForMs: counted.attempts > limit.allowed ? Math.max(1, Number(counted.wait_ms)) : 0,
    known: counted.known,
  };
}

/**
 * Takes back an attempt that succeeded (it was counted before the work): the count drops by
 * one, and a block it set is lifted when the count falls under the limit again.
 */
export async function uncountAttempt(db: Db, key: string, limit: Limit): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({
      attempts: sql`greatest(attempts - 1, 0)`,
      blocked_until: sql`CASE WHEN attempts - 1 < ${limit.allowed}::int THEN NULL ELSE blocked_until END`,
    })
    .where('key', '=', key)
    .execute();
}

/** A successful sign-in from a pair: its failures are forgotten and the pair is known for a while. */
export async function rememberPair(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({
      attempts: 0,
      blocked_until: null,
      block_level: 0,
      known_until: sql`now() + make_interval(days => ${KNOWN_PAIR_DAYS})`,
    })
    .where('key', '=', key)
    .execute();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** A password reset unlocks the account: its account-wide counter and every pair's are cleared. */
export async function clearAccountSignIn(db: Db, email: string): Promise<void> {
  const pairPrefix = KEYS.loginPair(email, '');
  await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('key', '=', KEYS.loginAccount(email)),
        eb(sql<boolean>`starts_with(key, ${pairPrefix})`, '=', true),
      ]),
    )
    .execute();
}

/** Counters without an attempt for a day and no known pair to remember: deleted by housekeeping. */
export async function purgeRateLimits(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('last_attempt_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('known_until', 'is', null), eb('known_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
