import { randomBytes, randomInt } from 'node:crypto';
import type {
  CarrierAddress,
  CarrierDeliveryEvent,
  CarrierParcel,
  DeliveryEventCode,
  SandboxCarrierAccountPatch,
  SandboxCarrierAccountRequest,
  SandboxCarrierAccountResponse,
  SandboxCarrierShipmentRequest,
  SandboxCarrierShipmentResponse,
  SandboxCarrierSignUpResponse,
} from '@reprise/shared';
import { ConfigError } from '../../platform/config';
import { AppError, notFound } from '../../platform/errors';
import { followUpJobId } from '../../platform/jobs';
import { type BaseContext, type BaseTxContext, transact } from '../../platform/request-context';
import { keyIdOf } from '../../platform/secrets';
import { hashToken } from '../../platform/security';
import { renderSandboxLabel } from './sandbox-carrier.label';
import * as repo from './sandbox-carrier.repository';
import { SIGNATURE_HEADER, s10CheckDigit, signatureOf } from './sandbox-carrier.rules';

/**
 * The sandbox carrier (docs/transport.md, "The sandbox carrier"): a parcel carrier that runs in
 * this server for the demo and the tests, and behaves as a real one does. A shipper signs up for
 * an account (an API key and a webhook secret, shown once), creates shipments (a tracking number
 * at once, the label made a few seconds later by a job), reads the label (425 until made), and
 * receives each delivery event at its webhook, signed with HMAC-SHA256. Its console
 * (`POST /shipments/{id}/events`) moves a parcel in tests and demos. It shares nothing with the
 * platform's transport module but the platform's own parts.
 */

/** The purpose the webhook secrets are encrypted under (platform/secrets.ts). */
const SANDBOX_SECRET_PURPOSE = 'sandbox-carrier';
const POST_TIMEOUT_MS = 10_000;

/** The carrier's jobs (queue `sandbox-carrier`). */
export type SandboxCarrierJob =
  | { step: 'make-label'; shipmentId: string }
  | { step: 'post-event'; shipmentId: string; eventId: string };

const SHIPMENT_STATUS_OF: Record<DeliveryEventCode, string> = {
  delivery_init: 'in_transit',
  in_progress: 'in_transit',
  delivered: 'delivered',
  failed: 'failed',
  cancelled: 'cancelled',
  returned: 'returned',
  lost: 'lost',
};

// ---------- accounts ----------

function toAccount(row: repo.CarrierAccountRow): SandboxCarrierAccountResponse {
  return {
    accountNumber: row.account_number,
    webhookUrl: row.webhook_url,
    labelDelaySeconds: row.label_delay_seconds,
    labelOutcome: row.label_outcome as 'ready' | 'failed',
    pickupOutcome: row.pickup_outcome as SandboxCarrierAccountResponse['pickupOutcome'],
  };
}

/**
 * Opens an account (the sandbox's sign-up, and the demo seed inside its own transaction): its
 * API key and webhook secret are answered this once; the key is kept as its SHA-256 only.
 */
export async function signUp(
  ctx: BaseContext,
  input: SandboxCarrierAccountRequest,
  /** The demo seed's published credentials (seed/demo-transport.ts); never from a request. */
  given?: { apiKey: string; webhookSecret: string },
): Promise<SandboxCarrierSignUpResponse> {
  return transact(ctx, async (tx: BaseTxContext) => {
    let accountNumber = newAccountNumber();
    while (await repo.accountNumberTaken(tx, accountNumber)) accountNumber = newAccountNumber();
    const apiKey = given?.apiKey ?? `sbx_${randomBytes(24).toString('base64url')}`;
    const webhookSecret = given?.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
    const row = await repo.insertAccount(tx, {
      account_number: accountNumber,
      api_key_hash: hashToken(apiKey),
      webhook_url: input.webhookUrl ?? null,
      webhook_secret_encrypted: tx.deps.keyring.encrypt(SANDBOX_SECRET_PURPOSE, webhookSecret),
      ...(input.labelDelaySeconds !== undefined ? { label_delay_seconds: input.labelDelaySeconds } : {}),
    });
    return { ...toAccount(row), apiKey, webhookSecret };
  });
}

