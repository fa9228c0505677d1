import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from './db';
import type { Database } from './db.types';
import { AppError } from './errors';

/**
 * How long a key answers its first response at least: a client retries within seconds or
 * minutes, and a day covers an outage, as payment APIs do. Older keys are deleted by the
 * server's housekeeping; a client may then use the key again.
 */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** `Idempotency-Key`: 8 to 255 visible ASCII characters (a UUID is a good choice). */
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

export interface IdempotentAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** What the key must always be sent with: method, path and the parsed body. */
  method: string;
  path: string;
  body: unknown;
}

/** The request's `Idempotency-Key` header, checked; `idempotency_key_invalid` when absent or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError(
      'idempotency_key_invalid',
      'Send an Idempotency-Key header of 8 to 255 visible ASCII characters (a UUID, for instance).',
    );
  }
  return key;
}

/** JSON with sorted object keys, so that the same body always gives the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function fingerprintOf(request: Pick<IdempotentRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonical(request.body)}`)
    .digest('hex');
}

/**
 * Runs a command at most once per (user, key). The key is claimed by an insert in the command's
 * own transaction, and the answer is stored in it before commit:
 * - a replay (same key, same request) answers the stored status and body, `replayed: true`;
 * - the same key with another method, path or body is refused (`idempotency_key_reused`);
 * - a concurrent duplicate waits on the key's primary key until the first commits, then replays
 *   its answer (or, if the first failed and rolled back, runs the command itself).
 * A command that throws leaves nothing behind, so the client may retry with the same key.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  command: (trx: Transaction<Database>) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  return db.transaction().execute((trx) => runIdempotentIn(trx, request, () => command(trx)));
}

/** `runIdempotent` in a transaction already open (a context's, `transact`): the key is claimed in it. */
export async function runIdempotentIn<T>(
  trx: Transaction<Database>,
  request: IdempotentRequest,
  command: () => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  const fingerprint = fingerprintOf(request);
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: request.userId, key: request.key, fingerprint })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'response_status', 'response_body'])
      .where('user_id', '=', request.userId)
      .where('key', '=', request.key)
      .executeTakeFirstOrThrow();
    if (stored.fingerprint !== fingerprint || stored.response_status === null) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with another request; use a new key for a new request.',
      );
    }
    return { status: stored.response_status, body: stored.response_body as T, replayed: true };
  }
  const answer = await command();
  await trx
    .updateTable('idempotency_keys')
    .set({ response_status: answer.status, response_body: JSON.stringify(answer.body) })
    .where('user_id', '=', request.userId)
    .where('key', '=', request.key)
    .execute();
  return { ...answer, replayed: false };
}

/**
 * Deletes the keys past their lifetime, a batch per statement (no long lock on a busy table),
 * and answers how many. A key claimed by a transaction still running is not visible here.
 */
export async function purgeIdempotencyKeys(db: Db, now = new Date(), batch = 5000): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM idempotency_keys WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys WHERE created_at < ${before} LIMIT ${batch}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batch) return total;
  }
}
