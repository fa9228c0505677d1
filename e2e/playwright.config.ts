import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The e2e server runs on its own port with its own fresh data, never the developer's ./data. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/reprise-e2e-${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
/**
 * The server's database: PostgreSQL where the tests have one (TEST_DATABASE_URL, as in CI), in a
 * database of its own beside the integration tests' (`<name>_e2e`), else the embedded PGlite.
 */
const DATABASE_URL =
  process.env.E2E_DATABASE_URL ??
  (process.env.TEST_DATABASE_URL
    ? process.env.TEST_DATABASE_URL.replace(/\/([^/?]+)(\?|$)/, '/$1_e2e$2')
    : undefined);
/**
 * Debian's headless shell when installed (.ci/run installs it): the same Blink without the full
 * browser's window machinery, about a quarter less time per test than /usr/bin/chromium.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

// Read by the fixtures in the worker processes (which evaluate this file too).
process.env.E2E_MAIL_DIR = path.join(DATA_DIR, 'mail');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, '.tmp/test-results'),
  // a test's own budget; on the 2-core CI machine two browsers and the server share the cores
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // three browsers and the server on the two cores of this machine and CI's: with the headless
  // shell and no trace, two left a third of the CPU idle (the suite 10.0 min with two, 8.0 with
  // three); four, with the full browser recording traces, saturated it and tests timed out
  // (E2E_WORKERS to try another count)
  workers: Number(process.env.E2E_WORKERS ?? 3),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: path.join(root, '.tmp/playwright-report') }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // a trace records every frame of the page: only a test's retry records one (E2E_TRACE to
    // record more); recording every test doubled the suite's time
    trace: (process.env.E2E_TRACE ?? 'on-first-retry') as 'on-first-retry',
    screenshot: 'only-on-failure',
    // no animation to wait for before a click (the back office honours the system's setting)
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium; a downloaded browser is never used (and cannot be fetched here).
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // The data is made anew there, in the one process that starts the server (workers load this file too).
    command: `"${path.join(root, 'node_modules/.bin/node')}" e2e/serve.mjs`,
    cwd: root,
    url: `http://localhost:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      // PostgreSQL when CI gives one (a database of its own, made anew by e2e/serve.mjs)
      ...(DATABASE_URL ? { E2E_DATABASE_URL: DATABASE_URL } : {}),
      MAIL_DIR: process.env.E2E_MAIL_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      // the built-in SFTP server beside it, on a port of its own per e2e server
      SFTP_PORT: process.env.E2E_SFTP_PORT ?? String(PORT + 1000),
      // mails, labels and payments are jobs: the tests wait half a second for them, not two
      JOB_POLLING_SECONDS: '0.5',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
