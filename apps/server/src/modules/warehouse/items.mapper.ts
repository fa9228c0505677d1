import type { ItemEventResponse, ItemResponse } from '@reprise/shared';
import type { findItemEvents, ItemRow } from '../buyback-lifecycle';
import { productImageUrl } from '../catalog';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const stockOf = (id: string | null, name: string | null, kind: string | null) =>
  id && name ? { id, name, nativeKind: kind as NonNullable<ItemResponse['stock']>['nativeKind'] } : null;

export function toItemResponse(row: ItemRow): ItemResponse {
  return {
    id: row.id,
    identificationNumber: row.identification_number,
    status: row.status as ItemResponse['status'],
    buyback: {
      id: row.buyback_id,
      identificationNumber: row.buyback_identification_number,
      status: row.buyback_status as ItemResponse['buyback']['status'],
      accountId: row.buyback_account_id,
      retailerName: row.retailer_name,
      circuitType: row.circuit_type,
      declaredState: row.declared_state,
      declaredPriceCents: row.declared_price_cents,
      currency: row.currency,
      createdAt: iso(row.buyback_created_at) as string,
    },
    product: {
      id: row.product_id,
      name: row.product_name,
      brand: row.product_brand,
      imageUrl: productImageUrl(row.product_id, row.product_image_key),
    },
    category: { id: row.category_id, label: row.category_label },
    imei: row.imei,
    serialNumber: row.serial_number,
    warehouse:
      row.warehouse_id && row.warehouse_name
        ? { id: row.warehouse_id, commonName: row.warehouse_name }
        : null,
    stock: stockOf(row.stock_id, row.stock_name, row.stock_native_kind),
    purchasePriceCents: row.purchase_price_cents,
    controlledPriceCents: row.controlled_price_cents,
    validatedPriceCents: row.validated_price_cents,
    controlledState: row.controlled_state,
    warehouseComment: row.warehouse_comment,
    quarantineReason: row.quarantine_reason as ItemResponse['quarantineReason'],
    registeredAt: iso(row.registered_at),
    controlledAt: iso(row.controlled_at),
    latestMoveAt: iso(row.latest_move_at),
  };
}

type EventRow = Awaited<ReturnType<typeof findItemEvents>>[number];

export function toItemEvent(row: EventRow): ItemEventResponse {
  return {
    at: iso(row.at) as string,
    fromStatus: row.from_status as ItemEventResponse['fromStatus'],
    toStatus: row.to_status as ItemEventResponse['toStatus'],
    by: row.actor_user_id ? { id: row.actor_user_id, name: row.actor_name ?? row.actor_email ?? '' } : null,
    place:
      row.organization_id && row.organization_name
        ? { id: row.organization_id, commonName: row.organization_name }
        : null,
    stock: stockOf(row.stock_id, row.stock_name, row.stock_native_kind),
    reason: row.reason,
    comment: row.comment,
  };
}
