import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * With a PostgreSQL server to test on (CI sets TEST_DATABASE_URL), every integration file runs on
 * it, and the embedded PGlite, the default database of `npm start`, runs the files that prove it
 * works: the migrations and the demo seed (global-setup.ts builds its template with them), the
 * database layer, the job queue, the search, and a journey from the store to the warehouse.
 * Without a server, every integration file runs on PGlite.
 */
const PGLITE_PROOF = [
  'apps/server/src/platform/db.int.test.ts',
  'apps/server/src/platform/jobs.int.test.ts',
  'apps/server/src/modules/catalog/search/search.int.test.ts',
  'apps/server/src/modules/buybacks/buybacks.int.test.ts',
  'apps/server/src/modules/warehouse/checkin.int.test.ts',
  'apps/server/src/seed/demo-warehouse.int.test.ts',
];

const integration = (name: string, include: string[], env: Record<string, string>) => ({
  test: {
    name,
    include,
    env,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // A worker process keeps the modules it loaded from one test file to the next (read from the
    // root config only, for every project): the unit tests took 280 s loading them again for each
    // file, 19 s without. Each integration file still boots its own app on its own copy of the
    // database, and no test replaces a module.
    poolOptions: { forks: { isolate: false } },
    // the integration tests mostly wait on the database: two files at once even on 2 cores
    // (Vitest's default there is one), 7.2 min -> 4.9 min for the whole run on this machine
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.scale.test.ts', '**/node_modules/**'],
        },
      },
      integration('int:pglite', onPostgres ? PGLITE_PROOF : ['apps/server/src/**/*.int.test.ts'], {
        TEST_DB: 'pglite',
      }),
      ...(onPostgres
        ? [integration('int:postgres', ['apps/server/src/**/*.int.test.ts'], { TEST_DB: 'postgres' })]
        : []),
      // `npm run test:scale`: the heavy tests (a 100,000-line import killed mid-way, a million keys)
      ...(process.env.REPRISE_SCALE
        ? [integration('scale', ['apps/server/src/**/*.scale.test.ts'], { TEST_DB: 'postgres' })]
        : []),
      // `npm run test:scale-out`: the deployment of docs/deployment.md on loopback (deploy/), from the
      // compiled build: its processes are started by the test, which only waits on them
      ...(process.env.REPRISE_SCALE_OUT
        ? [
            {
              test: {
                name: 'scale-out',
                include: ['deploy/**/*.test.ts'],
                testTimeout: 180_000,
                hookTimeout: 300_000,
                pool: 'forks' as const,
              },
            },
          ]
        : []),
    ],
  },
});
