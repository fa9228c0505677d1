import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db';
import { startJobs } from '../src/platform/jobs';
import { migrate } from '../src/platform/migrate';
import { createKeyring, parseKeys } from '../src/platform/secrets';
import { seedDemo } from '../src/seed/demo';
import { adminUrl, withDatabase } from './postgres';
import { TEST_DATA_ENCRYPTION_KEY } from './test-keys';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated, seeded database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or a PostgreSQL `CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const testKeyring = createKeyring(parseKeys(TEST_DATA_ENCRYPTION_KEY));
  // runs in the main process, where the project's `env` is not applied
  if (project.config.env?.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `reprise_tpl_${process.pid}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await migrate(handle.db);
    await seedDemo(handle.db, testKeyring);
    // the job queue's schema too, so that no test file installs it again
    await (await startJobs(handle.pool, { maintenance: false })).stop();
    await handle.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const handle = await openDatabase({ pglite });
  await migrate(handle.db);
  await seedDemo(handle.db, testKeyring);
  await (await startJobs(handle.pool, { maintenance: false })).stop();
  await handle.close();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

async function adminQuery(url: string, text: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
