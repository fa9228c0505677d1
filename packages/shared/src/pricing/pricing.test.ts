import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_GRADES, type ProductGrade } from '../schemas/catalog';
import {
  applyModifier,
  computePrice,
  declaredStateOf,
  type Modifier,
  type PricingAnswer,
  type PricingInput,
} from './pricing';
import { divideRounded, percentOf } from './rounding';

/** The demo smartphone at 200 € (apps/server/src/seed/catalog-generate.ts). */
const prices: Record<ProductGrade, number> = {
  functional: 20000,
  grade_a: 18000,
  grade_b: 15600,
  grade_c: 12400,
  grade_d: 8400,
  grade_e: 4000,
};

const answer = (
  label: string,
  maxGrade: ProductGrade | null,
  impact: PricingAnswer['impact'] = null,
): PricingAnswer => ({ label, maxGrade, impact });

const input = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  prices,
  answers: [],
  buybackZeroNotAllowed: false,
  ...overrides,
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(1250, 100)).toBe(13);
    expect(divideRounded(-1250, 100)).toBe(-13);
    expect(divideRounded(1249, 100)).toBe(12);
    expect(divideRounded(-1249, 100)).toBe(-12);
    expect(divideRounded(1251, 100)).toBe(13);
    expect(divideRounded(-49, 100)).toBe(0);
    expect(Object.is(divideRounded(-49, 100), 0)).toBe(true);
  });

  it('takes a percentage of cents to the cent', () => {
    expect(percentOf(999, 15)).toBe(150); // 149.85
    expect(percentOf(1050, 5)).toBe(53); // 52.5
    expect(percentOf(1050, -5)).toBe(-53); // −52.5
    expect(percentOf(333, 33)).toBe(110); // 109.89
  });

  it('refuses fractions of a cent or of a percent', () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(1000, 2.5)).toThrow(RangeError);
  });
});

describe('declared state', () => {
  it('is functional when no answer limits the grade', () => {
    expect(declaredStateOf([])).toBe('functional');
    expect(declaredStateOf([{ maxGrade: null }, { maxGrade: null }])).toBe('functional');
  });

  it('is the worst grade any answer allows', () => {
    expect(declaredStateOf([{ maxGrade: 'grade_b' }, { maxGrade: 'grade_d' }, { maxGrade: null }])).toBe(
      'grade_d',
    );
    expect(declaredStateOf([{ maxGrade: 'grade_e' }, { maxGrade: 'grade_a' }])).toBe('grade_e');
  });
});

describe('modifiers', () => {
  const pct = (value: number, capCents: number | null = null): Modifier => ({
    kind: 'percentage',
    value,
    capCents,
  });

  it('a percentage applies to the base price, rounded to the cent', () => {
    expect(applyModifier(15650, pct(10))).toBe(1565);
    expect(applyModifier(15655, pct(10))).toBe(1566); // 1565.5
    expect(applyModifier(15655, pct(-10))).toBe(-1566);
  });

  it('a percentage is capped, keeping its sign', () => {
    expect(applyModifier(20000, pct(10, 1500))).toBe(1500);
    expect(applyModifier(20000, pct(10, 3000))).toBe(2000);
    expect(applyModifier(20000, pct(-10, -1500))).toBe(-1500);
    expect(applyModifier(20000, pct(10, 0))).toBe(0);
    expect(Object.is(applyModifier(20000, pct(-10, 0)), 0)).toBe(true);
  });

  it('a fixed modifier is its value in cents, without cap', () => {
    expect(applyModifier(20000, { kind: 'fixed', value: 500, capCents: 100 })).toBe(500);
    expect(applyModifier(20000, { kind: 'fixed', value: -700, capCents: null })).toBe(-700);
  });

  it('no modifier adds nothing', () => {
    expect(applyModifier(20000, null)).toBe(0);
    expect(applyModifier(20000, undefined)).toBe(0);
  });
});

