import type { NativeStockKind, StockOption, StockResponse } from '@reprise/shared';
import type { listStockOptions, StockRow } from './stocks.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toStockResponse(row: StockRow): StockResponse {
  return {
    id: row.id,
    name: row.name,
    identifier: row.identifier,
    location: row.location,
    nativeKind: row.native_kind as NativeStockKind | null,
    warehouse: { id: row.warehouse_id, commonName: row.warehouse_name },
    productCount: Number(row.product_count ?? 0),
    averageAgeDays: row.average_age_days === null ? null : Number(row.average_age_days),
    refurbStepCount: Number(row.refurb_step_count ?? 0),
    createdAt: iso(row.created_at),
  };
}

type OptionRow = Awaited<ReturnType<typeof listStockOptions>>[number];

export function toStockOption(row: OptionRow): StockOption {
  return {
    id: row.id,
    name: row.name,
    nativeKind: row.native_kind as NativeStockKind | null,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
  };
}
