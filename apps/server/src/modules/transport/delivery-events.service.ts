import { CarrierDeliveryEvent, type DeliveryEventCode, type ShipmentKind } from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import { type BaseContext, transact } from '../../platform/request-context';
import * as items from '../buyback-lifecycle';
import { moveItem } from '../buyback-lifecycle';
import { resolveConfiguration } from '../connectors';
import { deliveryOutcome, latestDeliveryEvent } from './delivery-events.rules';
import * as repo from './shipments.repository';
import { auditShipmentChange } from './shipments.service';
import { checkSignature } from './webhook-signature';

/**
 * The carrier webhook, `POST /webhooks/transport/{configurationId}` (docs/transport.md): the
 * configuration names the carrier account and holds the secret the event is signed with. In this
 * order: unknown configuration 404; bad signature 401 `webhook_signature_invalid`; a time more
 * than 5 minutes away 401 `webhook_timestamp_out_of_window`; a body that is not an event 422;
 * a shipment this configuration does not carry 404; an event id seen before 409
 * `webhook_replayed`. Otherwise, in one transaction: the event recorded, the shipment's status,
 * the buyback's delivery status (outbound parcel), and the item's moves, applied by the carrier's
 * time of the events rather than their arrival (delivery-events.rules.ts `deliveryOutcome`: an
 * event older than one applied already changes no status). A refusal writes nothing.
 */
export async function receiveDeliveryEvent(
  ctx: BaseContext,
  configurationId: string,
  delivery: { rawBody: Buffer; signature: string | undefined },
): Promise<{ recorded: true }> {
  const configuration = await resolveConfiguration(ctx, configurationId);
  if (configuration?.type !== 'transport') throw notFound('transport configuration');
  const secret = configuration.values.webhook_secret;
  const check = secret
    ? checkSignature(secret, delivery.signature, delivery.rawBody, Math.floor(Date.now() / 1000))
    : 'invalid';
  if (check === 'invalid')
    throw new AppError('webhook_signature_invalid', 'The signature of the event is missing or wrong.');
  if (check === 'stale')
    throw new AppError(
      'webhook_timestamp_out_of_window',
      'The event is signed more than 5 minutes away from now: it is refused.',
    );
  const event = parseEvent(delivery.rawBody);
  // the configuration's account only, from here on
  const scoped: BaseContext = { ...ctx, scope: { kind: 'account', accountId: configuration.accountId } };
  return transact(scoped, async (tx) => {
    const shipment = await repo.findShipmentAtCarrier(tx, configuration.id, event.shipmentId);
    if (!shipment || shipment.account_id !== configuration.accountId) throw notFound('shipment');
    const recorded = await repo.insertDeliveryEvent(tx, {
      shipment_id: shipment.id,
      account_id: shipment.account_id,
      event_id: event.id,
      code: event.code,
      occurred_at: event.occurredAt,
      payload: JSON.stringify(event),
    });
    if (recorded === null)
      throw new AppError('webhook_replayed', 'This event was received before: nothing was changed.');
    // the shipment row is locked (findShipmentAtCarrier): its events are read after every earlier one committed
    const history = (await repo.findEventsOfShipment(tx, shipment.id)).map((e) => ({
      code: e.code as DeliveryEventCode,
      occurredAt: new Date(e.occurred_at),
      sequence: Number(e.id),
    }));
    const received = history.find((e) => e.sequence === Number(recorded)) ?? {
      code: event.code,
      occurredAt: new Date(event.occurredAt),
      sequence: Number(recorded),
    };
    const latest = latestDeliveryEvent(history) ?? received;
    const kind = shipment.kind as ShipmentKind;
    const itemId = await repo.lockItemOfBuyback(tx, shipment.buyback_id);
    const item = itemId ? await items.findItem(tx, itemId) : undefined;
    const outcome = deliveryOutcome(
      kind,
      history,
      received,
      item?.status ?? '',
      latest.code === 'delivered' &&
        kind === 'shipping' &&
        item !== undefined &&
        (await checkinDisabled(tx, item)),
    );
    if (outcome.status) await repo.updateShipment(tx, shipment.id, { status: outcome.status });
    if (outcome.deliveryStatus)
      await repo.updateBuybackTransport(tx, shipment.buyback_id, { delivery_status: outcome.deliveryStatus });
    // an event older than one applied already is recorded and changes no status
    await auditShipmentChange(tx, shipment, {
      status: outcome.status ?? shipment.status,
      event: event.code,
      eventId: event.id,
      applied: outcome.status !== null,
    });
    if (!item) return { recorded: true as const };
    const moves = outcome.moves;
    for (const move of moves) {
      if (move.to === 'item_registered_in_warehouse') {
        const warehouseId = item.warehouse_id ?? item.destination_warehouse_id;
        const stock = warehouseId
          ? await items.findNativeStock(tx, warehouseId, 'awaiting_control')
          : undefined;
        await moveItem(tx, item, {
          ...move,
          stockId: stock?.id ?? null,
          organizationId: warehouseId,
          columns: { registered_at: new Date() },
        });
      } else await moveItem(tx, item, move);
    }
    return { recorded: true as const };
  });
}

function parseEvent(rawBody: Buffer): CarrierDeliveryEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The event is not JSON.');
  }
  const parsed = CarrierDeliveryEvent.safeParse(json);
  if (!parsed.success)
    throw new AppError(
      'validation_failed',
      'The event is not valid.',
      parsed.error.issues.map((issue) => ({
        propertyPath: issue.path.join('.'),
        message: issue.message,
        code: /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code,
      })),
    );
  return parsed.data;
}

/** Check-in at the warehouse is disabled for the item's retailer or for the warehouse's account. */
async function checkinDisabled(ctx: BaseContext, item: items.ItemRow): Promise<boolean> {
  const [retailer, warehouse] = await Promise.all([
    items.findCheckinRequirement(ctx, item.account_id),
    items.findCheckinRequirement(ctx, item.buyer_account_id),
  ]);
  return retailer === 'disabled' || warehouse === 'disabled';
}
