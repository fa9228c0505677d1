import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real server in its own process, as `npm start` does: on `env.DATABASE_URL`, on
 * `env.DATA_DIR` (kept), or on a fresh embedded database (removed on stop).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const ownDir = env.DATABASE_URL || env.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), 'reprise-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeOptions, path.join(root, 'scripts/start.mjs')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SKIP_WEB_BUILD: 'true',
        HOST: '127.0.0.1',
        ...(ownDir ? { DATA_DIR: ownDir } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export async function login(url: string, email: string, password = 'Reprise-Demo-2026'): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, tokenRequested: true }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { apiToken: string }).apiToken;
}

/** A new empty database on the PostgreSQL server, dropped by `drop` (the scale-out harness's). */
export { scratchDatabase } from '../deploy/cluster';

/** `npm run seed:demo` on a PostgreSQL database. */
export async function seedDemo(databaseUrl: string): Promise<void> {
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/seed/seed-demo.cli.ts')],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:demo failed (${code})`);
}
