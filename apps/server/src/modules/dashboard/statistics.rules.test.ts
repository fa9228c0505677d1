import { describe, expect, it } from 'vitest';
import { type BuybackCell, type FactPlace, PLATFORM_SCOPE_ID, rollUp, scopesOf } from './statistics.rules';

const place: FactPlace = {
  accountId: 'retailer',
  organizationPath: '/root/unit/store/',
  buyerAccountId: 'buyer',
  warehousePath: '/buyer-org/warehouse/',
  warehouseAccountId: 'buyer',
  linked: true,
};

const cell = (over: Partial<BuybackCell>): BuybackCell => ({
  ...place,
  channel: 'store',
  status: 'bb_awaiting_inventory',
  storeId: 'store',
  storeName: 'Store',
  categoryId: 'phones',
  categoryLabel: 'Phones',
  paymentType: 'voucher',
  count: 1,
  valueCents: 1000,
  ...over,
});

describe('the weekly statistics roll-up', () => {
  it('a fact counts for every organisation on its paths, its linked buyer and the platform', () => {
    expect(scopesOf(place)).toEqual([
      { kind: 'retail', id: 'root', accountId: 'retailer' },
      { kind: 'retail', id: 'unit', accountId: 'retailer' },
      { kind: 'retail', id: 'store', accountId: 'retailer' },
      { kind: 'warehouse', id: 'buyer-org', accountId: 'buyer' },
      { kind: 'warehouse', id: 'warehouse', accountId: 'buyer' },
      { kind: 'buyer', id: 'buyer', accountId: 'buyer' },
      { kind: 'platform', id: PLATFORM_SCOPE_ID, accountId: null },
    ]);
  });

  it('a buyer of a retailer not linked to it, and a buyback without a warehouse, reach no such scope', () => {
    const kinds = scopesOf({ ...place, linked: false, warehousePath: null, warehouseAccountId: null }).map(
      (s) => s.kind,
    );
    expect(kinds).toEqual(['retail', 'retail', 'retail', 'platform']);
  });

  it('sums the cells of a scope and keeps each store apart', () => {
    const rows = rollUp({
      buybacks: [
        cell({}),
        cell({
          organizationPath: '/root/unit/other/',
          storeId: 'other',
          storeName: 'Other',
          count: 2,
          valueCents: 500,
        }),
      ],
      controls: [],
      refurbishments: [],
    });
    const unit = rows.find((r) => r.scopeKind === 'retail' && r.scopeId === 'unit');
    expect(unit?.figures.buybacks).toEqual({ count: 3, valueCents: 1500 });
    expect(unit?.figures.byStore).toEqual([
      { key: 'other', label: 'Other', count: 2, valueCents: 500 },
      { key: 'store', label: 'Store', count: 1, valueCents: 1000 },
    ]);
    const store = rows.find((r) => r.scopeKind === 'retail' && r.scopeId === 'store');
    expect(store?.figures.buybacks).toEqual({ count: 1, valueCents: 1000 });
  });
});
