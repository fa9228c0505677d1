import type {
  PickupSlotsQuery,
  SandboxCarrierPickupRequest,
  SandboxCarrierPickupResponse,
} from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import { type BaseContext, transact } from '../../platform/request-context';
import * as repo from './sandbox-carrier.repository';
import { pickupPriceCents, pickupSlotsFrom } from './sandbox-carrier.rules';

/**
 * The sandbox carrier's pick-ups (docs/transport.md, "Pick-ups"): the slots it offers at an
 * address, a pick-up order booked on one of them (created and quoted at once), cancelled before
 * its slot starts. The account's `pickupOutcome` makes it refuse the bookings (`refused`) or
 * answer 503 to every pick-up call (`unavailable`), to try those paths.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

function toPickup(row: repo.CarrierPickupRow): SandboxCarrierPickupResponse {
  const events: SandboxCarrierPickupResponse['events'] = [
    { code: 'order_created', occurredAt: iso(row.created_at) },
    { code: 'order_quoted', occurredAt: iso(row.quoted_at) },
  ];
  if (row.cancelled_at) events.push({ code: 'order_cancelled', occurredAt: iso(row.cancelled_at) });
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as 'booked' | 'cancelled',
    slot: { start: iso(row.slot_start), end: iso(row.slot_end) },
    priceCents: row.price_cents,
    events,
  };
}

function answering(account: repo.CarrierAccountRow): void {
  if (account.pickup_outcome === 'unavailable')
    throw new AppError('service_unavailable', 'The carrier’s pick-up service is unavailable.', [], {
      'retry-after': '5',
    });
}

/** `GET /pickups/slots?country=&zip=`: the slots of the next days (the sandbox serves every address). */
export function pickupSlots(
  account: repo.CarrierAccountRow,
  _address: PickupSlotsQuery,
): { slots: { start: string; end: string }[] } {
  answering(account);
  return { slots: pickupSlotsFrom(new Date()) };
}

/** `POST /pickups`: a pick-up order on an offered slot (422 `pickup_slot_unavailable` otherwise). */
export async function bookPickup(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  input: SandboxCarrierPickupRequest,
): Promise<SandboxCarrierPickupResponse> {
  answering(account);
  if (account.pickup_outcome === 'refused')
    throw new AppError('pickup_refused', 'The carrier collects nothing for this account at the moment.');
  const start = Date.parse(input.slot.start);
  const end = Date.parse(input.slot.end);
  const offered = pickupSlotsFrom(new Date()).some(
    (slot) => Date.parse(slot.start) === start && Date.parse(slot.end) === end,
  );
  if (!offered)
    throw new AppError('pickup_slot_unavailable', 'The carrier does not offer this pick-up slot.', [
      {
        propertyPath: 'slot',
        message: 'The carrier does not offer this slot.',
        code: 'pickup_slot_unavailable',
      },
    ]);
  return transact(ctx, async (tx) =>
    toPickup(
      await repo.insertPickup(tx, {
        carrier_account_id: account.id,
        reference: input.reference,
        address: JSON.stringify(input.address),
        parcel: JSON.stringify(input.parcel),
        slot_start: new Date(start).toISOString(),
        slot_end: new Date(end).toISOString(),
        price_cents: pickupPriceCents(input.parcel.weightGrams),
      }),
    ),
  );
}

export async function getPickup(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  id: string,
): Promise<SandboxCarrierPickupResponse> {
  const row = await repo.findPickup(ctx, account.id, id);
  if (!row) throw notFound('pickup');
  return toPickup(row);
}

/** `POST /pickups/{id}/cancel`: before its slot starts (409 `pickup_not_cancellable` after). */
export async function cancelPickup(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  id: string,
): Promise<SandboxCarrierPickupResponse> {
  answering(account);
  return transact(ctx, async (tx) => {
    const row = await repo.findPickup(tx, account.id, id, { forUpdate: true });
    if (!row) throw notFound('pickup');
    if (row.status === 'cancelled') return toPickup(row);
    if (new Date(row.slot_start).getTime() <= Date.now())
      throw new AppError('pickup_not_cancellable', 'The pick-up slot has started: it cannot be cancelled.');
    return toPickup(await repo.cancelPickup(tx, row.id));
  });
}
