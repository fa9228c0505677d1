import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookDeliveryError } from '@reprise/shared';
import { QUEUES } from '../../platform/jobs';
import { type BaseContext, transact } from '../../platform/request-context';
import { CONNECTOR_FQN, resolveConfiguration } from '../connectors';
import { checkedLookup, urlRefusal } from './outbound-address';
import type { WebhookJob } from './webhook-events';
import * as repo from './webhooks.repository';

/**
 * The `webhook` job (docs/connectors.md, "Buyer resale webhooks"): POSTs one delivery's JSON body
 * to its configuration's URL, signed with the configuration's secret. A 2xx answer delivers it;
 * anything else is recorded on the row and thrown, and the queue tries again with a growing wait
 * (platform/jobs.ts, QUEUES.webhook). The run that exhausts the queue's retries leaves the row
 * `failed`. Run again after it was delivered (the queue's retry of a run that crashed after the
 * answer), it does nothing.
 */

/** No complete answer within this time: the attempt failed (`timeout`). */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** The first run and each retry of the queue. */
export const WEBHOOK_MAX_ATTEMPTS = QUEUES.webhook.retryLimit + 1;

/** `X-Reprise-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** An attempt that did not deliver: what the row records, and what the queue's retry is told. */
class WebhookAttemptFailed extends Error {
  constructor(
    readonly reason: WebhookDeliveryError,
    readonly statusCode: number | null,
  ) {
    super(statusCode ? `${reason} ${statusCode}` : reason);
  }
}

/**
 * `ctx` is a job's context over every account (workers.ts): the delivery is read by id, its
 * writes go to the delivery's own account. `options.timeoutMs` shortens the wait in tests.
 */
export async function deliverWebhook(
  ctx: BaseContext,
  job: WebhookJob,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const delivery = await repo.findDelivery(ctx, job.deliveryId);
  // gone with its configuration (deleted), or already delivered: nothing to do
  if (!delivery || delivery.status === 'delivered') return;
  const configuration = await resolveConfiguration(ctx, delivery.connector_configuration_id);
  if (configuration?.status !== 'active' || configuration.fqn !== CONNECTOR_FQN.buyerResaleWebhook) {
    // no retry can help: the delivery log shows why; a redeliver sends it once the configuration is active again
    await fail(ctx, delivery, 'configuration_inactive', null);
    return;
  }
  const url = configuration.values.url ?? '';
  const allowPrivate = ctx.deps.config.webhookPrivateHosts;
  const refusal = urlRefusal(url, allowPrivate);
  if (refusal) {
    await fail(ctx, delivery, refusal, null);
    return;
  }
  // a failed delivery run again (an admin sent its job back from the failed jobs) starts a fresh round
  const attempt = await transact(ctx, (tx) => repo.startAttempt(tx, delivery, delivery.status === 'failed'));
  const body = JSON.stringify(delivery.payload);
  try {
    const statusCode = await post(
      url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'Reprise-Webhooks/1.0',
        'x-reprise-event': delivery.event,
        'x-reprise-delivery': delivery.id,
        'x-reprise-signature': signatureHeader(configuration.values.webhook_secret ?? '', body),
      },
      { timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, allowPrivate },
    );
    if (statusCode >= 300 && statusCode < 400)
      throw new WebhookAttemptFailed('redirect_not_followed', statusCode);
    if (statusCode < 200 || statusCode >= 300) throw new WebhookAttemptFailed('http_status', statusCode);
    await transact(ctx, (tx) =>
      repo.updateDelivery(tx, delivery, {
        status: 'delivered',
        last_status_code: statusCode,
        last_error: null,
        delivered_at: new Date(),
      }),
    );
  } catch (error) {
    const failure =
      error instanceof WebhookAttemptFailed ? error : new WebhookAttemptFailed(networkReason(error), null);
    await transact(ctx, (tx) =>
      repo.updateDelivery(tx, delivery, {
        status: attempt >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending',
        last_status_code: failure.statusCode,
        last_error: failure.reason,
      }),
    );
    throw failure;
  }
}

async function fail(
  ctx: BaseContext,
  delivery: repo.DeliveryRow,
  reason: WebhookDeliveryError,
  statusCode: number | null,
): Promise<void> {
  await transact(ctx, (tx) =>
    repo.updateDelivery(tx, delivery, {
      status: 'failed',
      last_status_code: statusCode,
      last_error: reason,
      last_attempt_at: new Date(),
    }),
  );
}

function networkReason(error: unknown): WebhookDeliveryError {
  const code = (error as { code?: string }).code;
  if (code === 'ADDRESS_NOT_ALLOWED') return 'address_not_allowed';
  if (code === 'ABORT_ERR' || (error as Error).name === 'TimeoutError') return 'timeout';
  return 'connection_failed';
}

/**
 * One POST: the status code of its answer (the answer's body is not read), or an error; no answer
 * within `timeoutMs` aborts it. Redirects are never followed (node:http does not); the connection
 * goes to the address the lookup checked.
 */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(options.allowPrivate),
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
