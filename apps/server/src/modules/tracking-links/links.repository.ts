import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/** The SQL of tracking links and unsubscriptions (docs/tracking.md); reads are by the context's scope. */

const inScope = (ctx: BaseContext) =>
  ctx.scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`l.account_id = ${ctx.scope.accountId}`;

/** The link of a buyback that is live (not revoked), in the context's scope. */
export function findLiveLink(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('tracking_links as l')
    .selectAll('l')
    .where('l.buyback_id', '=', buybackId)
    .where('l.revoked_at', 'is', null)
    .where(inScope(ctx))
    .executeTakeFirst();
}

/** The latest link of a buyback, live or revoked (the detail shows a revoked one as such). */
export function findLatestLink(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('tracking_links as l')
    .selectAll('l')
    .where('l.buyback_id', '=', buybackId)
    .where(inScope(ctx))
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A new live link; none when one is live already (two first uses at once: the other one's stays). */
export async function insertLink(
  tx: BaseTxContext,
  link: {
    accountId: string;
    buybackId: string;
    tokenHash: string;
    tokenEncrypted: string;
    createdBy: string | null;
  },
): Promise<boolean> {
  const rows = await tx.trx
    .insertInto('tracking_links')
    .values({
      account_id: link.accountId,
      buyback_id: link.buybackId,
      token_hash: link.tokenHash,
      token_encrypted: link.tokenEncrypted,
      created_by: link.createdBy,
    })
    .onConflict((oc) => oc.column('buyback_id').where('revoked_at', 'is', null).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function revokeLink(
  tx: BaseTxContext,
  link: { id: string; account_id: string },
  by: string | null,
) {
  await updateOwned(tx, 'tracking_links', { kind: 'account', accountId: link.account_id })
    .set({ revoked_at: sql<Date>`now()`, revoked_by: by })
    .where('id', '=', link.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The link a token's SHA-256 names, in any account (the token is the credential). */
export function findLinkByHash(ctx: BaseContext, tokenHash: string) {
  return readerOf(ctx)
    .selectFrom('tracking_links as l')
    .selectAll('l')
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function isUnsubscribed(ctx: BaseContext, buybackId: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('tracking_unsubscriptions')
    .select('buyback_id')
    .where('buyback_id', '=', buybackId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUnsubscription(tx: BaseTxContext, row: { buybackId: string; accountId: string }) {
  const rows = await tx.trx
    .insertInto('tracking_unsubscriptions')
    .values({ buyback_id: row.buybackId, account_id: row.accountId })
    .onConflict((oc) => oc.column('buyback_id').doNothing())
    .returning('buyback_id')
    .execute();
  return rows.length > 0;
}

/** What a customer mail of a buyback needs: the customer, the sale, the retailer and its site. */
export function findMailFacts(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .innerJoin('payments as pay', 'pay.buyback_id', 'b.id')
    .select([
      'b.id',
      'b.account_id',
      'b.identification_number',
      'b.product_name',
      'b.currency',
      'pay.type as payment_type',
      'pay.amount_cents',
      'cu.email',
      'cu.first_name',
      'a.language',
      'a.name as retailer',
      'a.site_slug',
      'a.site_domain',
    ])
    .where('b.id', '=', buybackId)
    .where(
      ctx.scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`b.account_id = ${ctx.scope.accountId}`,
    )
    .executeTakeFirst();
}

/** The account's site, to build a link's address. */
export function findSite(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('accounts')
    .select(['site_slug', 'site_domain'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}
