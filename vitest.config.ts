import { defineConfig } from 'vitest/config';

const integration = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/src/**/*.int.test.ts'],
    env,
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      integration('int:pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [integration('int:postgres', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