describe('computePrice', () => {
  it('a smartphone in grade B with a scratched screen, paid by gift card, dropped in store', () => {
    const result = computePrice(
      input({
        answers: [
          answer('Turns on', null),
          answer('Light scratches', 'grade_b', { kind: 'percentage', value: -5 }),
          answer('No charger', null, { kind: 'fixed', value: -1000 }),
        ],
        paymentModifier: { kind: 'percentage', value: 10, capCents: 1500 },
        shippingModifier: { kind: 'fixed', value: 300, capCents: null },
        bonusCents: 500,
      }),
    );
    expect(result).toEqual({
      declaredState: 'grade_b',
      basePriceCents: 15600,
      impactPriceEntries: [
        { label: 'Light scratches', valueCents: -780 },
        { label: 'No charger', valueCents: -1000 },
      ],
      estimatedPriceCents: 13820,
      // 10 % of the base price 15600, not of the estimated 13820.
      paymentModifierCents: 1500,
      shippingModifierCents: 300,
      bonusCents: 500,
      totalCents: 16120,
      zeroRefused: false,
    });
  });

  it('the modifiers use the base price, not the estimated price', () => {
    const result = computePrice(
      input({
        answers: [answer('Cracked back', 'grade_c', { kind: 'fixed', value: -2400 })],
        paymentModifier: { kind: 'percentage', value: 5, capCents: null },
      }),
    );
    expect(result.basePriceCents).toBe(12400);
    expect(result.estimatedPriceCents).toBe(10000);
    expect(result.paymentModifierCents).toBe(620);
    expect(result.totalCents).toBe(10620);
  });

  it('the estimated price never goes below zero', () => {
    const result = computePrice(
      input({ answers: [answer('Broken', 'grade_e', { kind: 'fixed', value: -10000 })] }),
    );
    expect(result.estimatedPriceCents).toBe(0);
    expect(result.totalCents).toBe(0);
  });

  it('a device estimated at zero earns no payment bonus, shipping bonus nor cart bonus', () => {
    // The iCloud-locked phone of issue 10: grade D (84.00) −100 %, paid by voucher at +10 % capped at 7.20.
    const result = computePrice(
      input({
        answers: [answer('Find My (iCloud) locked', 'grade_d', { kind: 'percentage', value: -100 })],
        paymentModifier: { kind: 'percentage', value: 10, capCents: 720 },
        shippingModifier: { kind: 'fixed', value: 300, capCents: null },
        bonusCents: 500,
      }),
    );
    expect(result).toMatchObject({
      basePriceCents: 8400,
      estimatedPriceCents: 0,
      paymentModifierCents: 0,
      shippingModifierCents: 0,
      bonusCents: 0,
      totalCents: 0,
    });
  });

  it('the total never goes below zero, and zero is refused when the product says so', () => {
    const broken = {
      answers: [answer('Broken', 'grade_e', { kind: 'percentage', value: -100 })],
      shippingModifier: { kind: 'fixed', value: -500, capCents: null } as Modifier,
    };
    expect(computePrice(input(broken))).toMatchObject({ totalCents: 0, zeroRefused: false });
    expect(computePrice(input({ ...broken, buybackZeroNotAllowed: true }))).toMatchObject({
      totalCents: 0,
      zeroRefused: true,
    });
  });

  it('a bonus never lifts a zero base price above zero, so zero stays refused', () => {
    const result = computePrice(
      input({
        prices: { ...prices, grade_e: 0 },
        answers: [answer('Does not turn on', 'grade_e')],
        paymentModifier: { kind: 'fixed', value: 720, capCents: null },
        bonusCents: 1000,
        buybackZeroNotAllowed: true,
      }),
    );
    expect(result).toMatchObject({
      basePriceCents: 0,
      paymentModifierCents: 0,
      bonusCents: 0,
      totalCents: 0,
      zeroRefused: true,
    });
  });

  it('an answer with an impact of zero is still listed', () => {
    const result = computePrice(input({ answers: [answer('Box', null, { kind: 'fixed', value: 0 })] }));
    expect(result.impactPriceEntries).toEqual([{ label: 'Box', valueCents: 0 }]);
  });

  it('refuses a price that is not whole cents', () => {
    expect(() => computePrice(input({ prices: { ...prices, functional: 100.5 } }))).toThrow(RangeError);
    expect(() => computePrice(input({ bonusCents: 0.5 }))).toThrow(RangeError);
  });
});

// ---------- properties ----------

const MAX = 5_000_000;
const gradeArb = fc.constantFrom(...PRODUCT_GRADES);
const pricesArb = fc
  .tuple(...PRODUCT_GRADES.map(() => fc.integer({ min: 0, max: MAX })))
  .map(
    (values) =>
      Object.fromEntries(PRODUCT_GRADES.map((g, i) => [g, values[i]])) as Record<ProductGrade, number>,
  );
