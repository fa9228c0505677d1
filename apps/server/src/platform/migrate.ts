import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db';
import { MIGRATIONS_DIR } from './server-files';

/** The numbered SQL files, in order. */
function listMigrations(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: f.replace(/\.sql$/, ''),
      sql: readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8'),
    }));
}

/**
 * Applies the forward-only migrations not yet applied, each in its own transaction.
 * An advisory lock keeps two processes starting together from applying the same file twice.
 * Answers the versions it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  );
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(7241901)`.execute(conn);
    try {
      const done = new Set(
        (await conn.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
      );
      for (const migration of listMigrations()) {
        if (done.has(migration.version)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx.insertInto('schema_migrations').values({ version: migration.version }).execute();
        });
        applied.push(migration.version);
      }
    } finally {
      await sql`SELECT pg_advisory_unlock(7241901)`.execute(conn);
    }
  });
  return applied;
}

/** True when every migration file is applied (readiness). */
export async function isMigrated(db: Db): Promise<boolean> {
  const rows = await db.selectFrom('schema_migrations').select('version').execute();
  const done = new Set(rows.map((r) => r.version));
  return listMigrations().every((m) => done.has(m.version));
}
