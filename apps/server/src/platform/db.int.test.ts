import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CIRCUIT,
  customer,
  IBAN,
  key,
  PM,
  STORE,
  startBuybackKit,
} from '../../test/buyback-kit';
import { withDatabase } from '../../test/postgres';
import type { AuditEntity } from './audit-entities';
import { type Change, changeFeed, publishChange } from './change-feed';

let k: BuybackKit;
beforeAll(async () => {
  k = await startBuybackKit();
});
afterAll(() => k.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Subscribes to a made-up entity type and answers what this process's feed hears of it. */
function hear(name: string) {
  const entityType = name as AuditEntity;
  const heard: Change[] = [];
  const unsubscribe = changeFeed.subscribe(
    [entityType],
    (change) => heard.push(change),
    () => {},
  );
  return { heard, unsubscribe };
}

describe('change notifications', () => {
  it('a committed change is heard once by the process', async () => {
    const { heard, unsubscribe } = hear('db_test_once');
    try {
      await k.t.db
        .transaction()
        .execute((trx) => publishChange(trx, { entityType: 'db_test_once' as AuditEntity, accountId: null }));
      const start = Date.now();
      while (heard.length === 0 && Date.now() - start < 3000) await sleep(20);
      await sleep(300);
      expect(heard).toEqual([{ entityType: 'db_test_once', accountId: null }]);
    } finally {
      unsubscribe();
    }
  });
});

// Faults need a real server: PGlite has no backends to terminate.
if (process.env.TEST_DB === 'postgres') {
  /** A connection of the test itself, outside the app's pool, to watch and terminate the app's backends. */
  let killer: pg.Client;
  beforeAll(async () => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(k.t.db);
    killer = new pg.Client({
      connectionString: withDatabase(process.env.TEST_DATABASE_URL as string, rows[0]?.name as string),
    });
    await killer.connect();
  });
  afterAll(() => killer?.end());

  const listenerPids = async () =>
    (
      await killer.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN %'`,
      )
    ).rows.map((r) => r.pid);
  const terminateAppBackends = () =>
    killer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );

  describe('database faults', () => {
    it('backends terminated while buybacks are created: the requests that lost their connection answer 503, the process serves again after the Retry-After', async () => {
      const productId = await k.newProduct();
      const answers = answersFor(await k.questionnaire(productId));
      const create = () =>
        k.post(
          'seller',
          `/api/store/${STORE}/buybacks`,
          {
            productId,
            answers,
            shippingMethodId: CIRCUIT.storeDrop,
            paymentModeId: PM.bankTransfer,
            customer: customer({ iban: IBAN }),
          },
          key(),
        );
      // what would end a real process: an 'error' event that nothing listens to
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      const statuses: number[] = [];
      for (let round = 0; round < 10 && !statuses.includes(503); round += 1) {
        const requests = Array.from({ length: 8 }, create);
        await sleep(10 + round * 5);
        await terminateAppBackends();
        for (const res of await Promise.all(requests)) {
          statuses.push(res.statusCode);
          if (res.statusCode === 201) continue;
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers['content-type']).toContain('application/problem+json');
          expect(res.headers['retry-after']).toBe('1');
          expect(res.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
          expect(res.json().detail).not.toMatch(/terminat|pg_|backend/i);
        }
      }
      process.off('uncaughtException', onUncaught);
      expect(uncaught).toEqual([]);
      expect(statuses).toContain(503);
      // a client that waits the Retry-After it was given is served: the pool has dropped the idle
      // connections that were terminated (each one's 'error' arrives a moment after the backend
      // ends, later on a busy machine) and opens new ones without a reconnection delay
      await sleep(1000);
      expect((await create()).statusCode).toBe(201);
      expect((await k.get('seller', '/api/me')).statusCode).toBe(200);
    });

    it('the LISTEN connection terminated five times: one listener again each time, and a change is still heard once', async () => {
      const start = Date.now();
      while ((await listenerPids()).length !== 1 && Date.now() - start < 5000) await sleep(50);
      for (let i = 0; i < 5; i += 1) {
        const before = await listenerPids();
        expect(before).toHaveLength(1);
        await killer.query('SELECT pg_terminate_backend($1)', [before[0]]);
        const since = Date.now();
        let after: number[] = [];
        while (Date.now() - since < 5000) {
          after = await listenerPids();
          if (after.length > 0 && !after.includes(before[0] as number)) break;
          await sleep(50);
        }
        // a doubling reconnection would show a second backend within the next moment
        await sleep(1200);
        expect(await listenerPids()).toHaveLength(1);
      }
      const { heard, unsubscribe } = hear('db_test_after_reconnect');
      try {
        await publishChange(k.t.db, { entityType: 'db_test_after_reconnect' as AuditEntity, accountId: 'a' });
        const since = Date.now();
        while (heard.length === 0 && Date.now() - since < 3000) await sleep(20);
        await sleep(300);
        expect(heard).toEqual([{ entityType: 'db_test_after_reconnect', accountId: 'a' }]);
      } finally {
        unsubscribe();
      }
    });
  });
}
