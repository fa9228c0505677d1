import type { ListWebhookDeliveriesQuery, WebhookDeliveryStatus, WebhookEvent } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';
import { CONNECTOR_FQN } from '../connectors';

/** The queries of buyer resale webhooks: who receives an event, the deliveries and their log. */

const inScope = (ctx: BaseContext, column: string) =>
  ctx.scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = ${ctx.scope.accountId}`;

/**
 * What an event tells of a buyback and its item. Read by id in the transaction of the step that
 * causes the event (a move the caller was allowed to make), whichever of the retailer's or the
 * buyer's accounts made it: the event belongs to both.
 */
export async function findBuybackFacts(tx: BaseTxContext, buybackId: string) {
  return tx.trx
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .leftJoin('organizations as w', 'w.id', 'i.warehouse_id')
    .select([
      'b.id',
      'b.account_id',
      'b.buyer_account_id',
      'b.buyer_name',
      'b.identification_number',
      'b.status',
      'b.channel',
      'b.currency',
      'b.category_id',
      'b.category_label',
      'b.product_id',
      'b.product_name',
      'b.product_brand',
      'b.product_model',
      'b.declared_state',
      'b.total_cents',
      'b.cancel_reason',
      'b.created_at',
      'i.id as item_id',
      'i.identification_number as item_code',
      'i.status as item_status',
      'i.imei',
      'i.serial_number',
      'i.controlled_state',
      'i.validated_price_cents',
      'i.resale_price_cents',
      'i.refurb_completed_at',
      'i.dispatched_at',
      'w.id as warehouse_id',
      'w.common_name as warehouse_name',
    ])
    .where('b.id', '=', buybackId)
    .orderBy('i.created_at')
    .executeTakeFirst();
}
export type BuybackFacts = NonNullable<Awaited<ReturnType<typeof findBuybackFacts>>>;

/**
 * The active buyer resale configurations of these accounts that have not received `event` for the
 * buyback yet (each event at most once per buyback and configuration), the oldest first.
 */
export async function receivingConfigurations(
  tx: BaseTxContext,
  accountIds: string[],
  event: WebhookEvent,
  buybackId: string,
) {
  return tx.trx
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .select(['cc.id', 'cc.account_id', 'cc.properties'])
    .where('c.fqn', '=', CONNECTOR_FQN.buyerResaleWebhook)
    .where('cc.status', '=', 'active')
    .where('cc.account_id', 'in', accountIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.connector_configuration_id', '=', 'cc.id')
            .where('d.event', '=', event)
            .where('d.buyback_id', '=', buybackId),
        ),
      ),
    )
    .orderBy('cc.created_at')
    .orderBy('cc.id')
    .execute();
}

export async function insertDelivery(
  tx: BaseTxContext,
  row: {
    id: string;
    accountId: string;
    configurationId: string;
    event: WebhookEvent;
    buybackId: string;
    payload: object;
  },
): Promise<void> {
  await tx.trx
    .insertInto('webhook_deliveries')
    .values({
      id: row.id,
      account_id: row.accountId,
      connector_configuration_id: row.configurationId,
      event: row.event,
      buyback_id: row.buybackId,
      payload: JSON.stringify(row.payload),
    })
    .execute();
}

/** A buyer resale configuration of the context's accounts, by id. */
export async function findWebhookConfiguration(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .select(['cc.id', 'cc.account_id', 'cc.status', 'cc.name'])
    .where('cc.id', '=', id)
    .where('c.fqn', '=', CONNECTOR_FQN.buyerResaleWebhook)
    .where(inScope(ctx, 'cc.account_id'))
    .executeTakeFirst();
}

function selectDeliveries(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('webhook_deliveries as d')
    .leftJoin('buybacks as b', 'b.id', 'd.buyback_id')
    .innerJoin('connector_configurations as cc', 'cc.id', 'd.connector_configuration_id')
    .where(inScope(ctx, 'd.account_id'));
}

const DELIVERY_COLUMNS = [
  'd.id',
  'd.account_id',
  'd.connector_configuration_id',
  'd.event',
  'd.buyback_id',
  'b.identification_number as buyback_code',
  'd.payload',
  'd.status',
  'd.attempts',
  'd.last_status_code',
  'd.last_error',
  'd.created_at',
  'd.last_attempt_at',
  'd.delivered_at',
  'cc.status as configuration_status',
] as const;

/** A delivery of the context's accounts, by id (locked for a redeliver). */
export async function findDelivery(ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = selectDeliveries(ctx).select(DELIVERY_COLUMNS).where('d.id', '=', id);
  return (options.forUpdate ? query.forUpdate('d') : query).executeTakeFirst();
}
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

/** A configuration's deliveries, newest first, one page. */
export async function listDeliveries(
  ctx: BaseContext,
  configurationId: string,
  query: ListWebhookDeliveriesQuery,
) {
  let base = selectDeliveries(ctx).where('d.connector_configuration_id', '=', configurationId);
  if (query.status) base = base.where('d.status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .select(DELIVERY_COLUMNS)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** Writes a delivery's outcome, in the delivery's own account (a job's context sees every account). */
export async function updateDelivery(
  tx: BaseTxContext,
  delivery: { id: string; account_id: string },
  columns: {
    status?: WebhookDeliveryStatus;
    attempts?: number;
    last_status_code?: number | null;
    last_error?: string | null;
    last_attempt_at?: Date | null;
    delivered_at?: Date | null;
  },
): Promise<void> {
  const scope: AccountScope = { kind: 'account', accountId: delivery.account_id };
  await updateOwned(tx, 'webhook_deliveries', scope).set(columns).where('id', '=', delivery.id).execute();
}

/** Counts an attempt as it starts (a crash during the request still counts, as the queue counts it). */
export async function startAttempt(
  tx: BaseTxContext,
  delivery: { id: string; account_id: string },
  fresh: boolean,
) {
  const scope: AccountScope = { kind: 'account', accountId: delivery.account_id };
  const row = await updateOwned(tx, 'webhook_deliveries', scope)
    .set((eb) => ({
      attempts: fresh ? 1 : eb('attempts', '+', 1),
      status: 'pending',
      last_attempt_at: new Date(),
    }))
    .where('id', '=', delivery.id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}
