import pg from 'pg';
import { inject } from 'vitest';
import { adminUrl, withDatabase } from './postgres';

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, copied from the seeded
 * template (global-setup.ts), for tests that run several processes on one database; `drop`
 * removes it.
 */
export async function copyOfTemplate(
  name: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl(url) });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  return {
    databaseUrl: withDatabase(url, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
