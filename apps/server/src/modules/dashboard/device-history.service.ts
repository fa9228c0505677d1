import {
  type BuybackStatus,
  controlOutcomeOf,
  type DeviceHistoryQuery,
  type DeviceHistoryResponse,
  type ItemStatus,
} from '@reprise/shared';
import type { RequestContext } from '../../platform/request-context';
import * as repo from './device-history.repository';

/**
 * `GET /device-history?imei=…|serial=…` (docs/dashboard.md): every visit of a device, that is
 * every buyback of it the caller may see, newest first, with its latest control outcome.
 */
export async function deviceHistory(
  ctx: RequestContext,
  query: DeviceHistoryQuery,
): Promise<DeviceHistoryResponse> {
  const rows = await repo.findDeviceBuybacks(ctx, query);
  return {
    member: rows.map((row) => ({
      buybackId: row.id,
      identificationNumber: row.identification_number,
      itemIdentificationNumber: row.item_identification_number,
      createdAt: row.created_at.toISOString(),
      status: row.status as BuybackStatus,
      itemStatus: row.item_status as ItemStatus,
      channel: row.channel,
      storeName: row.store_name,
      productName: row.product_name,
      imei: row.imei,
      serialNumber: row.serial_number,
      priceCents: row.total_cents,
      currency: row.currency,
      controlOutcome: row.control_to_status
        ? controlOutcomeOf(row.control_reason, row.control_to_status)
        : null,
      controlledAt: row.controlled_at ? new Date(row.controlled_at).toISOString() : null,
    })),
  };
}