/** Prices that never rise from functional to grade E (as the demo catalogue's). */
const decreasingPricesArb = pricesArb.map((p) => {
  const sorted = PRODUCT_GRADES.map((g) => p[g]).sort((a, b) => b - a);
  return Object.fromEntries(PRODUCT_GRADES.map((g, i) => [g, sorted[i]])) as Record<ProductGrade, number>;
});
const impactArb = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: -MAX, max: MAX }) }),
    fc.record({ kind: fc.constant('percentage' as const), value: fc.integer({ min: -100, max: 100 }) }),
  ),
);
const answerArb = fc.record({
  label: fc.string({ maxLength: 5 }),
  maxGrade: fc.option(gradeArb),
  impact: impactArb,
});
const percentageArb = fc.record({
  kind: fc.constant('percentage' as const),
  value: fc.integer({ min: -100, max: 100 }),
  capCents: fc.option(fc.integer({ min: -MAX, max: MAX })),
});
const modifierArb = fc.option(
  fc.oneof(
    percentageArb,
    fc.record({
      kind: fc.constant('fixed' as const),
      value: fc.integer({ min: -MAX, max: MAX }),
      capCents: fc.option(fc.integer({ min: -MAX, max: MAX })),
    }),
  ),
);
const inputArb = fc.record({
  prices: pricesArb,
  answers: fc.array(answerArb, { maxLength: 8 }),
  paymentModifier: modifierArb,
  shippingModifier: modifierArb,
  bonusCents: fc.option(fc.integer({ min: -MAX, max: MAX })),
  buybackZeroNotAllowed: fc.boolean(),
});

