import { sql } from 'kysely';
import type { Db } from '../platform/db';

/**
 * Recomputes the product counters of a catalogue's categories after a bulk insert
 * (modules/catalog/products/products-bulk.repository.ts). A seed's own statement: seeds write every
 * account's rows in the caller's transaction, outside any request context.
 */
export async function recountCategories(trx: Db, accountId: string): Promise<void> {
  await sql`
    UPDATE categories AS c
    SET product_count = coalesce(n.products, 0), published_product_count = coalesce(n.published, 0)
    FROM categories AS k
    LEFT JOIN (SELECT main_category_id, count(*)::int AS products, (count(*) FILTER (WHERE status = 'published'))::int AS published
               FROM products WHERE account_id = ${accountId} GROUP BY main_category_id) AS n ON n.main_category_id = k.id
    WHERE c.id = k.id AND k.account_id = ${accountId}`.execute(trx);
}
