import { describe, expect, it } from 'vitest';
import { effectiveDimensions } from './effective-dimensions';

const none = { length: null, width: null, height: null, weight: null };

describe('effective dimensions', () => {
  it('keeps the product’s own values', () => {
    const own = { length: 15, width: 7, height: 1, weight: 180 };
    expect(effectiveDimensions(own, [{ length: 30, width: 20, height: 5, weight: 500 }])).toEqual(own);
  });

  it('inherits each empty value from the main category, then from its nearest ancestor', () => {
    const main = { length: null, width: 8, height: null, weight: 200 };
    const parent = { length: 16, width: 10, height: null, weight: 300 };
    const root = { length: 40, width: 30, height: 2, weight: 1000 };
    expect(effectiveDimensions({ ...none, weight: 170 }, [main, parent, root])).toEqual({
      length: 16,
      width: 8,
      height: 2,
      weight: 170,
    });
  });

  it('stays empty when no category defines the value', () => {
    expect(effectiveDimensions(none, [none])).toEqual(none);
  });
});
