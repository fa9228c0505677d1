import type { CarrierAddress } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { followUpJobId } from '../../platform/jobs';
import { organizationAddress } from '../../platform/organization-address';
import { type BaseContext, type BaseTxContext, transact } from '../../platform/request-context';
import { findActiveConfiguration, type ResolvedConfiguration, resolveConfiguration } from '../connectors';
import { CarrierError, type CarrierShipmentRequest } from './carrier';
import { carrierFor, TRANSPORT_CONNECTORS } from './carriers';
import { parcelOf } from './parcel';
import * as repo from './shipments.repository';

/**
 * Shipments at a carrier (docs/transport.md, "The flow"): requested in the transaction that needs
 * them (a checkout's label buybacks, a return label), then run by `shipment` jobs: `create` asks
 * the carrier for the shipment (its id, tracking number and link, on the shipment and for an
 * outbound parcel on the buyback), then `fetch-label` asks for its label at 3, 5, 10, 15, 30, 60,
 * 120 and 300 seconds until the carrier has made it (stored, the label `ready`), or gives up
 * (`label_failed`, the buyback's label `failed`: "not available").
 */

/** Seconds after the shipment's creation at which its label is asked for. */
const LABEL_CHECK_SECONDS = [3, 5, 10, 15, 30, 60, 120, 300] as const;
/** Attempts at creating the shipment (network, carrier down) before the label is reported failed. */
const MAX_CREATE_ATTEMPTS = 5;

export interface ShipmentJob {
  shipmentId: string;
  /** `cancel`: the buyback was cancelled before its parcel left (cancelShipmentsOfBuyback). */
  step: 'create' | 'fetch-label' | 'cancel';
  /** The fetch's index in LABEL_CHECK_SECONDS. */
  attempt?: number;
}

/** The account's active transport configuration (its carrier), or null: the platform's own label then. */
export async function activeTransportConfiguration(
  ctx: BaseContext,
  accountId: string,
): Promise<ResolvedConfiguration | null> {
  for (const fqn of TRANSPORT_CONNECTORS) {
    const configuration = await findActiveConfiguration(ctx, accountId, fqn);
    if (configuration) return configuration;
  }
  return null;
}

/**
 * Requests shipments at a carrier, in the caller's transaction: the rows (label pending) and a
 * `create` job for each, which exist only if the transaction commits.
 */
export async function requestShipments(
  tx: BaseTxContext,
  configuration: ResolvedConfiguration,
  kind: 'shipping' | 'return',
  buybackIds: string[],
): Promise<string[]> {
  const rows = await repo.insertShipments(
    tx,
    buybackIds.map((buybackId) => ({
      account_id: configuration.accountId,
      buyback_id: buybackId,
      kind,
      connector_configuration_id: configuration.id,
    })),
  );
  await audit(
    tx,
    ...rows.map((row) => ({
      action: 'create' as const,
      entityType: 'shipment' as const,
      entityId: row.id,
      accountId: configuration.accountId,
      after: { buybackId: row.buyback_id, kind, connectorConfigurationId: configuration.id },
    })),
  );
  for (const row of rows) {
    const job: ShipmentJob = { shipmentId: row.id, step: 'create' };
    await tx.deps.jobs.send(tx.trx, 'shipment', job, { id: followUpJobId(row.id, 'create') });
  }
  return rows.map((row) => row.id);
}

/** Runs a `shipment` job (idempotent: a step already done is skipped). `ctx` may see every account. */
export async function runShipmentJob(ctx: BaseContext, job: ShipmentJob, jobId: string): Promise<void> {
  const found = await repo.findShipment(ctx, job.shipmentId);
  if (!found) return;
  // from here on, the shipment's own account only
  const scoped: BaseContext = { ...ctx, scope: { kind: 'account', accountId: found.account_id } };
  if (job.step === 'cancel') return cancelAtCarrier(scoped, found);
  if (found.status === 'cancelled' || found.status === 'label_failed' || found.label_file_key) return;
  const configuration = found.connector_configuration_id
    ? await resolveConfiguration(scoped, found.connector_configuration_id)
    : null;
  if (configuration?.status !== 'active') {
    await labelFailed(scoped, found, 'the transport configuration is gone or inactive');
    return;
  }
  if (job.step === 'create') await createAtCarrier(scoped, configuration, found, jobId);
  else await fetchLabel(scoped, configuration, found, job.attempt ?? 0, jobId);
}

