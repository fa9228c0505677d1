import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_DATA_ENCRYPTION_KEY } from './test-keys';

/** `npm run worker` in a process of its own, for the tests that kill it (kill -9) or stop it. */

const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed (its last 20,000 characters). */
  output: () => string;
}

/** `npm run worker` as the script runs it: the pinned Node, TypeScript through tsx; this test's environment less DATABASE_URL, plus `env`. */
export function spawnWorker(env: Record<string, string>): WorkerProcess {
  const { DATABASE_URL: _, ...inherited } = process.env;
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['scripts/worker.mjs'], {
    cwd: root,
    env: { ...inherited, DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** Polls until `check` answers true, failing with `what` after `timeoutMs`. */
export async function until(what: () => string, check: () => Promise<boolean>, timeoutMs: number) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${what()}`);
    await sleep(100);
  }
}
