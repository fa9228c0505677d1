import type { KnipConfig } from 'knip';

/**
 * Knip, run by `npm run lint`: the files no entry reaches, the exports no other file imports, the
 * dependencies no file uses and the ones used without being listed, in every workspace.
 *
 * Most entries come from knip's plugins, which read the configs and scripts: the package.json
 * scripts (apps/server/src/main.ts, the seed CLIs, scripts/generate-permissions-doc.ts, bench/run.ts),
 * vitest.config.ts (every *.test.ts, *.int.test.ts and *.scale.test.ts, apps/server/test/global-setup.ts),
 * apps/web/vite.config.ts (index.html and public.html, and through them the two apps),
 * e2e/playwright.config.ts (the specs) and packages/shared's package.json exports.
 * Listed here: the entries that no config names. The SQL migrations (apps/server/src/migrations)
 * are read from their folder by platform/migrate.ts and hold no code to analyse.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      // the npm scripts' programs, and complete-lockfile.mjs, which is run by hand (README)
      entry: ['scripts/*.mjs'],
      // scripts/back-office-bundle-size.mjs's types: TypeScript pairs them with the .mjs by their
      // name, no import names them
      ignoreFiles: ['scripts/back-office-bundle-size.d.mts'],
    },
    'packages/shared': {
      // package.json's "./*" export makes every file an entry, whose exports knip would not check:
      // the package is private, so an export no workspace imports is dead code here too
      includeEntryExports: true,
    },
    'apps/server': {
      // loaded by scripts/worker.mjs through tsx's API, by path
      entry: ['src/worker-main.ts'],
    },
    e2e: {
      // the e2e server, which playwright.config.ts starts by a command line
      entry: ['serve.mjs'],
    },
    bench: {
      // bench/imports.ts runs it in a process of its own, by path
      entry: ['imports-child.ts'],
      // run as node_modules/.bin/lighthouse (bench/lighthouse.ts), a path knip does not follow
      ignoreDependencies: ['lighthouse'],
    },
  },
  // programs of the machine, not npm packages: xmllint (Debian libxml2-utils, the SEPA file's
  // schema check in a test), uptime (the load beside the import figures), pgbench (PostgreSQL's
  // client tools, the bench's SQL throughput; pg_dump and pg_restore, the backup tried by
  // deploy/scale-out.test.ts)
  ignoreBinaries: ['xmllint', 'uptime', 'pgbench', 'pg_dump', 'pg_restore'],
};

export default config;
