import { describe, expect, it } from 'vitest';
import {
  chooseDestination,
  type DispatchRule,
  type DispatchSubject,
  destinationOf,
  distanceKm,
  ruleMatches,
} from './dispatch-matching';

const PARIS = { latitude: 48.8593, longitude: 2.3464 };
const ROUBAIX = { latitude: 50.6775, longitude: 3.1956 };
const SAINT_PRIEST = { latitude: 45.7101, longitude: 4.9328 };

const subject: DispatchSubject = {
  brand: 'Apple',
  categoryIds: ['top', 'apple'],
  circuitType: 'store_drop',
  productState: 'grade_b',
};

const rule = (over: Partial<DispatchRule> = {}): DispatchRule => ({
  id: 'r1',
  conditions: [{ attribute: 'brand', operator: 'is', values: ['apple'] }],
  defaultWarehouseId: 'sp',
  destinations: [
    { id: 'sp', active: true, coordinates: SAINT_PRIEST },
    { id: 'rbx', active: true, coordinates: ROUBAIX },
  ],
  ...over,
});

describe('warehouse dispatch matching', () => {
  it('compares brands whatever their case and spaces; a product without brand is no brand', () => {
    expect(ruleMatches(rule(), subject)).toBe(true);
    expect(ruleMatches(rule(), { ...subject, brand: ' APPLE ' })).toBe(true);
    expect(ruleMatches(rule(), { ...subject, brand: null })).toBe(false);
    const notApple = rule({ conditions: [{ attribute: 'brand', operator: 'is_not', values: ['Apple'] }] });
    expect(ruleMatches(notApple, { ...subject, brand: null })).toBe(true);
  });

  it('needs every condition to hold, and at least one condition', () => {
    const both = rule({
      conditions: [
        { attribute: 'category', operator: 'is', values: ['top'] },
        { attribute: 'productState', operator: 'is_not', values: ['grade_b'] },
      ],
    });
    expect(ruleMatches(both, subject)).toBe(false);
    expect(ruleMatches(both, { ...subject, productState: 'grade_a' })).toBe(true);
    expect(ruleMatches(rule({ conditions: [] }), subject)).toBe(false);
    const circuit = rule({ conditions: [{ attribute: 'circuit', operator: 'is', values: ['web_post'] }] });
    expect(ruleMatches(circuit, subject)).toBe(false);
  });

  it('measures great-circle distances', () => {
    expect(Math.round(distanceKm(PARIS, ROUBAIX))).toBeGreaterThan(200);
    expect(Math.round(distanceKm(PARIS, ROUBAIX))).toBeLessThan(220);
    expect(distanceKm(PARIS, SAINT_PRIEST)).toBeGreaterThan(distanceKm(PARIS, ROUBAIX));
  });

  it('sends to the nearest active destination, else the default, else the first active one', () => {
    expect(destinationOf(rule(), PARIS)).toBe('rbx');
    expect(destinationOf(rule(), null)).toBe('sp');
    const roubaixClosed = rule({
      destinations: [
        { id: 'sp', active: true, coordinates: SAINT_PRIEST },
        { id: 'rbx', active: false, coordinates: ROUBAIX },
      ],
    });
    expect(destinationOf(roubaixClosed, PARIS)).toBe('sp');
    const defaultClosed = rule({
      destinations: [
        { id: 'sp', active: false, coordinates: null },
        { id: 'rbx', active: true, coordinates: null },
      ],
    });
    expect(destinationOf(defaultClosed, PARIS)).toBe('rbx');
    expect(
      destinationOf(rule({ destinations: [{ id: 'sp', active: false, coordinates: null }] }), PARIS),
    ).toBeNull();
  });

  it('takes the first matching rule; one left without an active warehouse leaves the choice to the circuit', () => {
    const samsung = rule({
      id: 'samsung',
      conditions: [{ attribute: 'brand', operator: 'is', values: ['Samsung'] }],
    });
    expect(chooseDestination([samsung, rule({ id: 'apple' })], subject, PARIS)).toEqual({
      warehouseId: 'rbx',
      ruleId: 'apple',
    });
    expect(chooseDestination([samsung], subject, PARIS)).toBeNull();
    const closed = rule({ id: 'closed', destinations: [{ id: 'sp', active: false, coordinates: null }] });
    expect(chooseDestination([closed, rule({ id: 'apple' })], subject, PARIS)).toBeNull();
  });
});
