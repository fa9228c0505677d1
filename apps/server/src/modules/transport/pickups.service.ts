import type { CarrierAddress, PickupSlot, PickupSlotsResponse } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { followUpJobId } from '../../platform/jobs';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { findVisibleBuyback } from '../buyback-lifecycle';
import { type ResolvedConfiguration, resolveConfiguration } from '../connectors';
import { CarrierError, type CarrierPickup } from './carrier';
import { carrierFor } from './carriers';
import { parcelOf } from './parcel';
import * as repo from './pickups.repository';
import { pickupBookable, pickupCancellable } from './pickups.rules';
import { findShipmentFacts } from './shipments.repository';
import { activeTransportConfiguration } from './shipments.service';

/**
 * Home collection (docs/transport.md, "Pick-ups"): a store_collect or web_collect buyback of an
 * account with a carrier has its parcel collected at the customer's address on a slot the
 * customer (web checkout) or the seller (store wizard) chose among the carrier's. The pick-up is
 * requested in the transaction that asks for it, then booked by a `pickup` job; it may be
 * cancelled before its slot starts, and booked again on another slot.
 */

const MAX_BOOK_ATTEMPTS = 5;

export interface PickupJob {
  pickupId: string;
  step: 'book' | 'cancel';
}

/** A slot must lie ahead; the carrier checks that it offers it when booking. */
function checkSlotAhead(slot: PickupSlot, propertyPath: string): void {
  if (Date.parse(slot.start) <= Date.now()) {
    const message = 'This pick-up slot has started or passed.';
    throw new AppError('pickup_slot_unavailable', message, [
      { propertyPath, message, code: 'pickup_slot_unavailable' },
    ]);
  }
}

/**
 * Requests the pick-ups of collect buybacks in the caller's transaction (the checkout's, or a
 * booking's): the rows and a `book` job each, which exist only if the transaction commits.
 */
export async function requestPickups(
  tx: BaseTxContext,
  configuration: ResolvedConfiguration,
  buybackIds: string[],
  slot: PickupSlot,
  createdBy: string | null,
): Promise<void> {
  checkSlotAhead(slot, 'pickupSlot');
  const rows = await repo.insertPickups(
    tx,
    buybackIds.map((buybackId) => ({
      account_id: configuration.accountId,
      buyback_id: buybackId,
      connector_configuration_id: configuration.id,
      slot_start: slot.start,
      slot_end: slot.end,
      created_by: createdBy,
    })),
  );
  await audit(
    tx,
    ...rows.map((row) => ({
      action: 'create' as const,
      entityType: 'pickup' as const,
      entityId: row.id,
      accountId: row.account_id,
      after: { buybackId: row.buyback_id, slot, connectorConfigurationId: configuration.id },
    })),
  );
  for (const row of rows) {
    const job: PickupJob = { pickupId: row.id, step: 'book' };
    await tx.deps.jobs.send(tx.trx, 'pickup', job, { id: followUpJobId(row.id, 'book') });
  }
}

/** `GET /pickup-slots?country=&zip=`: the slots of the account's carrier; `available: false` without one. */
export async function pickupSlots(
  ctx: RequestContext,
  address: { country: string; zip: string },
): Promise<PickupSlotsResponse> {
  const configuration = await activeTransportConfiguration(ctx, ctx.actor.accountId);
  if (!configuration) return { available: false, slots: [] };
  try {
    const slots = await carrierFor(ctx.deps, configuration).pickupSlots(address);
    return { available: true, slots: slots.filter((slot) => Date.parse(slot.start) > Date.now()) };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    throw new AppError('service_unavailable', 'The carrier gives no pick-up slots at the moment.', [], {
      'retry-after': '5',
    });
  }
}

async function visibleBuyback(ctx: RequestContext, id: string) {
  const buyback = await findVisibleBuyback(ctx, { id });
  if (!buyback) throw notFound('buyback');
  return buyback;
}

/**
 * `POST /buybacks/{id}/pickup`: books a pick-up on a slot, the first one if the checkout chose
 * none, or again after one was cancelled or refused (409 `pickup_not_bookable` otherwise).
 */
export async function bookPickup(ctx: RequestContext, id: string, slot: PickupSlot): Promise<void> {
  await transact(ctx, async (tx) => {
    const buyback = await visibleBuyback(tx, id);
    const owner = { id: buyback.id, accountId: buyback.account_id };
    const pickups = await repo.findPickupsOfBuyback(tx, owner, { forUpdate: true });
    const configuration = await activeTransportConfiguration(tx, buyback.account_id);
    if (!configuration || !pickupBookable(buyback, true, pickups))
      throw new AppError('pickup_not_bookable', 'No pick-up can be booked for this buyback now.');
    checkSlotAhead(slot, 'slot');
    await requestPickups(tx, configuration, [buyback.id], slot, tx.actor.userId);
  });
}

/** `POST /buybacks/{id}/pickup/cancel`: the current pick-up, before its slot starts. */
export async function cancelPickup(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const buyback = await visibleBuyback(tx, id);
    const [current] = await repo.findPickupsOfBuyback(
      tx,
      { id: buyback.id, accountId: buyback.account_id },
      { activeOnly: true, forUpdate: true },
    );
    if (!current || !pickupCancellable(current))
      throw new AppError(
        'pickup_not_cancellable',
        'This buyback has no pick-up that can still be cancelled.',
      );
    await cancelled(tx, current);
  });
}

