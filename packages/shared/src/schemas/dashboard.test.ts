import { describe, expect, it } from 'vitest';
import { CO2E_AVOIDED_GRAMS, DEVICE_KINDS, deviceKindOf } from '../eco-impact';
import {
  addWeeks,
  averagesOf,
  controlOutcomeOf,
  DeviceHistoryQuery,
  EMPTY_FIGURES,
  isWeekStart,
  previousWeekStart,
  weekBounds,
  weekOnWeekChange,
  weekStartOf,
} from './dashboard';

describe('statistics weeks (ISO weeks, UTC)', () => {
  it('a week starts on a Monday that exists', () => {
    expect(isWeekStart('2026-11-23')).toBe(true);
    expect(isWeekStart('2026-11-24')).toBe(false);
    expect(isWeekStart('2026-02-30')).toBe(false);
    expect(isWeekStart('23/11/2026')).toBe(false);
  });

  it('the Monday job at any moment of a week computes the whole week before', () => {
    expect(previousWeekStart(new Date('2026-11-30T03:00:00Z'))).toBe('2026-11-23');
    expect(previousWeekStart(new Date('2026-12-06T23:59:59.999Z'))).toBe('2026-11-23');
    expect(previousWeekStart(new Date('2027-01-01T10:00:00Z'))).toBe('2026-12-21');
  });

  it('a week runs from its Monday 00:00 to the next Monday 00:00', () => {
    expect(weekStartOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(weekBounds('2026-11-23')).toEqual({
      from: new Date('2026-11-23T00:00:00Z'),
      to: new Date('2026-11-30T00:00:00Z'),
    });
    expect(addWeeks('2026-01-05', -1)).toBe('2025-12-29');
  });
});

describe('figures derived for the screen', () => {
  it('averages are null without anything to average', () => {
    expect(averagesOf(EMPTY_FIGURES)).toEqual({
      priceCents: null,
      refurbishmentCostCents: null,
      refurbishmentHours: null,
    });
    expect(
      averagesOf({
        ...EMPTY_FIGURES,
        buybacks: { count: 3, valueCents: 10_000 },
        refurbishment: { count: 2, costCents: 8_001, timedCount: 2, durationSeconds: 58 * 3600 },
      }),
    ).toEqual({ priceCents: 3333, refurbishmentCostCents: 4001, refurbishmentHours: 29 });
  });

  it('the week-on-week change is a rounded percentage, none when the week before had nothing', () => {
    expect(weekOnWeekChange(15, 10)).toBe(50);
    expect(weekOnWeekChange(1, 3)).toBe(-67);
    expect(weekOnWeekChange(5, 0)).toBeNull();
  });
});

describe('control outcomes and device kinds', () => {
  it('names the outcome an item event records', () => {
    expect(controlOutcomeOf('control', 'item_completed_by_price')).toBe('by_price');
    expect(controlOutcomeOf('control', 'item_completed_with_absorption')).toBe('absorption');
    expect(controlOutcomeOf('control', 'item_completed')).toBe('completed');
    expect(controlOutcomeOf('counter_offer', 'item_awaiting_compliancy_tests')).toBe('counter_offer');
    expect(controlOutcomeOf('litigation_accepted', 'item_completed_with_negociation')).toBe(
      'counter_offer_accepted',
    );
    expect(controlOutcomeOf('quarantine', 'item_in_quarantine')).toBe('quarantine');
    expect(controlOutcomeOf('checkin', 'item_registered_in_warehouse')).toBeNull();
  });

  it('a device kind comes from its root category identifier; every kind has a factor', () => {
    expect(deviceKindOf('smartphones')).toBe('smartphones');
    expect(deviceKindOf('laptops-pro')).toBe('laptops');
    expect(deviceKindOf('smartphonesx')).toBe('other');
    expect(deviceKindOf(null)).toBe('other');
    for (const kind of DEVICE_KINDS) expect(CO2E_AVOIDED_GRAMS[kind]).toBeGreaterThan(0);
  });
});

describe('device history query', () => {
  const codes = (query: Record<string, string>) => {
    const parsed = DeviceHistoryQuery.safeParse(query);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it('takes an IMEI of 15 to 17 digits or a serial number, exactly one', () => {
    expect(codes({ imei: '356789012345678' })).toEqual([]);
    expect(codes({ imei: '35678901234567890' })).toEqual([]);
    expect(codes({ imei: '35678901234567' })).toEqual(['imei_invalid']);
    expect(codes({ imei: '35678901234567a' })).toEqual(['imei_invalid']);
    expect(codes({ serial: 'C02XK1ABJG5J' })).toEqual([]);
    expect(codes({ serial: 'ab' })).toEqual(['serial_number_invalid']);
    expect(codes({})).toEqual(['device_search_required']);
    expect(codes({ imei: '356789012345678', serial: 'C02XK1ABJG5J' })).toEqual(['device_search_required']);
  });
});
