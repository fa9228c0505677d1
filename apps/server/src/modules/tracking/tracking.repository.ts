import { type BaseContext, readerOf } from '../../platform/request-context';

/**
 * The facts of a buyback's tracking page (docs/tracking.md): a read model over the buyback, its
 * item's moves, its payment and its counter-offer, always of the one account the link belongs to.
 * Read only: the modules that own these rows move them; this page only shows them.
 */

export async function findTrackedBuyback(ctx: BaseContext, accountId: string, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .leftJoin('organization_root_details as rd', 'rd.account_id', 'b.account_id')
    .select([
      'b.id',
      'b.account_id',
      'b.identification_number',
      'b.product_name',
      'b.total_cents',
      'b.currency',
      'b.circuit_type',
      'b.predeclared',
      'b.status',
      'b.tracking_number',
      'b.tracking_url',
      'b.shipping_label_status',
      'b.created_at',
      'b.cancelled_at',
      'b.finalized_at',
      'i.id as item_id',
      'i.status as item_status',
      'i.controlled_at',
      'pay.type as payment_type',
      'pay.status as payment_status',
      'pay.voucher_code',
      'pay.paid_at',
      'pay.updated_at as payment_updated_at',
      'a.name as retailer',
      'a.language',
      'rd.seller_support_email',
      'rd.tracking_link_days_after_end',
    ])
    .where('b.id', '=', buybackId)
    .where('b.account_id', '=', accountId)
    .executeTakeFirst();
}

export type TrackedBuybackRow = NonNullable<Awaited<ReturnType<typeof findTrackedBuyback>>>;

/** The item's moves, oldest first (who moved it is not read: the page names nobody). */
export function findItemMoves(ctx: BaseContext, accountId: string, itemId: string) {
  return readerOf(ctx)
    .selectFrom('item_events')
    .select(['from_status', 'to_status', 'at'])
    .where('item_id', '=', itemId)
    .where('account_id', '=', accountId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The latest counter-offer of the buyback. */
export function findLatestCounterOffer(ctx: BaseContext, accountId: string, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('litigations')
    .select(['status', 'proposed_price_cents', 'created_at', 'resolved_at', 'answer_token_encrypted'])
    .where('buyback_id', '=', buybackId)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
