import type {
  ItemRefurbStepResponse,
  ItemRefurbStepStatus,
  ItemRefurbStepsResponse,
  NativeStockKind,
  RefurbStepKind,
} from '@reprise/shared';
import type { ItemRow } from '../buyback-lifecycle';
import type { StepRow } from './item-refurb-steps.repository';
import { canValidateItem } from './item-refurb-steps.rules';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toItemRefurbStep(row: StepRow): ItemRefurbStepResponse {
  return {
    id: row.id,
    itemId: row.item_id,
    refurbStepId: row.refurb_step_id,
    name: row.name,
    kind: row.kind as RefurbStepKind,
    status: row.status as ItemRefurbStepStatus,
    position: row.position,
    costCents: row.cost_cents,
    stock:
      row.stock_id && row.stock_name && row.stock_warehouse_id
        ? {
            id: row.stock_id,
            name: row.stock_name,
            nativeKind: row.stock_native_kind as NativeStockKind | null,
            warehouseId: row.stock_warehouse_id,
          }
        : null,
    user: row.user_id ? { id: row.user_id, name: row.user_name ?? row.user_email ?? '' } : null,
    comment: row.comment,
    cancelReason: row.cancel_reason,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
    updatedAt: iso(row.updated_at) as string,
    version: row.version,
    certificate:
      row.certificate_id && row.certificate_code
        ? { id: row.certificate_id, verificationCode: row.certificate_code }
        : null,
  };
}

export function toItemRefurbSteps(item: ItemRow, steps: StepRow[]): ItemRefurbStepsResponse {
  return {
    item: {
      id: item.id,
      identificationNumber: item.identification_number,
      status: item.status,
      productName: item.product_name,
      productBrand: item.product_brand,
      imei: item.imei,
      warehouse: { id: item.warehouse_id ?? '', commonName: item.warehouse_name ?? '' },
      stock:
        item.stock_id && item.stock_name && item.warehouse_id
          ? {
              id: item.stock_id,
              name: item.stock_name,
              nativeKind: item.stock_native_kind as NativeStockKind | null,
              // an item's stock is one of its warehouse's (modules/buyback-lifecycle/item-moves.ts)
              warehouseId: item.warehouse_id,
            }
          : null,
      plannedRefurbCostCents: item.planned_refurb_cost_cents,
      completedRefurbCostCents: item.completed_refurb_cost_cents,
      currency: item.currency,
    },
    member: steps.map(toItemRefurbStep),
    canValidate:
      item.status === 'item_refurb_in_progress' && canValidateItem(steps.map((step) => step.status)),
  };
}