async function createAtCarrier(
  ctx: BaseContext,
  configuration: ResolvedConfiguration,
  shipment: repo.ShipmentRow,
  jobId: string,
): Promise<void> {
  if (!shipment.carrier_shipment_id) {
    const request = await shipmentRequest(ctx, shipment);
    if (!request) {
      await labelFailed(ctx, shipment, 'the buyback has no address to ship from or to');
      return;
    }
    let created: Awaited<ReturnType<ReturnType<typeof carrierFor>['createShipment']>>;
    try {
      created = await carrierFor(ctx.deps, configuration).createShipment(request);
    } catch (error) {
      await carrierFailed(ctx, shipment, error, MAX_CREATE_ATTEMPTS);
      return;
    }
    await transact(ctx, async (tx) => {
      await repo.updateShipment(tx, shipment.id, {
        carrier_shipment_id: created.carrierShipmentId,
        tracking_number: created.trackingNumber,
        tracking_url: created.trackingUrl,
        last_error: null,
      });
      if (shipment.kind === 'shipping')
        await repo.updateBuybackTransport(tx, shipment.buyback_id, {
          tracking_number: created.trackingNumber,
          tracking_url: created.trackingUrl,
        });
      await audit(tx, {
        action: 'update',
        entityType: 'shipment',
        entityId: shipment.id,
        accountId: shipment.account_id,
        after: { carrierShipmentId: created.carrierShipmentId, trackingNumber: created.trackingNumber },
      });
      // the buyback was cancelled while the carrier created the shipment: it is cancelled there too
      const now = await repo.findShipment(tx, shipment.id);
      if (now?.status === 'cancelled') {
        const job: ShipmentJob = { shipmentId: shipment.id, step: 'cancel' };
        await tx.deps.jobs.send(tx.trx, 'shipment', job, { id: followUpJobId(jobId, 'cancel-after-create') });
        return;
      }
      await scheduleFetch(tx, shipment.id, 0, jobId);
    });
    return;
  }
  // created at the carrier by an earlier run: its first fetch was sent with it
  await transact(ctx, (tx) => scheduleFetch(tx, shipment.id, 0, jobId));
}

/** Shipment statuses of a parcel that has not left yet: a cancelled buyback cancels them. */
const NOT_LEFT = ['label_pending', 'label_ready'];

/** Audits a change of a shipment: its status before, `after` its new status and what came with it. */
export function auditShipmentChange(
  tx: BaseTxContext,
  shipment: { id: string; account_id: string; status: string },
  after: Record<string, unknown>,
): Promise<void> {
  return audit(tx, {
    action: 'update',
    entityType: 'shipment',
    entityId: shipment.id,
    accountId: shipment.account_id,
    before: { status: shipment.status },
    after,
  });
}

/**
 * The buyback is cancelled (modules/buybacks/buybacks.service.ts `cancelBuyback`), in its
 * transaction: its shipments whose parcel has not left are cancelled, and a `cancel` job tells
 * their carrier. A shipment not created at the carrier yet never will be (its jobs see it cancelled).
 */
export async function cancelShipmentsOfBuyback(tx: BaseTxContext, buybackId: string): Promise<void> {
  const shipments = (await repo.findShipmentsOfBuyback(tx, buybackId)).filter((s) =>
    NOT_LEFT.includes(s.status),
  );
  for (const shipment of shipments) {
    await repo.updateShipment(tx, shipment.id, { status: 'cancelled' });
    await auditShipmentChange(tx, shipment, { status: 'cancelled' });
    const job: ShipmentJob = { shipmentId: shipment.id, step: 'cancel' };
    await tx.deps.jobs.send(tx.trx, 'shipment', job, { id: followUpJobId(shipment.id, 'cancel') });
  }
}

