import { CreateProductRequest, PRODUCT_GRADES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorCodes, fieldOf } from './form-paths';

const issuesOf = (values: unknown) => {
  const result = CreateProductRequest.safeParse(values);
  return result.success ? [] : result.error.issues;
};

const product = {
  name: 'iPhone 13',
  status: 'draft',
  tacCodes: '',
  isCollectingIMEI: false,
  mainCategoryId: '00000000-0000-4000-8000-000000000001',
  secondaryCategoryIds: [],
  buybackPrices: Object.fromEntries(PRODUCT_GRADES.map((grade) => [grade, 1000])),
  buybackZeroNotAllowed: false,
};

describe('form errors from the shared schemas', () => {
  it('reports invalid TAC codes once, on the TAC codes field', () => {
    const values = { ...product, tacCodes: '123, 4567, 35123456' };
    expect(fieldErrorCodes(values, issuesOf(values))).toEqual({ tacCodes: 'invalid_tac' });
  });

  it('says an empty required name is required, not too short', () => {
    const values = { ...product, name: '  ' };
    expect(fieldErrorCodes(values, issuesOf(values))).toEqual({ name: 'required' });
  });

  it('says a name of one letter is too short', () => {
    const values = { ...product, name: 'a' };
    expect(fieldErrorCodes(values, issuesOf(values))).toEqual({ name: 'too_short' });
  });

  it('says a missing main category is required', () => {
    const values = { ...product, mainCategoryId: undefined };
    expect(fieldErrorCodes(values, issuesOf(values))).toEqual({ mainCategoryId: 'required' });
  });

  it('keeps the path into a list of objects, and stops at a list of plain values', () => {
    const values = { modules: [{ organizationId: '' }], tags: ['a', 'b'] };
    expect(fieldOf(values, ['modules', 0, 'organizationId']).path).toBe('modules.0.organizationId');
    expect(fieldOf(values, ['tags', 1]).path).toBe('tags');
  });
});