/** The buyback is cancelled (the lifecycle's reaction): its pick-ups not made are cancelled too. */
export async function cancelPickupsOfBuyback(tx: BaseTxContext, buybackId: string): Promise<void> {
  const active = await repo.findActivePickupsOfCancelledBuyback(tx, buybackId);
  for (const pickup of active) await cancelled(tx, pickup);
}

async function cancelled(tx: BaseTxContext, pickup: repo.PickupRow): Promise<void> {
  await repo.updatePickup(tx, pickup.id, { status: 'cancelled' });
  await audit(tx, {
    action: 'update',
    entityType: 'pickup',
    entityId: pickup.id,
    accountId: pickup.account_id,
    before: { status: pickup.status },
    after: { status: 'cancelled' },
  });
  // booked at the carrier, or being booked: the job tells it (a requested one's book step skips)
  const job: PickupJob = { pickupId: pickup.id, step: 'cancel' };
  await tx.deps.jobs.send(tx.trx, 'pickup', job, { id: followUpJobId(pickup.id, 'cancel') });
}

// ---------- the `pickup` jobs ----------

/** Runs a `pickup` job (idempotent: a step already done is skipped). `ctx` may see every account. */
export async function runPickupJob(ctx: BaseContext, job: PickupJob, jobId: string): Promise<void> {
  const found = await repo.findPickup(ctx, job.pickupId);
  if (!found) return;
  const scoped: BaseContext = { ...ctx, scope: { kind: 'account', accountId: found.account_id } };
  const configuration = await resolveConfiguration(scoped, found.connector_configuration_id);
  if (job.step === 'cancel') return cancelAtCarrier(scoped, configuration, found);
  if (found.status !== 'requested' || found.carrier_pickup_id) return;
  if (configuration?.status !== 'active')
    return failed(scoped, found, 'the transport configuration is gone or inactive');
  const facts = await findShipmentFacts(scoped, found.buyback_id);
  if (!facts) return failed(scoped, found, 'the buyback is gone');
  const address: CarrierAddress = {
    name: `${facts.first_name} ${facts.last_name}`,
    street: facts.street,
    streetMore: facts.street_more,
    zip: facts.zip,
    city: facts.city,
    country: facts.country,
  };
  let booked: CarrierPickup;
  try {
    booked = await carrierFor(ctx.deps, configuration).bookPickup({
      reference: facts.identification_number,
      address,
      parcel: parcelOf(facts),
      slot: { start: new Date(found.slot_start).toISOString(), end: new Date(found.slot_end).toISOString() },
    });
  } catch (error) {
    const attempts = found.attempts + 1;
    const message = (error as Error).message;
    if ((error instanceof CarrierError && error.permanent) || attempts >= MAX_BOOK_ATTEMPTS)
      return failed(scoped, found, message, attempts);
    await transact(scoped, (tx) =>
      repo.updatePickup(tx, found.id, { attempts, last_error: message.slice(0, 500) }),
    );
    throw error;
  }
  await transact(scoped, async (tx) => {
    const now = await repo.findPickup(tx, found.id, { forUpdate: true });
    await repo.updatePickup(tx, found.id, {
      carrier_pickup_id: booked.carrierPickupId,
      price_cents: booked.priceCents,
      last_error: null,
      // cancelled while the carrier booked it: it stays cancelled, and the carrier is told
      ...(now?.status === 'requested' ? { status: 'booked' } : {}),
    });
    await repo.insertPickupEvents(tx, found, booked.events);
    await audit(tx, {
      action: 'update',
      entityType: 'pickup',
      entityId: found.id,
      accountId: found.account_id,
      before: { status: 'requested' },
      after: {
        status: now?.status === 'requested' ? 'booked' : now?.status,
        carrierPickupId: booked.carrierPickupId,
      },
    });
    if (now?.status === 'cancelled') {
      const job: PickupJob = { pickupId: found.id, step: 'cancel' };
      await tx.deps.jobs.send(tx.trx, 'pickup', job, { id: followUpJobId(jobId, 'cancel-after-book') });
    }
  });
}

/** The carrier cancels the order; a refusal for good (the slot started) stays in `last_error`. */
async function cancelAtCarrier(
  ctx: BaseContext,
  configuration: ResolvedConfiguration | null,
  pickup: repo.PickupRow,
): Promise<void> {
  if (!pickup.carrier_pickup_id || !configuration) return;
  let answer: CarrierPickup;
  try {
    answer = await carrierFor(ctx.deps, configuration).cancelPickup(pickup.carrier_pickup_id);
  } catch (error) {
    if (!(error instanceof CarrierError && error.permanent)) throw error;
    await transact(ctx, (tx) =>
      repo.updatePickup(tx, pickup.id, { last_error: (error as Error).message.slice(0, 500) }),
    );
    return;
  }
  await transact(ctx, (tx) => repo.insertPickupEvents(tx, pickup, answer.events));
}

async function failed(ctx: BaseContext, pickup: repo.PickupRow, reason: string, attempts?: number) {
  await transact(ctx, async (tx) => {
    await repo.updatePickup(tx, pickup.id, {
      status: 'failed',
      last_error: reason.slice(0, 500),
      ...(attempts !== undefined ? { attempts } : {}),
    });
    await audit(tx, {
      action: 'update',
      entityType: 'pickup',
      entityId: pickup.id,
      accountId: pickup.account_id,
      before: { status: pickup.status },
      after: { status: 'failed', reason },
    });
  });
}