/**
 * The `cancel` step: the carrier cancels the shipment it created. One it refuses for good (the
 * parcel is already on its way) keeps the refusal in `last_error`; a carrier that cannot be
 * reached is tried again by the queue.
 */
async function cancelAtCarrier(ctx: BaseContext, shipment: repo.ShipmentRow): Promise<void> {
  // not created at the carrier: nothing to tell it (a create step running meanwhile sends its own cancel)
  if (!shipment.carrier_shipment_id) return;
  const configuration = shipment.connector_configuration_id
    ? await resolveConfiguration(ctx, shipment.connector_configuration_id)
    : null;
  if (!configuration) return;
  try {
    await carrierFor(ctx.deps, configuration).cancel(shipment.carrier_shipment_id);
  } catch (error) {
    if (!(error instanceof CarrierError && error.permanent)) throw error;
    await transact(ctx, (tx) =>
      repo.updateShipment(tx, shipment.id, { last_error: (error as Error).message.slice(0, 500) }),
    );
  }
}

/** Sends the fetch number `attempt`, at its instant of LABEL_CHECK_SECONDS (the same id on every rerun). */
async function scheduleFetch(
  tx: BaseTxContext,
  shipmentId: string,
  attempt: number,
  jobId: string,
): Promise<void> {
  const wait =
    (LABEL_CHECK_SECONDS[attempt] as number) -
    (attempt === 0 ? 0 : (LABEL_CHECK_SECONDS[attempt - 1] as number));
  const job: ShipmentJob = { shipmentId, step: 'fetch-label', attempt };
  await tx.deps.jobs.send(tx.trx, 'shipment', job, {
    id: followUpJobId(jobId, `fetch-label-${attempt}`),
    startAfter: new Date(Date.now() + wait * 1000),
  });
}

async function fetchLabel(
  ctx: BaseContext,
  configuration: ResolvedConfiguration,
  shipment: repo.ShipmentRow,
  attempt: number,
  jobId: string,
): Promise<void> {
  if (!shipment.carrier_shipment_id) return;
  let label: Awaited<ReturnType<ReturnType<typeof carrierFor>['fetchLabel']>>;
  try {
    label = await carrierFor(ctx.deps, configuration).fetchLabel(shipment.carrier_shipment_id);
  } catch (error) {
    if (error instanceof CarrierError && error.permanent) await labelFailed(ctx, shipment, error.message);
    // the queue runs this fetch again later
    else throw error;
    return;
  }
  if (label.status === 'failed') return labelFailed(ctx, shipment, label.reason);
  if (label.status === 'not_ready') {
    if (attempt + 1 >= LABEL_CHECK_SECONDS.length)
      return labelFailed(ctx, shipment, 'the carrier made no label in time');
    await transact(ctx, (tx) => scheduleFetch(tx, shipment.id, attempt + 1, jobId));
    return;
  }
  const key = await ctx.deps.storage.put('carrier-labels', 'pdf', label.pdf);
  await transact(ctx, async (tx) => {
    const at = new Date();
    await repo.updateShipment(tx, shipment.id, {
      label_file_key: key,
      label_ready_at: at,
      // events may have moved the parcel already: its status then stays theirs
      ...(shipment.status === 'label_pending' ? { status: 'label_ready' } : {}),
    });
    if (shipment.kind === 'shipping')
      await repo.updateBuybackTransport(tx, shipment.buyback_id, {
        shipping_label_status: 'ready',
        shipping_label_ready_at: at,
      });
    await auditShipmentChange(tx, shipment, { status: 'label_ready' });
  });
}

/**
 * A carrier call failed: permanent (refused), or the attempts are spent, reports the label
 * failed; otherwise the attempt is counted and the job throws, to be tried again later.
 */