/** The account of an API key (`Authorization: Bearer <key>`); 401 for a missing or unknown one. */
export async function authenticate(ctx: BaseContext, apiKey: string | null): Promise<repo.CarrierAccountRow> {
  const account = apiKey ? await repo.findAccountByKeyHash(ctx, hashToken(apiKey)) : undefined;
  if (!account) throw new AppError('unauthenticated', 'The carrier API key is missing or unknown.');
  return account;
}

/** `GET /accounts/me`. */
export async function getAccount(
  ctx: BaseContext,
  apiKey: string | null,
): Promise<SandboxCarrierAccountResponse> {
  return toAccount(await authenticate(ctx, apiKey));
}

export async function updateAccount(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  patch: SandboxCarrierAccountPatch,
): Promise<SandboxCarrierAccountResponse> {
  return transact(ctx, async (tx) =>
    toAccount(
      await repo.updateAccount(tx, account.id, {
        ...(patch.webhookUrl !== undefined ? { webhook_url: patch.webhookUrl } : {}),
        ...(patch.labelDelaySeconds !== undefined ? { label_delay_seconds: patch.labelDelaySeconds } : {}),
        ...(patch.labelOutcome !== undefined ? { label_outcome: patch.labelOutcome } : {}),
        ...(patch.pickupOutcome !== undefined ? { pickup_outcome: patch.pickupOutcome } : {}),
      }),
    ),
  );
}

// ---------- shipments ----------

