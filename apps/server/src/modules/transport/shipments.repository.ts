import type { ShipmentKind } from '@reprise/shared';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ShipmentsTable } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned, updateOwnedOrAssigned } from '../../platform/scoped-writes';

/**
 * Shipments (migration 021) and their delivery events: the parcels a carrier connector carries
 * for a buyback. Reads name the account (the context's scope, or the row's own account for jobs
 * and the carrier's webhook); writes go through the scoped builders.
 */

export type ShipmentRow = Selectable<ShipmentsTable>;

const inScope = (ctx: BaseContext) => (ctx.scope.kind === 'all' ? null : ctx.scope.accountId);

export async function findShipment(
  ctx: BaseContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentRow | undefined> {
  let query = readerOf(ctx).selectFrom('shipments').selectAll().where('id', '=', id);
  const account = inScope(ctx);
  if (account) query = query.where('account_id', '=', account);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The latest shipment of a kind of a buyback the caller sees (a return label asked again reuses
 * it), named with the buyback's own account: a warehouse of the buyer reads the retailer's too.
 */
export async function findLatestShipment(
  ctx: BaseContext,
  buyback: { id: string; accountId: string },
  kind: ShipmentKind,
): Promise<ShipmentRow | undefined> {
  return readerOf(ctx)
    .selectFrom('shipments')
    .selectAll()
    .where('buyback_id', '=', buyback.id)
    .where('account_id', '=', buyback.accountId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The shipment a carrier's webhook names: its id at the carrier, under this configuration only. */
export async function findShipmentAtCarrier(
  ctx: BaseContext,
  configurationId: string,
  carrierShipmentId: string,
): Promise<ShipmentRow | undefined> {
  return readerOf(ctx)
    .selectFrom('shipments')
    .selectAll()
    .where('connector_configuration_id', '=', configurationId)
    .where('carrier_shipment_id', '=', carrierShipmentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateShipment(
  tx: BaseTxContext,
  id: string,
  values: Partial<{
    carrier_shipment_id: string;
    status: string;
    tracking_number: string;
    tracking_url: string | null;
    label_file_key: string;
    label_ready_at: Date;
    attempts: number;
    last_error: string | null;
  }>,
): Promise<void> {
  await updateOwned(tx, 'shipments')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The buyback's transport columns (its shipping label's state, tracking, latest delivery event). */
export async function updateBuybackTransport(
  tx: BaseTxContext,
  buybackId: string,
  values: Partial<{
    shipping_label_status: string;
    shipping_label_ready_at: Date;
    tracking_number: string;
    tracking_url: string | null;
    delivery_status: string;
  }>,
): Promise<void> {
  await updateOwnedOrAssigned(tx, 'buybacks')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', buybackId)
    .execute();
}

/** What a shipment request needs of its buyback: the customer, the warehouses, the parcel. */
export async function findShipmentFacts(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('buybacks as b')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .leftJoin('products as p', 'p.id', 'b.product_id')
    .leftJoin('categories as c', 'c.id', 'b.category_id')
    .select([
      'b.id',
      'b.account_id',
      'b.identification_number',
      'b.status',
      'b.destination_warehouse_id',
      'i.warehouse_id as item_warehouse_id',
      'cu.first_name',
      'cu.last_name',
      'cu.street',
      'cu.street_more',
      'cu.zip',
      'cu.city',
      'cu.country',
      sql<number | null>`coalesce(p.weight, c.default_weight)`.as('weight'),
      sql<number | null>`coalesce(p.length, c.default_length)`.as('length'),
      sql<number | null>`coalesce(p.width, c.default_width)`.as('width'),
      sql<number | null>`coalesce(p.height, c.default_height)`.as('height'),
    ])
    .where('b.id', '=', buybackId)
    .executeTakeFirst();
}

export async function findWarehouseAddress(ctx: BaseContext, organizationId: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['common_name', 'corporate_name', 'street', 'street_more', 'zip', 'city', 'country'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}

/** Records a delivery event once: null when the carrier sent this event id before (a replay). */
export async function insertDeliveryEvent(
  tx: BaseTxContext,
  values: {
    shipment_id: string;
    account_id: string;
    event_id: string;
    code: string;
    occurred_at: string;
    payload: string;
  },
): Promise<number | null> {
  const row = await tx.trx
    .insertInto('delivery_events')
    .values(values)
    .onConflict((oc) => oc.columns(['shipment_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A buyback's shipments with their carrier's name (the configuration's), oldest first. */
export async function findShipmentsOfBuyback(ctx: BaseContext, buybackId: string) {
  return readerOf(ctx)
    .selectFrom('shipments as s')
    .leftJoin('connector_configurations as cc', 'cc.id', 's.connector_configuration_id')
    .selectAll('s')
    .select('cc.name as carrier_name')
    .where('s.buyback_id', '=', buybackId)
    .orderBy('s.created_at')
    .execute();
}

export async function findDeliveryEvents(ctx: BaseContext, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('delivery_events')
    .select(['shipment_id', 'event_id', 'code', 'occurred_at', 'received_at'])
    .where('shipment_id', 'in', shipmentIds)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
}

/** Every delivery event of one shipment, in the order received (the ordering is the rules'). */
export async function findEventsOfShipment(tx: BaseTxContext, shipmentId: string) {
  return tx.trx
    .selectFrom('delivery_events')
    .select(['id', 'code', 'occurred_at'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('id')
    .execute();
}

/** The item of a buyback (one per buyback), its row locked: a delivery event moves it. */
export async function lockItemOfBuyback(tx: BaseTxContext, buybackId: string): Promise<string | undefined> {
  const row = await tx.trx
    .selectFrom('buyback_items')
    .select('id')
    .where('buyback_id', '=', buybackId)
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

/** Several new shipments in one insert (a cart's labels at checkout). */
export async function insertShipments(
  tx: BaseTxContext,
  rows: { account_id: string; buyback_id: string; kind: string; connector_configuration_id: string }[],
): Promise<{ id: string; buyback_id: string }[]> {
  if (rows.length === 0) return [];
  return tx.trx
    .insertInto('shipments')
    .values(rows.map((row) => ({ ...row, updated_at: sql<Date>`now()` })))
    .returning(['id', 'buyback_id'])
    .execute();
}
