import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * Bulk loading: PostgreSQL builds an index from sorted data far faster than it maintains it row
 * by row, so a large load drops the secondary indexes of its tables and builds them again at the
 * end, in the same transaction. The tables stay locked meanwhile: for seeds and maintenance only.
 */
export async function withIndexesRebuilt<T>(
  trx: Db,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = any(${[...tables]}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(trx);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
  const result = await load();
  for (const index of indexes.rows) await sql.raw(index.definition).execute(trx);
  return result;
}
