import type { BuybackResponse, SendBuybacksResponse } from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import type { ItemRow } from '../buyback-lifecycle';
import { findVisibleBuyback, moveItem, requireStatus, SENDABLE_ITEM_STATUSES } from '../buyback-lifecycle';
import { toBuybackResponse } from './buybacks.mapper';
import { findVisibleItemsOfBuybacks } from './send.repository';

/**
 * The store (or the warehouse) marks a buyback's item sent to the warehouse: from
 * `item_awaiting_inventory`, or `item_created` for a web post/collect buyback moved by hand until
 * carriers' events do it, to `item_in_transit` (the buyback follows: `bb_in_transit`), with
 * `sent_at` (docs/statuses.md). Any other status: `item_status_mismatch`.
 */

/** One item sent; closing a store package sends each of its items so, the package number as comment. */
export async function sendItem(tx: TxContext, item: ItemRow, comment: string | null = null): Promise<void> {
  requireStatus(item, SENDABLE_ITEM_STATUSES);
  await moveItem(tx, item, {
    to: 'item_in_transit',
    reason: 'sent',
    comment,
    columns: { sent_at: new Date() },
  });
}

export async function sendBuyback(ctx: RequestContext, id: string): Promise<BuybackResponse> {
  return transact(ctx, async (tx) => {
    const [item] = await findVisibleItemsOfBuybacks(tx, [id]);
    if (!item) throw notFound('buyback');
    await sendItem(tx, item);
    const row = await findVisibleBuyback(tx, { id });
    if (!row) throw notFound('buyback');
    return toBuybackResponse(tx.actor, row);
  });
}

/**
 * Several buybacks at once (a list's selection), in one transaction: each is checked before
 * anything of it is written (`moveItem` plans the move first), so one refused (not seen, wrong
 * status, cancelled) is reported and the others are sent. One result per buyback, in the order
 * asked (a repeated id answered once).
 */
export async function sendBuybacks(
  ctx: RequestContext,
  buybackIds: readonly string[],
): Promise<SendBuybacksResponse> {
  const ids = [...new Set(buybackIds)];
  return transact(ctx, async (tx) => {
    const items = new Map((await findVisibleItemsOfBuybacks(tx, ids)).map((i) => [i.buyback_id, i]));
    const results: SendBuybacksResponse['results'] = [];
    for (const buybackId of ids) {
      const item = items.get(buybackId);
      if (!item) {
        results.push({ buybackId, ok: false, code: 'not_found' });
        continue;
      }
      try {
        await sendItem(tx, item);
        results.push({ buybackId, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ buybackId, ok: false, code: error.code });
      }
    }
    return { results };
  });
}
