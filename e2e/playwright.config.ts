import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The e2e server runs on its own port with its own fresh data, never the developer's ./data. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/reprise-e2e-${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

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
  // two browsers and the server fill the two cores of this machine and CI's: with four, pages took
  // 5 to 8 s to show and tests timed out (E2E_WORKERS to try another count)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: path.join(root, '.tmp/playwright-report') }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
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
          executablePath: '/usr/bin/chromium',
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
    // Deleted here, in the one process that starts the server (workers load this file too).
    command: `rm -rf "${DATA_DIR}" && "${path.join(root, 'node_modules/.bin/node')}" scripts/start.mjs`,
    cwd: root,
    url: `http://localhost:${PORT}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
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
