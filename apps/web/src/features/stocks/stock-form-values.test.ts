import type { StockResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { emptyStock, stockFormValues, stockPatch, toStockRequest } from './stock-form-values';

const stock: StockResponse = {
  id: '00000000-0000-4000-8000-000000000521',
  name: 'Atelier réparation',
  identifier: 'SP-ATL',
  location: null,
  nativeKind: null,
  warehouse: { id: '00000000-0000-4000-8000-000000000302', commonName: 'Entrepôt Saint-Priest' },
  productCount: 0,
  averageAgeDays: null,
  refurbStepCount: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('the stock form', () => {
  it('sends empty texts as null', () => {
    expect(toStockRequest({ ...emptyStock('w'), name: 'Quai', identifier: '  ' })).toEqual({
      warehouseId: 'w',
      name: 'Quai',
      identifier: null,
      location: null,
    });
  });

  it('patches only what changed', () => {
    const initial = stockFormValues(stock);
    expect(stockPatch(initial, initial, false)).toEqual({});
    expect(stockPatch(initial, { ...initial, name: 'Atelier B', identifier: '' }, false)).toEqual({
      name: 'Atelier B',
      identifier: null,
    });
    expect(stockPatch(initial, { ...initial, location: 'Quai 2' }, false)).toEqual({ location: 'Quai 2' });
  });

  it('never sends a native stock’s name', () => {
    const initial = stockFormValues({ ...stock, nativeKind: 'to_refurbish', name: 'To refurbish' });
    expect(stockPatch(initial, { ...initial, name: 'Autre', location: 'Zone R' }, true)).toEqual({
      location: 'Zone R',
    });
  });
});