describe('pricing invariants', () => {
  it('every amount is a whole number of cents', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = computePrice(i);
        const amounts = [
          r.basePriceCents,
          r.estimatedPriceCents,
          r.paymentModifierCents,
          r.shippingModifierCents,
          r.bonusCents,
          r.totalCents,
          ...r.impactPriceEntries.map((e) => e.valueCents),
        ];
        expect(amounts.every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });

  it('a percentage is the exact share rounded half away from zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX, max: MAX }),
        fc.integer({ min: -100, max: 100 }),
        (cents, percent) => {
          const result = percentOf(cents, percent);
          const exact = cents * percent; // hundredths of a cent, exact in a double at this size
          const error = result * 100 - exact;
          // Within half a cent, and a tie (exactly half a cent) goes away from zero.
          expect(Math.abs(error)).toBeLessThanOrEqual(50);
          if (Math.abs(error) === 50) expect(Math.abs(result * 100)).toBeGreaterThan(Math.abs(exact));
          expect(percentOf(cents, -percent)).toBe(-result || 0);
        },
      ),
    );
  });

  it('a percentage modifier never exceeds its cap, and has the sign of its percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), percentageArb, (base, m) => {
        const cents = applyModifier(base, m);
        if (m.capCents !== null) expect(Math.abs(cents)).toBeLessThanOrEqual(Math.abs(m.capCents));
        expect(cents * m.value).toBeGreaterThanOrEqual(0);
        // Below the cap it is the plain percentage of the base.
        if (m.capCents === null || Math.abs(percentOf(base, m.value)) <= Math.abs(m.capCents)) {
          expect(cents).toBe(percentOf(base, m.value));
        }
      }),
    );
  });

  it('the declared state is the worst grade the answers allow', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ maxGrade: fc.option(gradeArb) })), (answers) => {
        const state = declaredStateOf(answers);
        const rank = PRODUCT_GRADES.indexOf(state);
        for (const a of answers)
          if (a.maxGrade) expect(PRODUCT_GRADES.indexOf(a.maxGrade)).toBeLessThanOrEqual(rank);
        if (rank > 0) expect(answers.some((a) => a.maxGrade === state)).toBe(true);
      }),
    );
  });

  it('the steps apply in order: base, impacts, modifiers on the base, bonus, floors at zero', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = computePrice(i);
        expect(r.declaredState).toBe(declaredStateOf(i.answers));
        expect(r.basePriceCents).toBe(i.prices[r.declaredState]);
        const impacts = r.impactPriceEntries.reduce((s, e) => s + e.valueCents, 0);
        expect(r.impactPriceEntries).toHaveLength(i.answers.filter((a) => a.impact).length);
        expect(r.estimatedPriceCents).toBe(Math.max(0, r.basePriceCents + impacts));
        const applies = r.basePriceCents > 0 && r.estimatedPriceCents > 0;
        expect(r.paymentModifierCents).toBe(applies ? applyModifier(r.basePriceCents, i.paymentModifier) : 0);
        expect(r.shippingModifierCents).toBe(
          applies ? applyModifier(r.basePriceCents, i.shippingModifier) : 0,
        );
        expect(r.bonusCents).toBe(applies ? (i.bonusCents ?? 0) : 0);
        expect(r.totalCents).toBe(
          Math.max(
            0,
            r.estimatedPriceCents + r.paymentModifierCents + r.shippingModifierCents + r.bonusCents,
          ),
        );
        expect(r.zeroRefused).toBe(r.totalCents === 0 && i.buybackZeroNotAllowed);
      }),
    );
  });

  it('a zero base price gives a zero total for every payment mode, shipping modifier and bonus', () => {
    const zeroBaseArb = inputArb.map((i) => ({
      ...i,
      prices: Object.fromEntries(PRODUCT_GRADES.map((g) => [g, 0])) as Record<ProductGrade, number>,
      // Answers deduct (a fixed amount or a share); only an answer adding cents gives a worthless state a price.
      answers: i.answers.map((a) =>
        a.impact?.kind === 'fixed' ? { ...a, impact: { ...a.impact, value: -Math.abs(a.impact.value) } } : a,
      ),
    }));
    fc.assert(
      fc.property(zeroBaseArb, (i) => {
        const r = computePrice(i);
        expect(r.basePriceCents).toBe(0);
        expect(r.totalCents).toBe(0);
        expect(r.zeroRefused).toBe(i.buybackZeroNotAllowed);
      }),
    );
  });

  it('a zero estimated price gives a zero total whatever the modifiers and the bonus', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = computePrice(i);
        if (r.estimatedPriceCents === 0 || r.basePriceCents === 0) {
          expect(r.paymentModifierCents).toBe(0);
          expect(r.shippingModifierCents).toBe(0);
          expect(r.bonusCents).toBe(0);
          expect(r.totalCents).toBe(r.estimatedPriceCents);
        }
      }),
    );
  });

  it('the modifiers do not depend on the answer impacts while the estimate stays above zero', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const withoutImpacts = computePrice({
          ...i,
          answers: i.answers.map((a) => ({ ...a, impact: null })),
        });
        const r = computePrice(i);
        if (r.estimatedPriceCents === 0) return;
        expect(r.paymentModifierCents).toBe(withoutImpacts.paymentModifierCents);
        expect(r.shippingModifierCents).toBe(withoutImpacts.shippingModifierCents);
      }),
    );
  });

  it('no amount that ends a step is negative', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const r = computePrice(i);
        expect(r.estimatedPriceCents).toBeGreaterThanOrEqual(0);
        expect(r.totalCents).toBeGreaterThanOrEqual(0);
        expect(Object.is(r.totalCents, -0)).toBe(false);
      }),
    );
  });

  it('a worse declared state never raises the base price when prices decrease with the grade', () => {
    fc.assert(
      fc.property(
        decreasingPricesArb,
        fc.array(answerArb, { maxLength: 6 }),
        gradeArb,
        (p, answers, extra) => {
          const before = computePrice(input({ prices: p, answers }));
          const after = computePrice(input({ prices: p, answers: [...answers, answer('worse', extra)] }));
          expect(PRODUCT_GRADES.indexOf(after.declaredState)).toBeGreaterThanOrEqual(
            PRODUCT_GRADES.indexOf(before.declaredState),
          );
          expect(after.basePriceCents).toBeLessThanOrEqual(before.basePriceCents);
        },
      ),
    );
  });

  it('a larger bonus never lowers the total', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: MAX }), (i, more) => {
        const r = computePrice(i);
        const richer = computePrice({ ...i, bonusCents: (i.bonusCents ?? 0) + more });
        expect(richer.totalCents).toBeGreaterThanOrEqual(r.totalCents);
      }),
    );
  });
});
