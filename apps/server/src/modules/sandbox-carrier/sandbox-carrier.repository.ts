import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type {
  SandboxCarrierAccountsTable,
  SandboxCarrierEventsTable,
  SandboxCarrierPickupsTable,
  SandboxCarrierShipmentsTable,
} from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';

/**
 * The sandbox carrier's own tables (migration 025). They belong to no tenant of the platform: a
 * shipper reaches its account and its shipments by its API key, so every read of a shipment names
 * the carrier account it must belong to.
 */

export type CarrierAccountRow = Selectable<SandboxCarrierAccountsTable>;
export type CarrierShipmentRow = Selectable<SandboxCarrierShipmentsTable>;
export type CarrierEventRow = Selectable<SandboxCarrierEventsTable>;
export type CarrierPickupRow = Selectable<SandboxCarrierPickupsTable>;

export async function insertAccount(
  tx: BaseTxContext,
  values: {
    account_number: string;
    api_key_hash: string;
    webhook_url: string | null;
    webhook_secret_encrypted: string;
    label_delay_seconds?: number;
  },
): Promise<CarrierAccountRow> {
  return tx.trx
    .insertInto('sandbox_carrier_accounts')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAccountByKeyHash(ctx: BaseContext, apiKeyHash: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_accounts')
    .selectAll()
    .where('api_key_hash', '=', apiKeyHash)
    .executeTakeFirst();
}

export async function findAccount(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_accounts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function accountNumberTaken(ctx: BaseContext, accountNumber: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('sandbox_carrier_accounts')
    .select('id')
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateAccount(
  tx: BaseTxContext,
  id: string,
  values: {
    webhook_url?: string | null;
    label_delay_seconds?: number;
    label_outcome?: string;
    pickup_outcome?: string;
  },
): Promise<CarrierAccountRow> {
  return tx.trx
    .updateTable('sandbox_carrier_accounts')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every account's webhook secret (the start-up's key check and rotation, sandbox-carrier.service.ts). */
export async function listAccountSecrets(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_accounts')
    .select(['id', 'webhook_secret_encrypted'])
    .execute();
}

export async function updateAccountSecret(
  tx: BaseTxContext,
  id: string,
  webhookSecretEncrypted: string,
): Promise<void> {
  await tx.trx
    .updateTable('sandbox_carrier_accounts')
    .set({ webhook_secret_encrypted: webhookSecretEncrypted, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertShipment(
  tx: BaseTxContext,
  values: {
    carrier_account_id: string;
    reference: string;
    kind: string;
    sender: string;
    recipient: string;
    parcel: string;
    tracking_number: string;
  },
): Promise<CarrierShipmentRow> {
  return tx.trx
    .insertInto('sandbox_carrier_shipments')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function trackingNumberTaken(ctx: BaseContext, trackingNumber: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('sandbox_carrier_shipments')
    .select('id')
    .where('tracking_number', '=', trackingNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** A shipment of this carrier account (none of another's), locked for a change with `forUpdate`. */
export async function findShipment(
  ctx: BaseContext,
  carrierAccountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CarrierShipmentRow | undefined> {
  let query = readerOf(ctx)
    .selectFrom('sandbox_carrier_shipments')
    .selectAll()
    .where('id', '=', id)
    .where('carrier_account_id', '=', carrierAccountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A shipment by id whatever its account: the carrier's own jobs. */
export async function findShipmentById(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_shipments')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findShipmentByTrackingNumber(ctx: BaseContext, trackingNumber: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_shipments')
    .selectAll()
    .where('tracking_number', '=', trackingNumber)
    .executeTakeFirst();
}

export async function updateShipment(
  tx: BaseTxContext,
  id: string,
  values: { label_status?: string; label_file_key?: string; label_ready_at?: Date; status?: string },
): Promise<void> {
  await tx.trx
    .updateTable('sandbox_carrier_shipments')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertEvent(
  tx: BaseTxContext,
  values: { shipment_id: string; code: string; webhook_status: string },
): Promise<CarrierEventRow> {
  return tx.trx.insertInto('sandbox_carrier_events').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findEvent(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_events as e')
    .innerJoin('sandbox_carrier_shipments as s', 's.id', 'e.shipment_id')
    .innerJoin('sandbox_carrier_accounts as a', 'a.id', 's.carrier_account_id')
    .select([
      'e.id',
      'e.code',
      'e.occurred_at',
      'e.webhook_status',
      's.id as shipment_id',
      's.tracking_number',
      'a.webhook_url',
      'a.webhook_secret_encrypted',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export async function findEventsOf(ctx: BaseContext, shipmentId: string) {
  return readerOf(ctx)
    .selectFrom('sandbox_carrier_events')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
}

/** Records one attempt at posting an event to the shipper: delivered, or its error. */
export async function recordWebhookAttempt(
  tx: BaseTxContext,
  id: string,
  outcome: { delivered: true } | { delivered: false; error: string },
): Promise<void> {
  await tx.trx
    .updateTable('sandbox_carrier_events')
    .set((eb) => ({
      webhook_attempts: eb('webhook_attempts', '+', 1),
      ...(outcome.delivered
        ? { webhook_status: 'delivered', webhook_delivered_at: sql<Date>`now()`, webhook_last_error: null }
        : { webhook_last_error: outcome.error.slice(0, 500) }),
    }))
    .where('id', '=', id)
    .execute();
}

export async function insertPickup(
  tx: BaseTxContext,
  values: {
    carrier_account_id: string;
    reference: string;
    address: string;
    parcel: string;
    slot_start: string;
    slot_end: string;
    price_cents: number;
  },
): Promise<CarrierPickupRow> {
  return tx.trx.insertInto('sandbox_carrier_pickups').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A pick-up of this carrier account (none of another's), locked for a change with `forUpdate`. */
export async function findPickup(
  ctx: BaseContext,
  carrierAccountId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CarrierPickupRow | undefined> {
  let query = readerOf(ctx)
    .selectFrom('sandbox_carrier_pickups')
    .selectAll()
    .where('id', '=', id)
    .where('carrier_account_id', '=', carrierAccountId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function cancelPickup(tx: BaseTxContext, id: string): Promise<CarrierPickupRow> {
  return tx.trx
    .updateTable('sandbox_carrier_pickups')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
