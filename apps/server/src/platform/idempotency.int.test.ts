import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startHousekeeping } from './housekeeping';
import { IDEMPOTENCY_KEY_LIFETIME_MS, purgeIdempotencyKeys, runIdempotent } from './idempotency';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'store_seller@demo.test')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const request = (key: string, body: unknown) => ({ userId, key, method: 'POST', path: '/api/things', body });
const created = (n: number) => async () => ({ status: 201, body: { n } });

async function ageKey(key: string, ms: number) {
  await sql`UPDATE idempotency_keys SET created_at = now() - make_interval(secs => ${ms / 1000})
            WHERE user_id = ${userId} AND key = ${key}`.execute(t.db);
}
const keys = async (prefix: string) =>
  (
    await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'like', `${prefix}%`)
      .orderBy('key')
      .execute()
  ).map((r) => r.key);

describe('idempotency keys past their lifetime', () => {
  it('are deleted in batches; younger keys keep answering their first response', async () => {
    for (const i of [1, 2, 3, 4, 5]) {
      await runIdempotent(t.db, request(`old-key-${i}`, { i }), created(i));
      await ageKey(`old-key-${i}`, IDEMPOTENCY_KEY_LIFETIME_MS + HOUR);
    }
    await runIdempotent(t.db, request('young-key-1', { i: 6 }), created(6));
    await ageKey('young-key-1', IDEMPOTENCY_KEY_LIFETIME_MS - HOUR);

    expect(await purgeIdempotencyKeys(t.db, new Date(), 2)).toBe(5);
    expect(await keys('old-key-')).toEqual([]);
    expect(await keys('young-key-')).toEqual(['young-key-1']);
    expect(await runIdempotent(t.db, request('young-key-1', { i: 6 }), created(99))).toEqual({
      status: 201,
      body: { n: 6 },
      replayed: true,
    });
  });

  it('may be used again once deleted, for another request', async () => {
    await runIdempotent(t.db, request('reused-key', { a: 1 }), created(1));
    await expect(runIdempotent(t.db, request('reused-key', { a: 2 }), created(2))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    await ageKey('reused-key', IDEMPOTENCY_KEY_LIFETIME_MS + 1000);
    await purgeIdempotencyKeys(t.db);
    expect(await runIdempotent(t.db, request('reused-key', { a: 2 }), created(2))).toEqual({
      status: 201,
      body: { n: 2 },
      replayed: false,
    });
  });

  it('are deleted by the server’s housekeeping as soon as it starts', async () => {
    await runIdempotent(t.db, request('housekept-key', {}), created(1));
    await ageKey('housekept-key', IDEMPOTENCY_KEY_LIFETIME_MS + HOUR);
    const messages: string[] = [];
    const housekeeping = startHousekeeping(t.db, (m) => messages.push(m));
    try {
      for (let i = 0; i < 100 && (await keys('housekept-key')).length > 0; i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(await keys('housekept-key')).toEqual([]);
      expect(messages).toContain('housekeeping: 1 idempotency keys past their lifetime deleted');
    } finally {
      housekeeping.stop();
    }
  });
});
