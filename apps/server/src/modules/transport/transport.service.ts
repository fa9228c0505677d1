import type {
  BuybackTransportResponse,
  DeliveryEventCode,
  Locale,
  PickupEventCode,
  PickupStatus,
  ShipmentStatus,
} from '@reprise/shared';
import { documentFileName } from '@reprise/shared/document-file-names';
import type { PdfDocument } from '../../platform/documents';
import { renderTrackingSheet } from '../../platform/documents/tracking-sheet';
import { AppError, notFound } from '../../platform/errors';
import type { BaseContext, RequestContext } from '../../platform/request-context';
import { findAccountSettings } from '../accounts';
import { findVisibleBuyback } from '../buyback-lifecycle';
import * as pickupsRepo from './pickups.repository';
import { hasPickup, pickupBookable, pickupCancellable } from './pickups.rules';
import * as repo from './shipments.repository';
import { activeTransportConfiguration } from './shipments.service';
import { shippingLabelState } from './shipping-labels';

/** A buyback's transport as the back office reads it, and its tracking sheet (docs/transport.md). */

async function visibleBuyback(ctx: RequestContext, id: string) {
  const buyback = await findVisibleBuyback(ctx, { id });
  if (!buyback) throw notFound('buyback');
  return buyback;
}

async function shipmentsWithEvents(ctx: BaseContext, buybackId: string) {
  const shipments = await repo.findShipmentsOfBuyback(ctx, buybackId);
  const events = await repo.findDeliveryEvents(
    ctx,
    shipments.map((s) => s.id),
  );
  return shipments.map((s) => ({
    ...s,
    events: events
      .filter((e) => e.shipment_id === s.id)
      .map((e) => ({
        code: e.code,
        occurredAt: new Date(e.occurred_at),
        receivedAt: new Date(e.received_at),
      })),
  }));
}

/** `GET /buybacks/{id}/transport`: tracking, the label's state, every shipment with its events. */
export async function getBuybackTransport(
  ctx: RequestContext,
  id: string,
): Promise<BuybackTransportResponse> {
  const buyback = await visibleBuyback(ctx, id);
  const shipments = await shipmentsWithEvents(ctx, buyback.id);
  const pickups = await pickupsRepo.findPickupsOfBuyback(ctx, {
    id: buyback.id,
    accountId: buyback.account_id,
  });
  const pickupEvents = await pickupsRepo.findPickupEvents(
    ctx,
    pickups.map((p) => p.id),
  );
  const carrier = hasPickup(buyback.circuit_type)
    ? (await activeTransportConfiguration(ctx, buyback.account_id)) !== null
    : false;
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    pickups: pickups.map((p) => ({
      id: p.id,
      status: p.status as PickupStatus,
      slot: { start: iso(p.slot_start), end: iso(p.slot_end) },
      carrierName: p.carrier_name,
      priceCents: p.price_cents,
      lastError: p.status === 'failed' ? p.last_error : null,
      createdAt: iso(p.created_at),
      events: pickupEvents
        .filter((e) => e.pickup_id === p.id)
        .map((e) => ({
          code: e.code as PickupEventCode,
          occurredAt: iso(e.occurred_at),
          receivedAt: iso(e.received_at),
        })),
    })),
    pickupBookable: pickupBookable(buyback, carrier, pickups),
    pickupCancellable: pickupCancellable(
      pickups.find((p) => p.status === 'requested' || p.status === 'booked'),
    ),
    trackingNumber: buyback.tracking_number,
    trackingUrl: buyback.tracking_url,
    deliveryStatus: (buyback.delivery_status as DeliveryEventCode | null) ?? null,
    shippingLabel: shippingLabelState(buyback),
    trackingSheet: shipments.length > 0,
    shipments: shipments.map((s) => ({
      id: s.id,
      kind: s.kind as 'shipping' | 'return',
      status: s.status as ShipmentStatus,
      carrierName: s.carrier_name,
      trackingNumber: s.tracking_number,
      trackingUrl: s.tracking_url,
      labelReadyAt: s.label_ready_at ? new Date(s.label_ready_at).toISOString() : null,
      createdAt: new Date(s.created_at).toISOString(),
      events: s.events.map((e) => ({
        code: e.code as DeliveryEventCode,
        occurredAt: e.occurredAt.toISOString(),
        receivedAt: e.receivedAt.toISOString(),
      })),
    })),
  };
}

/** `GET /buybacks/{id}/documents/tracking-sheet`: 404 `document_unavailable` when no carrier carries it. */
export async function trackingSheetPdf(
  ctx: RequestContext,
  id: string,
  fileLanguage?: Locale,
): Promise<PdfDocument> {
  const buyback = await visibleBuyback(ctx, id);
  const shipments = await shipmentsWithEvents(ctx, buyback.id);
  if (shipments.length === 0)
    throw new AppError('document_unavailable', 'No carrier carries this buyback: it has no tracking sheet.');
  const settings = await findAccountSettings(ctx, buyback.account_id);
  const data = await renderTrackingSheet({
    language: settings?.language ?? 'fr-FR',
    identificationNumber: buyback.identification_number,
    productName: buyback.product_name,
    customerName: `${buyback.customer_first_name} ${buyback.customer_last_name}`,
    generatedAt: new Date(),
    shipments: shipments.map((s) => ({
      kind: s.kind as 'shipping' | 'return',
      carrierName: s.carrier_name,
      trackingNumber: s.tracking_number,
      trackingUrl: s.tracking_url,
      status: s.status,
      events: s.events,
    })),
  });
  return { filename: documentFileName('tracking-sheet', fileLanguage, buyback.identification_number), data };
}