async function carrierFailed(
  ctx: BaseContext,
  shipment: repo.ShipmentRow,
  error: unknown,
  maxAttempts: number,
): Promise<void> {
  const message = (error as Error).message;
  const attempts = shipment.attempts + 1;
  if ((error instanceof CarrierError && error.permanent) || attempts >= maxAttempts) {
    await labelFailed(ctx, shipment, message, attempts);
    return;
  }
  await transact(ctx, (tx) =>
    repo.updateShipment(tx, shipment.id, { attempts, last_error: message.slice(0, 500) }),
  );
  throw error;
}

async function labelFailed(
  ctx: BaseContext,
  shipment: repo.ShipmentRow,
  reason: string,
  attempts?: number,
): Promise<void> {
  await transact(ctx, async (tx) => {
    await repo.updateShipment(tx, shipment.id, {
      status: 'label_failed',
      last_error: reason.slice(0, 500),
      ...(attempts !== undefined ? { attempts } : {}),
    });
    if (shipment.kind === 'shipping')
      await repo.updateBuybackTransport(tx, shipment.buyback_id, { shipping_label_status: 'failed' });
    await auditShipmentChange(tx, shipment, { status: 'label_failed', reason });
  });
}

/**
 * The request of a shipment: outbound, from the customer to the buyback's warehouse; a return,
 * from the item's warehouse to the customer. The parcel's weight and size are the product's (or
 * its category's defaults; cm and g), else a small parcel's.
 */
async function shipmentRequest(
  ctx: BaseContext,
  shipment: repo.ShipmentRow,
): Promise<CarrierShipmentRequest | null> {
  const facts = await repo.findShipmentFacts(ctx, shipment.buyback_id);
  if (!facts) return null;
  const warehouseId =
    shipment.kind === 'return'
      ? (facts.item_warehouse_id ?? facts.destination_warehouse_id)
      : facts.destination_warehouse_id;
  const warehouse = warehouseId ? await repo.findWarehouseAddress(ctx, warehouseId) : undefined;
  if (!warehouse?.street || !warehouse.zip || !warehouse.city || !warehouse.country) return null;
  const customer: CarrierAddress = {
    name: `${facts.first_name} ${facts.last_name}`,
    street: facts.street,
    streetMore: facts.street_more,
    zip: facts.zip,
    city: facts.city,
    country: facts.country,
  };
  // the parts checked above: a carrier needs them all
  const site: CarrierAddress = {
    ...organizationAddress(warehouse),
    street: warehouse.street,
    zip: warehouse.zip,
    city: warehouse.city,
    country: warehouse.country,
  };
  return {
    reference: facts.identification_number,
    kind: shipment.kind as 'shipping' | 'return',
    sender: shipment.kind === 'return' ? site : customer,
    recipient: shipment.kind === 'return' ? customer : site,
    parcel: parcelOf(facts),
  };
}

/** A carrier label's state for a buyback: `none` when no carrier carries it (the platform's own label then). */
export type CarrierLabelState =
  | { state: 'none' }
  | { state: 'pending'; shipmentId: string }
  | { state: 'failed'; shipmentId: string }
  | { state: 'ready'; shipmentId: string; fileKey: string; trackingNumber: string | null };

export async function carrierLabelState(
  ctx: BaseContext,
  buyback: { id: string; accountId: string },
  kind: 'shipping' | 'return',
): Promise<CarrierLabelState> {
  const shipment = await repo.findLatestShipment(ctx, buyback, kind);
  if (!shipment) return { state: 'none' };
  if (shipment.label_file_key)
    return {
      state: 'ready',
      shipmentId: shipment.id,
      fileKey: shipment.label_file_key,
      trackingNumber: shipment.tracking_number,
    };
  if (shipment.status === 'label_failed') return { state: 'failed', shipmentId: shipment.id };
  return { state: 'pending', shipmentId: shipment.id };
}

/** The PDF of a carrier's label that is ready (null when its file is missing). */
export async function carrierLabelPdf(ctx: BaseContext, fileKey: string): Promise<Buffer | null> {
  return ctx.deps.storage.get(fileKey);
}
