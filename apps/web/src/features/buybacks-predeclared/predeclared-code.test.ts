import type { BuybackResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { lookupOf, normaliseCode } from './predeclared-code';

describe('the code of a pre-declared buyback', () => {
  it('accepts exactly 13 digits, spaces ignored', () => {
    expect(normaliseCode('2000000000015')).toBe('2000000000015');
    expect(normaliseCode(' 200 0000 000015 ')).toBe('2000000000015');
  });

  it.each(['', '200000000001', '20000000000155', '20000000000A5', '2000-000000015'])(
    '%j is not recognised',
    (input) => {
      expect(normaliseCode(input)).toBeNull();
    },
  );

  it('only a pre-declared buyback that may be finalised is eligible', () => {
    const buyback = (predeclared: boolean, finalize: boolean) =>
      ({ predeclared, allowedActions: { finalize } }) as unknown as BuybackResponse;
    expect(lookupOf(buyback(true, true)).kind).toBe('eligible');
    expect(lookupOf(buyback(false, false)).kind).toBe('not_eligible');
    expect(lookupOf(buyback(true, false)).kind).toBe('not_eligible');
  });
});
