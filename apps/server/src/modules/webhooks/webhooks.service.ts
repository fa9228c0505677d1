import { randomUUID } from 'node:crypto';
import type {
  ListWebhookDeliveriesQuery,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookEvent,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { type RequestContext, transact } from '../../platform/request-context';
import type { WebhookJob } from './webhook-events';
import * as repo from './webhooks.repository';

/**
 * The delivery log of a buyer resale webhooks configuration (`connector.configuration`): its
 * deliveries, newest first, and a delivered or failed one sent again. A configuration and its
 * deliveries belong to the configuration's account; another account's answer 404.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toResponse(row: repo.DeliveryRow): WebhookDeliveryResponse {
  return {
    id: row.id,
    configurationId: row.connector_configuration_id,
    event: row.event as WebhookEvent,
    buybackId: row.buyback_id,
    buybackCode: row.buyback_code,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: iso(row.created_at) as string,
    lastAttemptAt: iso(row.last_attempt_at),
    deliveredAt: iso(row.delivered_at),
    payload: row.payload,
  };
}

export async function listDeliveries(
  ctx: RequestContext,
  configurationId: string,
  query: ListWebhookDeliveriesQuery,
): Promise<Page<WebhookDeliveryResponse>> {
  const configuration = await repo.findWebhookConfiguration(ctx, configurationId);
  if (!configuration) throw notFound('buyer resale webhooks configuration');
  const { rows, total } = await repo.listDeliveries(ctx, configurationId, query);
  return { member: rows.map(toResponse), totalItems: total };
}

/**
 * Sends a delivered or failed delivery again, its body unchanged (its `id` lets the receiver
 * recognise a repeat): its attempts start again from zero with a new job. A pending one is under
 * way (`webhook_delivery_pending`); an inactive configuration sends nothing
 * (`webhook_configuration_inactive`).
 */
export async function redeliver(ctx: RequestContext, id: string): Promise<WebhookDeliveryResponse> {
  return transact(ctx, async (tx) => {
    const delivery = await repo.findDelivery(tx, id, { forUpdate: true });
    if (!delivery) throw notFound('webhook delivery');
    if (delivery.status === 'pending')
      throw new AppError('webhook_delivery_pending', 'This delivery is still under way.');
    if (delivery.configuration_status !== 'active')
      throw new AppError('webhook_configuration_inactive', 'This configuration is inactive.');
    await repo.updateDelivery(tx, delivery, {
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      last_attempt_at: null,
      delivered_at: null,
    });
    // a new job: the first one's id is spent (the queue keeps a finished job for a while)
    await tx.deps.jobs.send(tx.trx, 'webhook', { deliveryId: id } satisfies WebhookJob, { id: randomUUID() });
    await audit(tx, {
      action: 'update',
      entityType: 'connector_configuration',
      entityId: delivery.connector_configuration_id,
      accountId: delivery.account_id,
      before: { delivery: id, status: delivery.status, attempts: delivery.attempts },
      after: { delivery: id, status: 'pending', redelivered: true },
    });
    return toResponse((await repo.findDelivery(tx, id)) as repo.DeliveryRow);
  });
}
