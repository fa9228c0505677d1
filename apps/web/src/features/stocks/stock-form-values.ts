import type { StockInput, StockPatchRequest, StockResponse } from '@reprise/shared';

/** What the stock form edits (the API's names; empty texts are sent as null). */
export interface StockFormValues {
  warehouseId: string;
  name: string;
  identifier: string;
  location: string;
}

export const emptyStock = (warehouseId = ''): StockFormValues => ({
  warehouseId,
  name: '',
  identifier: '',
  location: '',
});

export const stockFormValues = (stock: StockResponse): StockFormValues => ({
  warehouseId: stock.warehouse.id,
  name: stock.name,
  identifier: stock.identifier ?? '',
  location: stock.location ?? '',
});

export const toStockRequest = (values: StockFormValues): StockInput => ({
  warehouseId: values.warehouseId,
  name: values.name,
  identifier: values.identifier.trim() || null,
  location: values.location.trim() || null,
});

/**
 * The merge-patch of an edit: only the fields that changed (a native stock's name never is sent,
 * its field being read-only), so that the server writes and audits only them.
 */
export function stockPatch(
  initial: StockFormValues,
  values: StockFormValues,
  native: boolean,
): StockPatchRequest {
  const before = toStockRequest(initial);
  const after = toStockRequest(values);
  const patch: StockPatchRequest = {};
  if (!native && after.name.trim() !== before.name.trim()) patch.name = after.name.trim();
  if (after.identifier !== before.identifier) patch.identifier = after.identifier ?? null;
  if (after.location !== before.location) patch.location = after.location ?? null;
  return patch;
}
