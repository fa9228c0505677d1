import { describe, expect, it } from 'vitest';
import { type AbsorptionPolicy, absorptionAllowance, controlDecision } from './control.rules';

const policy = (over: Partial<AbsorptionPolicy> = {}): AbsorptionPolicy => ({
  type: 'by_value',
  value: 1000,
  premiumEnabled: true,
  ...over,
});
const prices = (declaredCents: number, controlledCents: number) => ({ declaredCents, controlledCents });

describe('the outcome of a control', () => {
  it('completes by price when the controlled price equals the declared one', () => {
    expect(controlDecision(prices(20000, 20000), policy())).toEqual({
      outcome: 'by_price',
      validatedPriceCents: 20000,
      absorbedCents: 0,
      allowanceCents: 1000,
    });
  });

  it('completes by price at the declared price when the controlled price is higher', () => {
    expect(controlDecision(prices(15000, 18000), policy({ type: 'none' }))).toMatchObject({
      outcome: 'by_price',
      validatedPriceCents: 15000,
      absorbedCents: 0,
    });
  });

  it('by value: absorbs a difference up to the value in cents, and not one cent more', () => {
    expect(controlDecision(prices(20000, 19000), policy())).toEqual({
      outcome: 'absorption',
      validatedPriceCents: 20000,
      absorbedCents: 1000,
      allowanceCents: 1000,
    });
    expect(controlDecision(prices(20000, 18999), policy())).toEqual({
      outcome: 'counter_offer',
      validatedPriceCents: 18999,
      absorbedCents: 0,
      allowanceCents: 1000,
    });
  });

  it('percentage of the controlled amount: the share is taken of the controlled price', () => {
    const tenPercent = policy({ type: 'percentage_of_controlled_amount', value: 10 });
    // 10 % of 18000 = 1800: a difference of 1800 is absorbed
    expect(controlDecision(prices(19800, 18000), tenPercent)).toMatchObject({
      outcome: 'absorption',
      absorbedCents: 1800,
      allowanceCents: 1800,
    });
    // 10 % of 17999 = 1799.9: a difference of 1801 is not
    expect(controlDecision(prices(19800, 17999), tenPercent)).toMatchObject({
      outcome: 'counter_offer',
      validatedPriceCents: 17999,
      allowanceCents: 1799,
    });
  });

  it('percentage of the declared amount: the share is taken of the declared price', () => {
    const tenPercent = policy({ type: 'percentage_of_declared_amount', value: 10 });
    // 10 % of 20000 = 2000
    expect(controlDecision(prices(20000, 18000), tenPercent)).toMatchObject({
      outcome: 'absorption',
      validatedPriceCents: 20000,
      absorbedCents: 2000,
    });
    expect(controlDecision(prices(20000, 17999), tenPercent)).toMatchObject({
      outcome: 'counter_offer',
      validatedPriceCents: 17999,
    });
  });

  it('a percentage share is rounded down to the cent: one cent past it is not absorbed', () => {
    // 15 % of 10001 = 1500.15, so 1500 is the most absorbed
    const share = policy({ type: 'percentage_of_declared_amount', value: 15 });
    expect(absorptionAllowance(share, prices(10001, 8501))).toBe(1500);
    expect(controlDecision(prices(10001, 8501), share).outcome).toBe('absorption');
    expect(controlDecision(prices(10001, 8500), share).outcome).toBe('counter_offer');
  });

  it('absorbs nothing without the premium feature, whatever the category says', () => {
    for (const type of [
      'by_value',
      'percentage_of_controlled_amount',
      'percentage_of_declared_amount',
    ] as const)
      expect(
        controlDecision(prices(20000, 19999), policy({ type, value: 50, premiumEnabled: false })),
      ).toEqual({
        outcome: 'counter_offer',
        validatedPriceCents: 19999,
        absorbedCents: 0,
        allowanceCents: null,
      });
  });

  it('absorbs nothing when the category says none', () => {
    expect(controlDecision(prices(20000, 19999), policy({ type: 'none', value: 0 }))).toMatchObject({
      outcome: 'counter_offer',
      allowanceCents: null,
    });
  });

  it('a controlled price of zero is a counter-offer at zero unless a value covers the whole price', () => {
    expect(
      controlDecision(prices(5000, 0), policy({ type: 'percentage_of_controlled_amount', value: 100 })),
    ).toMatchObject({ outcome: 'counter_offer', validatedPriceCents: 0, allowanceCents: 0 });
    expect(controlDecision(prices(5000, 0), policy({ type: 'by_value', value: 5000 }))).toMatchObject({
      outcome: 'absorption',
      absorbedCents: 5000,
    });
  });
});
