import { describe, expect, it } from 'vitest';
import { economicsOf, isMovableToStock } from './items-stock.rules';

const item = {
  currency: 'EUR',
  status: 'item_completed_by_price',
  validated_price_cents: 20000 as number | null,
  purchase_price_cents: 21000,
  planned_refurb_cost_cents: 4800,
  completed_refurb_cost_cents: 0,
  resale_price_cents: 35000 as number | null,
  refurb_completed_at: null as Date | null,
};

describe('the economic data of an item', () => {
  it('pays the validated price, and deducts the planned refurbishment cost while it is not completed', () => {
    expect(economicsOf(item)).toEqual({
      currency: 'EUR',
      paidPriceCents: 20000,
      plannedRefurbCostCents: 4800,
      completedRefurbCostCents: 0,
      resalePriceCents: 35000,
      marginCents: 35000 - 20000 - 4800,
    });
  });

  it('pays the purchase price when no price was validated', () => {
    expect(economicsOf({ ...item, validated_price_cents: null }).paidPriceCents).toBe(21000);
  });

  it('deducts the completed cost once the refurbishment is completed', () => {
    const done = { ...item, completed_refurb_cost_cents: 5100, refurb_completed_at: new Date() };
    expect(economicsOf(done).marginCents).toBe(35000 - 20000 - 5100);
    expect(
      economicsOf({ ...item, status: 'item_refurb_completed', completed_refurb_cost_cents: 700 }).marginCents,
    ).toBe(35000 - 20000 - 700);
  });

  it('has no margin without a resale price, and a negative one below the cost', () => {
    expect(economicsOf({ ...item, resale_price_cents: null }).marginCents).toBeNull();
    expect(economicsOf({ ...item, resale_price_cents: 10000 }).marginCents).toBe(10000 - 20000 - 4800);
  });
});

describe('moving an item to another stock', () => {
  const movable = { status: 'item_completed_by_price', stock_id: 'a-stock', dispatched_at: null };
  it('is allowed for an item in a stock, not dispatched', () => {
    expect(isMovableToStock(movable)).toBe(true);
    expect(isMovableToStock({ ...movable, status: 'item_refurb_in_progress' })).toBe(true);
  });
  it('is refused for an item in no stock, dispatched, lost, returned, cancelled or in quarantine', () => {
    expect(isMovableToStock({ ...movable, stock_id: null })).toBe(false);
    expect(isMovableToStock({ ...movable, dispatched_at: new Date() })).toBe(false);
    for (const status of [
      'item_in_quarantine',
      'item_returned',
      'item_lost_warehouse',
      'item_lost_transport',
      'item_cancelled',
    ])
      expect(isMovableToStock({ ...movable, status }), status).toBe(false);
  });
});
