import type { GiftCardKind } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * The gift cards and vouchers of the built-in issuer (migration 021 `gift_cards`) and their
 * redemptions at the counter. A card belongs to its account: a code of another account is read as
 * unknown.
 */

const cardQuery = (ctx: BaseContext) => {
  const query = readerOf(ctx)
    .selectFrom('gift_cards as g')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .leftJoin('payments as p', 'p.id', 'g.payment_id')
    .leftJoin('buybacks as b', 'b.id', 'p.buyback_id')
    .select([
      'g.id',
      'g.account_id',
      'g.kind',
      'g.code',
      'g.status',
      'g.initial_cents',
      'g.balance_cents',
      'g.currency',
      'g.expires_at',
      'g.created_at',
      'a.name as retailer',
      'b.identification_number as buyback_code',
      sql<boolean>`g.expires_at is not null and g.expires_at <= now()`.as('expired'),
    ]);
  return ctx.scope.kind === 'all' ? query : query.where('g.account_id', '=', ctx.scope.accountId);
};

export type GiftCardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

/** A card of the context's accounts by its code; locked until the transaction ends with `forUpdate`. */
export async function findCardByCode(
  ctx: BaseContext,
  code: string,
  options: { forUpdate?: boolean } = {},
): Promise<GiftCardRow | undefined> {
  let query = cardQuery(ctx).where('g.code', '=', code);
  if (options.forUpdate) query = query.forUpdate('g');
  return query.executeTakeFirst();
}

/** The card a payment issued, if any (a payment job run again finds its card). */
export async function findCardOfPayment(ctx: BaseContext, paymentId: string) {
  return readerOf(ctx)
    .selectFrom('gift_cards')
    .select(['id', 'code', 'kind', 'expires_at'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

export async function listRedemptions(ctx: BaseContext, giftCardId: string) {
  return readerOf(ctx)
    .selectFrom('gift_card_redemptions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('organizations as o', 'o.id', 'r.organization_id')
    .select([
      'r.id',
      'r.amount_cents',
      'r.at',
      'o.common_name as store',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('by'),
    ])
    .where('r.gift_card_id', '=', giftCardId)
    .orderBy('r.at', 'desc')
    .orderBy('r.id')
    .execute();
}

/**
 * Inserts a card with this code unless the code is taken (then answers null: the caller draws
 * another). `ON CONFLICT DO NOTHING` keeps the transaction usable after a collision.
 */
export async function insertCard(
  tx: BaseTxContext,
  card: {
    accountId: string;
    kind: GiftCardKind;
    code: string;
    amountCents: number;
    currency: string;
    expiresAt: Date;
    paymentId: string;
  },
): Promise<string | null> {
  const row = await tx.trx
    .insertInto('gift_cards')
    .values({
      account_id: card.accountId,
      kind: card.kind,
      code: card.code,
      initial_cents: card.amountCents,
      balance_cents: card.amountCents,
      currency: card.currency,
      expires_at: card.expiresAt,
      payment_id: card.paymentId,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Takes an amount off a card (locked by the caller) and records the redemption. */
export async function redeem(
  tx: BaseTxContext,
  card: { id: string; account_id: string },
  redemption: { amountCents: number; organizationId: string | null; userId: string | null },
): Promise<string> {
  const scope: AccountScope = { kind: 'account', accountId: card.account_id };
  await updateOwned(tx, 'gift_cards', scope)
    .set({
      balance_cents: sql<number>`balance_cents - ${redemption.amountCents}`,
      status: sql<string>`case when balance_cents - ${redemption.amountCents} = 0 then 'exhausted' else status end`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', card.id)
    .execute();
  const row = await tx.trx
    .insertInto('gift_card_redemptions')
    .values({
      gift_card_id: card.id,
      account_id: card.account_id,
      amount_cents: redemption.amountCents,
      organization_id: redemption.organizationId,
      user_id: redemption.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
