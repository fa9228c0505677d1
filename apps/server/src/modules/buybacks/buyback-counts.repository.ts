import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * The buybacks per visibility and status (migration 016, buyback_counts): rows of differences
 * that triggers append, whose sum per key is its number of buybacks.
 */

const KEY = sql.raw(
  'account_id, organization_path, store_id, buyer_account_id, destination_warehouse_id, predeclared, status',
);

/**
 * Makes each key one row again (the sum of its rows; keys that sum to zero go), in one statement:
 * a reader sees the rows before or after, the same sums either way. Answers how many rows went.
 */
export async function compactBuybackCounts(db: Db): Promise<number> {
  const { rows } = await sql<{ before: string; after: string }>`
    WITH gone AS (DELETE FROM buyback_counts RETURNING *),
    kept AS (
      INSERT INTO buyback_counts
      SELECT ${KEY}, sum(n) FROM gone GROUP BY ${KEY} HAVING sum(n) <> 0
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone) AS before, (SELECT count(*) FROM kept) AS after`.execute(db);
  return Number(rows[0]?.before ?? 0) - Number(rows[0]?.after ?? 0);
}

/** Counts an account's buybacks again, after a load that skipped the triggers (a bulk seed). */
export async function recountBuybacks(trx: Db, accountId: string): Promise<void> {
  await sql`DELETE FROM buyback_counts WHERE account_id = ${accountId}`.execute(trx);
  await sql`
    INSERT INTO buyback_counts
    SELECT ${KEY}, count(*) FROM buybacks WHERE account_id = ${accountId} GROUP BY ${KEY}`.execute(trx);
}
