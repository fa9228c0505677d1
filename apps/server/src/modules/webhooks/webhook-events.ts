import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import { completesBuyback, type StatusChange } from '../buyback-lifecycle';
import * as repo from './webhooks.repository';

/**
 * The events of a buyback's life announced to buyer resale webhooks (docs/connectors.md, "Buyer
 * resale webhooks"). In the transaction of the step that causes one, a delivery row is written
 * per receiving configuration and its `webhook` job enqueued (job id = delivery id): both exist
 * only if the step commits. The receivers are the active configurations of the buyback's retailer
 * account and of its buyer account (`buybacks.buyer_account_id`), each at most once per event and
 * buyback.
 */

/** The job of the `webhook` queue: one delivery to send (webhook-delivery.job.ts). */
export interface WebhookJob {
  deliveryId: string;
}

/** The event a status change causes, if any. */
export function eventOfChange(change: Omit<StatusChange, 'accountId'>): WebhookEvent | null {
  const to = change.toBuybackStatus;
  if (completesBuyback(change)) return 'buyback.completed';
  if (to === 'bb_cancelled' && change.fromBuybackStatus !== 'bb_cancelled') return 'buyback.cancelled';
  if (change.toItemStatus === 'item_refurb_completed' && change.fromItemStatus !== 'item_refurb_completed')
    return 'item.refurbished';
  return null;
}

/** The reaction to the lifecycle's status changes (status-reactions.ts): a change that causes an event announces it. */
export async function announceStatusChange(tx: BaseTxContext, change: StatusChange): Promise<void> {
  const event = eventOfChange(change);
  if (event) await announceBuybackEvent(tx, event, change.buybackId);
}

/** The package an item left in (`item.dispatched`, modules/expeditions/packages.service.ts). */
export interface DispatchFacts {
  packageNumber: string;
  trackingNumber: string | null;
}

/**
 * Announces an event of a buyback to its receivers: one delivery and one job each. Cancellation
 * (a reaction, status-reactions.ts) and dispatch (a closed warehouse package) call it: they are
 * not status changes of an item move.
 */
export async function announceBuybackEvent(
  tx: BaseTxContext,
  event: WebhookEvent,
  buybackId: string,
  dispatch?: DispatchFacts,
): Promise<void> {
  const facts = await repo.findBuybackFacts(tx, buybackId);
  if (!facts) return;
  const accounts = [...new Set([facts.account_id, facts.buyer_account_id])];
  const configurations = await repo.receivingConfigurations(tx, accounts, event, buybackId);
  const createdAt = new Date().toISOString();
  const data = eventData(event, facts, dispatch);
  for (const configuration of configurations) {
    const id = randomUUID();
    const referrer = (configuration.properties as Record<string, string>).referrer || null;
    await repo.insertDelivery(tx, {
      id,
      accountId: configuration.account_id,
      configurationId: configuration.id,
      event,
      buybackId,
      payload: { id, event, createdAt, referrer, data },
    });
    await tx.deps.jobs.send(tx.trx, 'webhook', { deliveryId: id } satisfies WebhookJob, { id });
  }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What an event says: the device (item, product, category, grade, prices in cents with their
 * currency), its buyback and where it is. Never the customer: the buyer resells a device, it
 * receives no personal data.
 */
function eventData(event: WebhookEvent, f: repo.BuybackFacts, dispatch?: DispatchFacts) {
  return {
    buyback: {
      id: f.id,
      code: f.identification_number,
      status: f.status,
      channel: f.channel,
      createdAt: iso(f.created_at),
      retailerAccountId: f.account_id,
      buyerAccountId: f.buyer_account_id,
      buyerName: f.buyer_name,
    },
    item: {
      id: f.item_id,
      code: f.item_code,
      status: f.item_status,
      imei: f.imei,
      serialNumber: f.serial_number,
      declaredGrade: f.declared_state,
      grade: f.controlled_state,
      refurbishedAt: iso(f.refurb_completed_at),
      dispatchedAt: iso(f.dispatched_at),
    },
    product: { id: f.product_id, name: f.product_name, brand: f.product_brand, model: f.product_model },
    category: { id: f.category_id, label: f.category_label },
    price: {
      currency: f.currency,
      totalCents: f.total_cents,
      validatedCents: f.validated_price_cents,
      resaleCents: f.resale_price_cents,
    },
    warehouse: f.warehouse_id ? { id: f.warehouse_id, name: f.warehouse_name } : null,
    ...(event === 'buyback.cancelled' ? { cancellation: { reason: f.cancel_reason } } : {}),
    ...(event === 'item.dispatched' && dispatch
      ? { package: { number: dispatch.packageNumber, trackingNumber: dispatch.trackingNumber } }
      : {}),
  };
}
