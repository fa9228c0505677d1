import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServerIfStale,
  heldRequest,
  type ServerProcess,
  seededDatabase,
  spawnBuiltServer,
} from '../test/built-server';
import { adminUrl, withDatabase } from '../test/postgres';
import { PRODUCTION_ENV } from '../test/test-keys';
import { DEMO_USERS } from './seed/demo';
import { DEMO } from './seed/demo-ids';

/** `npm run build` then `npm run start:prod`: the compiled server, run by `node` alone. */

const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A login held in flight: its headers and half its body sent, the rest when `finish` is called. */
function heldLogin(port: number) {
  const body = JSON.stringify({ email: DEMO_USERS[0]?.email, password: DEMO.password });
  const half = Math.floor(body.length / 2);
  const request = heldRequest(
    port,
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { ...request, finish: () => request.write(body.slice(half)) };
}

beforeAll(() => buildServerIfStale(), 60_000);

describe('the compiled server', () => {
  it('imports neither tsx nor TypeScript: its npm packages are loaded from node_modules as they are', () => {
    const bundle = readFileSync(path.join(root, 'apps/server/dist/main.js'), 'utf8');
    const imported = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imported).toContain('fastify');
    expect(imported.filter((name) => /^(tsx|typescript|esbuild)(\/|$)/.test(name ?? ''))).toEqual([]);
    // the workspace package is compiled in, not imported as TypeScript source
    expect(imported.filter((name) => name?.startsWith('@reprise/'))).toEqual([]);
  });

  describe('started with node alone', () => {
    let server: ServerProcess;
    let database: Awaited<ReturnType<typeof seededDatabase>>;
    const loadedFile = path.join(tmpdir(), `reprise-loaded-${process.pid}.txt`);

    beforeAll(async () => {
      database = await seededDatabase('built');
      // a hook of Node's module loader that writes down every module the process resolves
      const recorder = path.join(tmpdir(), `reprise-record-${process.pid}.mjs`);
      writeFileSync(loadedFile, '');
      writeFileSync(
        recorder,
        `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
registerHooks({ resolve(specifier, context, next) {
  const resolved = next(specifier, context);
  appendFileSync(${JSON.stringify(loadedFile)}, resolved.url + '\\n');
  return resolved;
} });`,
      );
      server = await spawnBuiltServer({ ...database.env, SHUTDOWN_GRACE_SECONDS: '10' }, [
        '--import',
        recorder,
      ]);
      await server.ready();
    }, 60_000);

    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      await database.drop();
    });

    it('answers /api/ready, the API and its documents with no TypeScript loader in the process', async () => {
      const loaded = readFileSync(loadedFile, 'utf8').split('\n');
      expect(loaded.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
      expect(loaded.some((url) => url.endsWith('/apps/server/dist/main.js'))).toBe(true);
      expect(loaded.filter((url) => /\/node_modules\/(tsx|typescript|esbuild)\//.test(url))).toEqual([]);
      expect(loaded.filter((url) => url.endsWith('.ts'))).toEqual([]);
      // the migrations were found beside the bundle (ready checks them), and the OpenAPI document
      // is served, with the sandbox carrier outside production
      const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: object };
      expect(Object.keys(document.paths)).toContain('/api/sandbox-carrier/accounts/me');
    });

    it('on SIGTERM finishes a request in flight, answers 503 to one that comes after, and exits 0', async () => {
      const login = heldLogin(server.port);
      await login.opened;
      // a second connection whose request line is sent but not its end: it is not idle, so not closed
      const ready = heldRequest(
        server.port,
        'GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n',
      );
      await ready.opened;
      await sleep(200);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await sleep(500);
      // no new connection is accepted
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      await ready.write('\r\n');
      expect(await ready.status()).toBe(503);
      expect(server.child.exitCode).toBeNull();
      // the login in flight completes
      await login.finish();
      expect(await login.status()).toBe(200);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.stdout()).toMatch(/SIGTERM received: stopping within 10 s/);
    }, 30_000);
  });

  it('exits anyway, code 1, when a request is still in flight after SHUTDOWN_GRACE_SECONDS', async () => {
    const database = await seededDatabase('grace');
    const server = await spawnBuiltServer({ ...database.env, SHUTDOWN_GRACE_SECONDS: '1' });
    try {
      await server.ready();
      const login = heldLogin(server.port);
      await login.opened;
      await sleep(200);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(server.stderr()).toMatch(/still stopping after 1 s \(SHUTDOWN_GRACE_SECONDS\): exiting now/);
      login.destroy();
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await database.drop();
    }
  }, 30_000);
});

// NODE_ENV=production requires a PostgreSQL server (DATABASE_URL)
if (process.env.TEST_DB === 'postgres') {
  describe('the compiled server with NODE_ENV=production', () => {
    const name = `reprise_test_${process.pid}_production`;
    const url = process.env.TEST_DATABASE_URL as string;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: adminUrl(url) });
      await client.connect();
      await client.query(text).finally(() => client.end());
    };
    let server: ServerProcess;

    beforeAll(async () => {
      // an empty database, as a new production one is
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
      server = await spawnBuiltServer({ ...PRODUCTION_ENV, DATABASE_URL: withDatabase(url, name) });
      await server.ready(30_000);
    }, 60_000);

    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('seeds no demo data into an empty database', async () => {
      const client = new pg.Client({ connectionString: withDatabase(url, name) });
      await client.connect();
      try {
        const counts = await client.query<{ accounts: number; users: number }>(
          'SELECT (SELECT count(*)::int FROM accounts) AS accounts, (SELECT count(*)::int FROM users) AS users',
        );
        expect(counts.rows[0]).toEqual({ accounts: 0, users: 0 });
      } finally {
        await client.end();
      }
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_USERS[0]?.email, password: DEMO.password }),
      });
      expect(login.status).toBe(401);
    });

    it('mounts no sandbox carrier', async () => {
      const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: object };
      const paths = Object.keys(document.paths);
      expect(paths).toContain('/api/health');
      expect(paths.filter((p) => p.startsWith('/api/sandbox-carrier'))).toEqual([]);
    });

    it('logs JSON lines only: the start, and one line per request with its request id', async () => {
      const answer = await fetch(`${server.url}/api/health`);
      const requestId = answer.headers.get('x-request-id');
      await sleep(200);
      const lines = server
        .stdout()
        .split('\n')
        .filter((line) => line !== '');
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.find((e) => String(e.msg).startsWith('Reprise is running at'))).toMatchObject({
        level: 30,
        publicUrl: PRODUCTION_ENV.PUBLIC_URL,
        database: 'PostgreSQL (DATABASE_URL)',
      });
      const requestLines = entries.filter((e) => e.requestId === requestId);
      expect(requestLines).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          method: 'GET',
          route: '/api/health',
          statusCode: 200,
        }),
      ]);
      expect(server.stdout()).not.toMatch(/Demo logins/);
    });
  });
}
