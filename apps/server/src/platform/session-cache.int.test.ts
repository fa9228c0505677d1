import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function statusWithin(
  app: TestApp['app'],
  authorization: string,
  expected: number,
  ms = 3000,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
    if (res.statusCode === expected || Date.now() - start > ms) return res.statusCode;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cached sessions', () => {
  it('a session signed out is refused at once by the process that signed it out', async () => {
    const { authorization } = await t.login('store_seller@demo.test');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).statusCode,
    ).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).statusCode,
    ).toBe(401);
  });

  it('a session revoked through another server process is refused here too', async () => {
    const other = await t.secondApp();
    const { authorization } = await t.login('store_manager@demo.test');
    // both processes have the session in their cache
    expect(
      (await other.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).statusCode,
    ).toBe(200);
    await other.inject({ method: 'POST', url: '/api/logout', headers: { authorization } });
    expect(await statusWithin(t.app, authorization, 401)).toBe(401);
  });

  it('a module switch made through one process applies in the other', async () => {
    const other = await t.secondApp();
    const { authorization } = await t.login('multi@demo.test');
    const before = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
    expect(before.json().currentModule).toBe('tim');
    await other.inject({
      method: 'POST',
      url: '/api/me/module',
      headers: { authorization },
      payload: { moduleType: 'rps' },
    });
    const start = Date.now();
    let module = '';
    while (Date.now() - start < 3000) {
      module = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } })).json()
        .currentModule;
      if (module === 'rps') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(module).toBe('rps');
  });
});

// The PostgreSQL server may close a pooled connection at any time (restart, failover, a killed
// backend): the process must live on and the next query use a new connection.
if (process.env.TEST_DB === 'postgres') {
  describe('pooled connections', () => {
    it('an idle connection the server terminates does not bring the process down', async () => {
      let victim = 0;
      await t.db.connection().execute(async (killer) => {
        // while the killer is lent out, the pool lends another connection, then keeps it idle
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(t.db);
        victim = rows[0]?.pid as number;
        const killed = await sql<{ done: boolean }>`SELECT pg_terminate_backend(${victim}) AS done`.execute(
          killer,
        );
        expect(killed.rows[0]?.done).toBe(true);
      });
      await new Promise((r) => setTimeout(r, 200));
      // without an error handler on the pool, the idle connection's error would have been uncaught
      const after = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(t.db);
      expect(after.rows[0]?.pid).not.toBe(victim);
    });
  });
}
