import { sql } from 'kysely';
import { type RequestContext, readerOf } from '../../platform/request-context';
import { buybackScope, type ItemRow, itemQuery } from '../buyback-lifecycle';

/**
 * The items the actor sees (buyback-lifecycle, buybackScope) that any of these codes names,
 * in one query: 13 digits, the item's or its buyback's identification number; 8, the last 8
 * digits of the item's number. Each condition reads its own index (the buybacks' numbers first,
 * as an array), so a list of thousands of codes is a few index scans.
 */
export async function findVisibleItemsByCodes(
  ctx: RequestContext,
  codes: { full: readonly string[]; short: readonly string[] },
): Promise<ItemRow[]> {
  if (codes.full.length === 0 && codes.short.length === 0) return [];
  const full = [...codes.full];
  const short = [...codes.short];
  return (await itemQuery(readerOf(ctx))
    .where(await buybackScope(ctx))
    .where(
      sql<boolean>`(i.identification_number = ANY(${full}::text[])
        OR i.buyback_id = ANY(ARRAY(SELECT id FROM buybacks WHERE identification_number = ANY(${full}::text[])))
        OR right(i.identification_number, 8) = ANY(${short}::text[]))`,
    )
    .execute()) as ItemRow[];
}
