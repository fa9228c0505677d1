import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, withDatabase } from '../../test/postgres';
import { CUSTOM_PLAN, type DatabaseHandle, NAMED_STATEMENTS, openDatabase } from './db';

// Named statements are the PostgreSQL driver's (PGlite's pool keeps unnamed ones): a server only.
describe.skipIf(process.env.TEST_DB !== 'postgres')('named statements on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `reprise_test_named_${process.pid}`;
  let handle: DatabaseHandle;

  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl(url) });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name}`);
    await admin(`CREATE DATABASE ${name}`);
    handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** The statements prepared on the connection (this statement, without parameters, is not one). */
  const prepared = (conn: DatabaseHandle['db']) =>
    sql<{ name: string; statement: string; runs: number }>`
      SELECT name, statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements`
      .execute(conn)
      .then((r) => r.rows);

  it('a statement with parameters is prepared once on a connection, named after its text, then reused', async () => {
    await handle.db.connection().execute(async (conn) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`SELECT ${n}::int AS n`.execute(conn);
        expect(rows).toEqual([{ n }]);
      }
      expect(await prepared(conn)).toEqual([
        { name: expect.stringMatching(/^s_[\w-]{27}$/), statement: 'SELECT $1::int AS n', runs: 3 },
      ]);
    });
  });

  it('statements marked CUSTOM_PLAN and statements without parameters are sent unnamed', async () => {
    await handle.db.connection().execute(async (conn) => {
      const before = await prepared(conn);
      const { rows } = await sql<{ n: number }>`SELECT ${4}::int AS n ${CUSTOM_PLAN}`.execute(conn);
      expect(rows).toEqual([{ n: 4 }]);
      // several statements in one text: the simple protocol, as migrations run
      await sql`SELECT 1; SELECT 2`.execute(conn);
      expect(await prepared(conn)).toEqual(before);
    });
  });

  it(`a connection names at most NAMED_STATEMENTS.perConnection texts; the others run unnamed`, async () => {
    const limit = NAMED_STATEMENTS.perConnection;
    NAMED_STATEMENTS.perConnection = 3;
    try {
      // a connection of its own: the pool opens one more while this one is held
      await handle.db.connection().execute(async (held) => {
        await handle.db.connection().execute(async (conn) => {
          for (const n of [1, 2, 3, 4, 5]) {
            const { rows } = await sql<{ n: number }>`SELECT ${n}::int + ${sql.lit(n)} AS n`.execute(conn);
            expect(rows).toEqual([{ n: 2 * n }]);
          }
          const named = await prepared(conn);
          expect(named.map((s) => s.statement).sort()).toEqual(
            [1, 2, 3].map((n) => `SELECT $1::int + ${n} AS n`),
          );
        });
        await sql`SELECT 1`.execute(held);
      });
    } finally {
      NAMED_STATEMENTS.perConnection = limit;
    }
  });

  it('a statement whose columns a migration changed fails once; its connection is replaced and the next run answers', async () => {
    await sql`CREATE TABLE named_t (a int)`.execute(handle.db);
    await sql`INSERT INTO named_t VALUES (1)`.execute(handle.db);
    const read = () =>
      sql<{ a: number; b?: number }>`SELECT * FROM named_t WHERE a = ${1}`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE named_t ADD COLUMN b int`.execute(handle.db);
    await expect(read()).rejects.toThrow('cached plan must not change result type');
    expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    expect((await read()).rows).toEqual([{ a: 1, b: null }]);
  });
});
