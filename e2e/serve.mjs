// The e2e server: fresh data on every run. With E2E_DATABASE_URL (CI derives it from
// TEST_DATABASE_URL) the server runs on that PostgreSQL database, dropped, created and seeded with
// the demo data here; without it, on the embedded PGlite in a fresh DATA_DIR, as `npm start` does.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });

const databaseUrl = process.env.E2E_DATABASE_URL;
if (databaseUrl) {
  const { default: pg } = await import('pg');
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  process.env.DATABASE_URL = databaseUrl;
  const { register } = await import('tsx/esm/api');
  register();
  await import(path.join(root, 'apps/server/src/seed/seed-demo.cli.ts'));
}

await import(path.join(root, 'scripts/start.mjs'));
