import { type RequestContext, readerOf } from '../../platform/request-context';
import { buybackScope, type ItemRow, itemQuery } from '../buyback-lifecycle';

/**
 * The items of these buybacks the actor sees (buyback-lifecycle/visibility.repository.ts, buybackScope: a store its
 * subtree's, a warehouse those sent to it), locked with their buybacks, in id order (two
 * concurrent selections lock in the same order).
 */
export async function findVisibleItemsOfBuybacks(
  ctx: RequestContext,
  buybackIds: readonly string[],
): Promise<ItemRow[]> {
  if (buybackIds.length === 0) return [];
  return (await itemQuery(readerOf(ctx))
    .where(await buybackScope(ctx))
    .where('i.buyback_id', 'in', buybackIds)
    .orderBy('i.id')
    .forUpdate(['i', 'b'])
    .execute()) as ItemRow[];
}
