import { describe, expect, it } from 'vitest';
import { absorptionViolation, deletionViolations, isOwnDescendant } from './category-rules';

describe('category absorption', () => {
  it('allows 0, and only 0, without absorption', () => {
    expect(absorptionViolation('none', 0)).toBeNull();
    expect(absorptionViolation('none', 5)?.code).toBe('absorption_value_without_type');
  });

  it('needs a value above 0 with an absorption type', () => {
    expect(absorptionViolation('by_value', 0)?.code).toBe('absorption_value_required');
    expect(absorptionViolation('by_value', 150_000)).toBeNull();
  });

  it('bounds the percentages to 100', () => {
    expect(absorptionViolation('percentage_of_declared_amount', 100)).toBeNull();
    expect(absorptionViolation('percentage_of_controlled_amount', 101)?.code).toBe('percentage_range');
  });
});

describe('category tree rules', () => {
  it('refuses a parent that is the category itself or below it', () => {
    expect(isOwnDescendant('/r/c/', '/r/c/')).toBe(true);
    expect(isOwnDescendant('/r/c/', '/r/c/d/')).toBe(true);
    expect(isOwnDescendant('/r/c/', '/r/')).toBe(false);
    expect(isOwnDescendant('/r/c/', '/r/x/')).toBe(false);
  });

  it('names every reason that keeps a category from being deleted', () => {
    expect(deletionViolations({ products: 2, questions: 1, children: 3 }).map((v) => v.propertyPath)).toEqual(
      ['products', 'questions', 'children'],
    );
    expect(deletionViolations({ products: 0, questions: 0, children: 0 })).toEqual([]);
  });
});
