import type {
  ItemStatus,
  ItemStockDetailResponse,
  ItemStockResponse,
  NativeStockKind,
} from '@reprise/shared';
import type { BuybackAnswerSnapshot } from '../../platform/db.types';
import type { ItemRow } from '../buyback-lifecycle';
import { toItemResponse } from '../warehouse';
import type { findItemPageFacts, ItemInStockRow } from './items-stock.repository';
import { economicsOf } from './items-stock.rules';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toItemStockResponse(row: ItemInStockRow): ItemStockResponse {
  return {
    id: row.id,
    identificationNumber: row.identification_number,
    status: row.status as ItemStatus,
    buyback: { id: row.buyback_id, identificationNumber: row.buyback_identification_number },
    product: { id: row.product_id, name: row.product_name, brand: row.product_brand },
    retailer: { id: row.retailer_id, name: row.retailer_name },
    warehouse: { id: row.warehouse_id as string, commonName: row.warehouse_name ?? '' },
    stock: {
      id: row.stock_id as string,
      name: row.stock_name,
      nativeKind: row.stock_native_kind as NativeStockKind | null,
    },
    imei: row.imei,
    serialNumber: row.serial_number,
    ageDays: row.age_days === null ? null : Number(row.age_days),
    latestMoveAt: iso(row.latest_move_at),
    dispatchedAt: iso(row.dispatched_at),
  };
}

/** Answers as stored (a JSON array of snapshots), or none. */
const answersOf = (value: unknown): BuybackAnswerSnapshot[] => (Array.isArray(value) ? value : []);

export function toItemStockDetail(
  row: ItemRow,
  facts: Awaited<ReturnType<typeof findItemPageFacts>>,
): ItemStockDetailResponse {
  return {
    ...toItemResponse(row),
    economics: economicsOf(row),
    compliance: row.controlled_at
      ? {
          controlledAt: iso(row.controlled_at) as string,
          controlledBy: facts.controller_id
            ? { id: facts.controller_id, name: facts.controller_name ?? facts.controller_email ?? '' }
            : null,
          controlledState: row.controlled_state,
          controlledPriceCents: row.controlled_price_cents,
          validatedPriceCents: row.validated_price_cents,
          absorbedCents: row.absorbed_cents,
          warehouseComment: row.warehouse_comment,
          answers: answersOf(row.controlled_answers),
        }
      : null,
    diagnosis: {
      declaredState: row.declared_state,
      declaredPriceCents: row.declared_price_cents,
      answers: answersOf(facts.answers),
    },
    refurbCompletedAt: iso(row.refurb_completed_at),
    dispatchedAt: iso(row.dispatched_at),
  };
}
