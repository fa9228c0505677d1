import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';
import { copyOfTemplate } from './template-copy';
import { TEST_DATA_ENCRYPTION_KEY } from './test-keys';

/** The compiled server (`npm run build`, scripts/build-server.mjs) in processes of its own. */

const root = path.resolve(import.meta.dirname, '../../..');
const builtMain = path.join(root, 'apps/server/dist/main.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the server when its build is missing or older than a source (under a second). */
export function buildServerIfStale(): void {
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/server/src')),
    newestMtime(path.join(root, 'packages/shared/src')),
    statSync(path.join(root, 'scripts/build-server.mjs')).mtimeMs,
  );
  if (existsSync(builtMain) && statSync(builtMain).mtimeMs > sources) return;
  const result = spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/build-server.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the server build failed:\n${result.stdout}${result.stderr}`);
}

/**
 * A database for one server process: a copy of the seeded template, on the PostgreSQL server
 * (TEST_DB=postgres) or in a PGlite data directory of its own.
 */
export async function seededDatabase(
  name: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const { databaseUrl, drop } = await copyOfTemplate(`reprise_test_${process.pid}_${name}`);
    return { env: { DATABASE_URL: databaseUrl }, drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `reprise-${name}-`));
  const pglite = await PGlite.create(path.join(dataDir, 'pgdata'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: { pg_trgm },
  });
  await pglite.close();
  return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed on stdout and stderr (its last 100,000 characters each). */
  stdout: () => string;
  stderr: () => string;
  /** Waits for /api/ready to answer 200. */
  ready: (timeoutMs?: number) => Promise<void>;
}

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `node apps/server/dist/main.js` (no tsx, no loader but `nodeArgs`), this test's environment less DATABASE_URL, plus `env`. */
export async function spawnBuiltServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _, NODE_ENV: __, ...inherited } = process.env;
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [...nodeArgs, builtMain], {
    cwd: tmpdir(),
    env: {
      ...inherited,
      DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      SFTP_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout = (stdout + c.toString()).slice(-100_000);
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-100_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const ready = async (timeoutMs = 20_000) => {
    const start = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stdout}${stderr}`);
      const status = await fetch(`${url}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() - start > timeoutMs)
        throw new Error(`not ready after ${timeoutMs} ms: ${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, port, url, exited, stdout: () => stdout, stderr: () => stderr, ready };
}

/**
 * An HTTP/1.1 request written by hand on its own connection, so that a test holds it in flight:
 * `head` first, the rest (`tail`) when the test says; the answer's status once the server closes.
 */
export function heldRequest(port: number, head: string) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (c: Buffer) => {
    received += c.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      socket.write(head);
      resolve();
    }),
  );
  return {
    opened,
    write: async (text: string) => {
      await opened;
      socket.write(text);
    },
    /** The status of the answer (0: none), once the connection closed. */
    status: async () => {
      await closed;
      return Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
    },
    received: () => received,
    destroy: () => socket.destroy(),
  };
}
