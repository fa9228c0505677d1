import { type Selectable, sql, type Updateable } from 'kysely';
import type { LitigationsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, type Reader, readerOf } from '../../platform/request-context';
import { updateOwnedOrAssigned } from '../../platform/scoped-writes';
import { type ItemRow, itemQuery } from '../buyback-lifecycle';

/**
 * Litigations (counter-offers after a control, migration 018): read by buyback (the caller has
 * checked the actor sees it) or by the token of a customer's link (the token is the credential),
 * written by the retailer's or the buyer's side (platform/scoped-writes.ts, updateOwnedOrAssigned).
 */

const litigationQuery = (db: Reader) =>
  db
    .selectFrom('litigations as l')
    .innerJoin('buybacks as b', 'b.id', 'l.buyback_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .selectAll('l')
    .select([
      'b.currency',
      'cu.email as customer_email',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('created_by_name'),
      'u.email as created_by_email',
    ]);

export type LitigationRow = Selectable<LitigationsTable> & {
  currency: string;
  customer_email: string | null;
  created_by_name: string | null;
  created_by_email: string | null;
};

/** The latest litigation of a buyback. */
export async function findLatestLitigation(ctx: BaseContext, buybackId: string) {
  return (await litigationQuery(readerOf(ctx))
    .where('l.buyback_id', '=', buybackId)
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()) as LitigationRow | undefined;
}

/** The open litigation of a buyback (at most one: litigations_open_key), locked with `forUpdate`. */
export async function findOpenLitigation(
  ctx: BaseContext,
  buybackId: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = litigationQuery(readerOf(ctx))
    .where('l.buyback_id', '=', buybackId)
    .where('l.status', '=', 'open');
  if (options.forUpdate) query = query.forUpdate('l');
  return (await query.executeTakeFirst()) as LitigationRow | undefined;
}

export async function findLitigation(ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) {
  let query = litigationQuery(readerOf(ctx)).where('l.id', '=', id);
  if (options.forUpdate) query = query.forUpdate('l');
  return (await query.executeTakeFirst()) as LitigationRow | undefined;
}

/** The litigation of this buyback whose link holds the token of this hash (any status). */
export async function findLitigationByToken(
  ctx: BaseContext,
  buybackId: string,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = litigationQuery(readerOf(ctx))
    .where('l.buyback_id', '=', buybackId)
    .where('l.token_hash', '=', tokenHash);
  if (options.forUpdate) query = query.forUpdate('l');
  return (await query.executeTakeFirst()) as LitigationRow | undefined;
}

export async function insertLitigation(
  tx: BaseTxContext,
  values: {
    buybackId: string;
    itemId: string;
    accountId: string;
    buyerAccountId: string;
    reason: string;
    declaredPriceCents: number;
    proposedPriceCents: number;
    photoKeys: string[];
    tokenHash: string;
    createdBy: string;
  },
): Promise<string> {
  const row = await tx.trx
    .insertInto('litigations')
    .values({
      buyback_id: values.buybackId,
      item_id: values.itemId,
      account_id: values.accountId,
      buyer_account_id: values.buyerAccountId,
      reason: values.reason,
      declared_price_cents: values.declaredPriceCents,
      proposed_price_cents: values.proposedPriceCents,
      photo_keys: JSON.stringify(values.photoKeys),
      token_hash: values.tokenHash,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLitigation(
  tx: BaseTxContext,
  litigation: { id: string },
  values: Omit<
    Updateable<LitigationsTable>,
    'id' | 'buyback_id' | 'item_id' | 'account_id' | 'buyer_account_id'
  >,
): Promise<void> {
  await updateOwnedOrAssigned(tx, 'litigations').set(values).where('id', '=', litigation.id).execute();
}

/** One more mail sent (the first, a resend or the reminder). */
export async function countMailSent(tx: BaseTxContext, litigation: { id: string }): Promise<void> {
  await updateOwnedOrAssigned(tx, 'litigations')
    .set({ mails_sent: sql<number>`mails_sent + 1`, last_mail_at: sql<Date>`now()` })
    .where('id', '=', litigation.id)
    .execute();
}

/** What the counter-offer mail says, and where its links lead (the retailer's public site). */
export async function findLitigationMailFacts(ctx: BaseContext, litigationId: string) {
  return readerOf(ctx)
    .selectFrom('litigations as l')
    .innerJoin('buybacks as b', 'b.id', 'l.buyback_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .innerJoin('buyback_items as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.buyback_id',
      'l.account_id',
      'l.reason',
      'l.declared_price_cents',
      'l.proposed_price_cents',
      'b.identification_number',
      'b.product_name',
      'b.currency',
      'cu.email as customer_email',
      'cu.first_name as customer_first_name',
      'a.language',
      'a.site_slug',
      'a.site_domain',
      'i.warehouse_comment',
      'i.warehouse_comment_shared',
    ])
    .where('l.id', '=', litigationId)
    .executeTakeFirst();
}

/** What the public page shows beside the proposal: the buyback, its product, the shared comment. */
export async function findPublicFacts(ctx: BaseContext, litigationId: string) {
  return readerOf(ctx)
    .selectFrom('litigations as l')
    .innerJoin('buybacks as b', 'b.id', 'l.buyback_id')
    .innerJoin('buyback_items as i', 'i.id', 'l.item_id')
    .leftJoin('products as p', 'p.id', 'b.product_id')
    .select([
      'b.identification_number',
      'b.product_id',
      'b.product_name',
      'b.product_brand',
      'p.image_key as product_image_key',
      'p.status as product_status',
      'i.warehouse_comment',
      'i.warehouse_comment_shared',
    ])
    .where('l.id', '=', litigationId)
    .executeTakeFirst();
}

/** The item of a litigation, locked, whoever answers (the customer through its link). */
export async function findItemForUpdate(ctx: BaseContext, itemId: string): Promise<ItemRow | undefined> {
  return (await itemQuery(readerOf(ctx))
    .where('i.id', '=', itemId)
    .forUpdate(['i', 'b'])
    .executeTakeFirst()) as ItemRow | undefined;
}
