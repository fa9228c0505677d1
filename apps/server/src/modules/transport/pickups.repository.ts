import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { PickupsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * Pick-ups (migration 042) and their carrier order's events: the home collections a carrier
 * makes for collect buybacks. Reads name the account (the context's scope, or the buyback's own
 * account); writes go through the scoped builders.
 */

export type PickupRow = Selectable<PickupsTable>;

const inScope = (ctx: BaseContext) => (ctx.scope.kind === 'all' ? null : ctx.scope.accountId);

export async function findPickup(
  ctx: BaseContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PickupRow | undefined> {
  let query = readerOf(ctx).selectFrom('pickups').selectAll().where('id', '=', id);
  const account = inScope(ctx);
  if (account) query = query.where('account_id', '=', account);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The pick-ups of a buyback (of its own account), oldest first, with their carrier's name. */
export async function findPickupsOfBuyback(
  ctx: BaseContext,
  buyback: { id: string; accountId: string },
  options: { activeOnly?: boolean; forUpdate?: boolean } = {},
) {
  let query = readerOf(ctx)
    .selectFrom('pickups as p')
    .leftJoin('connector_configurations as cc', 'cc.id', 'p.connector_configuration_id')
    .selectAll('p')
    .select('cc.name as carrier_name')
    .where('p.buyback_id', '=', buyback.id)
    .where('p.account_id', '=', buyback.accountId)
    .orderBy('p.created_at')
    .orderBy('p.id');
  if (options.activeOnly) query = query.where('p.status', 'in', ['requested', 'booked']);
  if (options.forUpdate) query = query.forUpdate('p');
  return query.execute();
}

/**
 * The pick-ups still requested or booked of a buyback its cancellation (which checked the buyback
 * is the actor's to cancel) is cancelling, locked.
 */
export async function findActivePickupsOfCancelledBuyback(tx: BaseTxContext, buybackId: string) {
  return tx.trx
    .selectFrom('pickups')
    .selectAll()
    .where('buyback_id', '=', buybackId)
    .where('status', 'in', ['requested', 'booked'])
    .forUpdate()
    .execute();
}

export async function insertPickups(
  tx: BaseTxContext,
  rows: {
    account_id: string;
    buyback_id: string;
    connector_configuration_id: string;
    slot_start: string;
    slot_end: string;
    created_by: string | null;
  }[],
): Promise<PickupRow[]> {
  if (rows.length === 0) return [];
  return tx.trx
    .insertInto('pickups')
    .values(rows.map((row) => ({ ...row, updated_at: sql<Date>`now()` })))
    .returningAll()
    .execute();
}

export async function updatePickup(
  tx: BaseTxContext,
  id: string,
  values: Partial<{
    status: string;
    carrier_pickup_id: string;
    price_cents: number | null;
    attempts: number;
    last_error: string | null;
  }>,
): Promise<void> {
  await updateOwned(tx, 'pickups')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Records the carrier order's events, each code once per pick-up. */
export async function insertPickupEvents(
  tx: BaseTxContext,
  pickup: { id: string; account_id: string },
  events: { code: string; occurredAt: string }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.trx
    .insertInto('pickup_events')
    .values(
      events.map((e) => ({
        pickup_id: pickup.id,
        account_id: pickup.account_id,
        code: e.code,
        occurred_at: e.occurredAt,
      })),
    )
    .onConflict((oc) => oc.columns(['pickup_id', 'code']).doNothing())
    .execute();
}

export async function findPickupEvents(ctx: BaseContext, pickupIds: string[]) {
  if (pickupIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('pickup_events')
    .select(['pickup_id', 'code', 'occurred_at', 'received_at'])
    .where('pickup_id', 'in', pickupIds)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
}