const newAccountNumber = () => `SBX${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

function newTrackingNumber(): string {
  const serial = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `SB${serial}${s10CheckDigit(serial)}FR`;
}

const trackingUrlOf = (ctx: BaseContext, trackingNumber: string) =>
  new URL(`/api/sandbox-carrier/track/${trackingNumber}`, ctx.deps.config.publicUrl).href;

function toShipment(ctx: BaseContext, row: repo.CarrierShipmentRow): SandboxCarrierShipmentResponse {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind as 'shipping' | 'return',
    trackingNumber: row.tracking_number,
    trackingUrl: trackingUrlOf(ctx, row.tracking_number),
    labelStatus: row.label_status as 'pending' | 'ready' | 'failed',
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `POST /shipments`: the tracking number at once; the label is made `label_delay_seconds` later (a job). */
export async function createShipment(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  input: SandboxCarrierShipmentRequest,
): Promise<SandboxCarrierShipmentResponse> {
  return transact(ctx, async (tx) => {
    let trackingNumber = newTrackingNumber();
    while (await repo.trackingNumberTaken(tx, trackingNumber)) trackingNumber = newTrackingNumber();
    const row = await repo.insertShipment(tx, {
      carrier_account_id: account.id,
      reference: input.reference,
      kind: input.kind,
      sender: JSON.stringify(input.sender),
      recipient: JSON.stringify(input.recipient),
      parcel: JSON.stringify(input.parcel),
      tracking_number: trackingNumber,
    });
    const job: SandboxCarrierJob = { step: 'make-label', shipmentId: row.id };
    await tx.deps.jobs.send(tx.trx, 'sandbox-carrier', job, {
      id: followUpJobId(row.id, 'make-label'),
      startAfter: new Date(Date.now() + account.label_delay_seconds * 1000),
    });
    return toShipment(tx, row);
  });
}

export async function getShipment(ctx: BaseContext, account: repo.CarrierAccountRow, id: string) {
  const row = await repo.findShipment(ctx, account.id, id);
  if (!row) throw notFound('shipment');
  return toShipment(ctx, row);
}

/** `GET /shipments/by-tracking-number/{trackingNumber}`: a shipment of the account (404 for another's). */
export async function findByTrackingNumber(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  trackingNumber: string,
): Promise<SandboxCarrierShipmentResponse> {
  const row = await repo.findShipmentByTrackingNumber(ctx, trackingNumber);
  if (!row || row.carrier_account_id !== account.id) throw notFound('shipment');
  return toShipment(ctx, row);
}

/** `GET /shipments/{id}/label`: the PDF once made; 425 (Retry-After) before, 422 when it failed. */
export async function shipmentLabel(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  id: string,
): Promise<{ trackingNumber: string; pdf: Buffer }> {
  const row = await repo.findShipment(ctx, account.id, id);
  if (!row) throw notFound('shipment');
  if (row.label_status === 'failed')
    throw new AppError('carrier_label_failed', 'The carrier could not make this label.');
  const pdf = row.label_file_key ? await ctx.deps.storage.get(row.label_file_key) : null;
  if (row.label_status !== 'ready' || !pdf)
    throw new AppError('shipping_label_not_ready', 'The label is being made: ask again shortly.', [], {
      'retry-after': '2',
    });
  return { trackingNumber: row.tracking_number, pdf };
}

/**
 * `POST /shipments/{id}/events` (the console): records the event, moves the parcel, and posts the
 * event to the account's webhook (a job, retried by the queue). Without a webhook it is kept only.
 */
export async function recordEvent(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  id: string,
  code: DeliveryEventCode,
): Promise<CarrierDeliveryEvent> {
  return transact(ctx, async (tx) => {
    const shipment = await repo.findShipment(tx, account.id, id, { forUpdate: true });
    if (!shipment) throw notFound('shipment');
    return addEvent(tx, account, shipment, code);
  });
}

/** `POST /shipments/{id}/cancel`: only before the parcel moved (409 `shipment_not_cancellable`). */
export async function cancelShipment(
  ctx: BaseContext,
  account: repo.CarrierAccountRow,
  id: string,
): Promise<SandboxCarrierShipmentResponse> {
  return transact(ctx, async (tx) => {
    const shipment = await repo.findShipment(tx, account.id, id, { forUpdate: true });
    if (!shipment) throw notFound('shipment');
    if (shipment.status === 'cancelled') return toShipment(tx, shipment);
    if (shipment.status !== 'created')
      throw new AppError(
        'shipment_not_cancellable',
        'This parcel has moved already: it cannot be cancelled.',
      );
    await addEvent(tx, account, shipment, 'cancelled');
    return toShipment(tx, { ...shipment, status: 'cancelled' });
  });
}

async function addEvent(
  tx: BaseTxContext,
  account: repo.CarrierAccountRow,
  shipment: repo.CarrierShipmentRow,
  code: DeliveryEventCode,
): Promise<CarrierDeliveryEvent> {
  const event = await repo.insertEvent(tx, {
    shipment_id: shipment.id,
    code,
    webhook_status: account.webhook_url ? 'pending' : 'no_webhook',
  });
  await repo.updateShipment(tx, shipment.id, { status: SHIPMENT_STATUS_OF[code] });
  if (account.webhook_url) {
    const job: SandboxCarrierJob = { step: 'post-event', shipmentId: shipment.id, eventId: event.id };
    await tx.deps.jobs.send(tx.trx, 'sandbox-carrier', job, { id: event.id });
  }
  return {
    id: event.id,
    shipmentId: shipment.id,
    trackingNumber: shipment.tracking_number,
    code,
    occurredAt: new Date(event.occurred_at).toISOString(),
  };
}

/** The public tracking page's facts: the parcel and its events, by tracking number. */
export async function trackingOf(ctx: BaseContext, trackingNumber: string) {
  const shipment = await repo.findShipmentByTrackingNumber(ctx, trackingNumber);
  if (!shipment) throw notFound('parcel');
  const events = await repo.findEventsOf(ctx, shipment.id);
  return {
    trackingNumber: shipment.tracking_number,
    status: shipment.status,
    kind: shipment.kind,
    createdAt: new Date(shipment.created_at),
    events: events.map((e) => ({ code: e.code, occurredAt: new Date(e.occurred_at) })),
  };
}

// ---------- the carrier's jobs ----------

/** Runs a `sandbox-carrier` job: makes a label, or posts an event (idempotent: a done step is skipped). */
export async function runSandboxCarrierJob(ctx: BaseContext, job: SandboxCarrierJob): Promise<void> {
  if (job.step === 'make-label') return makeLabel(ctx, job.shipmentId);
  return postEvent(ctx, job.eventId);
}

async function makeLabel(ctx: BaseContext, shipmentId: string): Promise<void> {
  const shipment = await repo.findShipmentById(ctx, shipmentId);
  if (shipment?.label_status !== 'pending') return;
  const account = await repo.findAccount(ctx, shipment.carrier_account_id);
  if (!account) return;
  if (account.label_outcome === 'failed') {
    await transact(ctx, (tx) => repo.updateShipment(tx, shipment.id, { label_status: 'failed' }));
    return;
  }
  const pdf = await renderSandboxLabel({
    trackingNumber: shipment.tracking_number,
    accountNumber: account.account_number,
    reference: shipment.reference,
    kind: shipment.kind as 'shipping' | 'return',
    sender: shipment.sender as unknown as CarrierAddress,
    recipient: shipment.recipient as unknown as CarrierAddress,
    parcel: shipment.parcel as unknown as CarrierParcel,
    createdAt: new Date(shipment.created_at),
  });
  const key = await ctx.deps.storage.put('sandbox-carrier-labels', 'pdf', pdf);
  await transact(ctx, (tx) =>
    repo.updateShipment(tx, shipment.id, {
      label_status: 'ready',
      label_file_key: key,
      label_ready_at: new Date(),
    }),
  );
}

async function postEvent(ctx: BaseContext, eventId: string): Promise<void> {
  const event = await repo.findEvent(ctx, eventId);
  if (event?.webhook_status !== 'pending' || !event.webhook_url) return;
  const body = JSON.stringify({
    id: event.id,
    shipmentId: event.shipment_id,
    trackingNumber: event.tracking_number,
    code: event.code as DeliveryEventCode,
    occurredAt: new Date(event.occurred_at).toISOString(),
  } satisfies CarrierDeliveryEvent);
  const secret = ctx.deps.keyring.decrypt(SANDBOX_SECRET_PURPOSE, event.webhook_secret_encrypted);
  const target = new URL(event.webhook_url, ctx.deps.config.publicUrl);
  let error: string;
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureOf(secret, Math.floor(Date.now() / 1000), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // 409: the shipper has it already (a replay of a delivery it took)
    if (response.ok || response.status === 409) {
      await transact(ctx, (tx) => repo.recordWebhookAttempt(tx, event.id, { delivered: true }));
      return;
    }
    error = `HTTP ${response.status}`;
  } catch (cause) {
    error = (cause as Error).message;
  }
  await transact(ctx, (tx) => repo.recordWebhookAttempt(tx, event.id, { delivered: false, error }));
  // the queue tries again later, each wait longer (platform/jobs.ts, queue sandbox-carrier)
  throw new Error(`the webhook of event ${event.id} answered ${error}`);
}

/**
 * The start-up step of the carrier accounts' webhook secrets (encrypted with the platform's keys,
 * as the connector secrets: modules/connectors/connector-secrets-at-rest.ts): refuses to start on
 * a secret under a key the keyring lacks, then encrypts again with the current key those under an
 * older one. Answers how many it rewrote.
 */
export async function protectSandboxSecretsAtRest(ctx: BaseContext): Promise<number> {
  const { keyring } = ctx.deps;
  const rows = await repo.listAccountSecrets(ctx);
  const unknown = new Set(
    rows
      .map((row) => keyIdOf(row.webhook_secret_encrypted))
      .filter((id): id is string => id !== null && !keyring.keyIds.includes(id)),
  );
  if (unknown.size > 0) {
    throw new ConfigError(
      `The database holds sandbox carrier secrets encrypted with the key ${[...unknown].join(', ')}, which DATA_ENCRYPTION_KEY does not hold (it holds ${keyring.keyIds.join(', ')}).`,
    );
  }
  const stale = rows.filter((row) => keyIdOf(row.webhook_secret_encrypted) !== keyring.currentKeyId);
  for (const row of stale) {
    const secret = keyring.decrypt(SANDBOX_SECRET_PURPOSE, row.webhook_secret_encrypted);
    await transact(ctx, (tx) =>
      repo.updateAccountSecret(tx, row.id, keyring.encrypt(SANDBOX_SECRET_PURPOSE, secret)),
    );
  }
  return stale.length;
}
