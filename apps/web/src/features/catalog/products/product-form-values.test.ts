import { type CategoryResponse, CreateProductRequest, type ProductResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { inheritedMeasures, productFormValues, productPatch, toProductRequest } from './product-form-values';

const PHONES = '00000000-0000-4000-9000-000000000001';
const APPLE = '00000000-0000-4000-9000-000000000002';
const AUDIO = '00000000-0000-4000-9000-000000000018';

const product: ProductResponse = {
  id: '00000000-0000-4000-a000-000000000054',
  accountId: '00000000-0000-4000-8000-000000000200',
  name: 'Apple iPhone 15 Pro Max 1 To',
  brand: 'Apple',
  model: 'iPhone 15 Pro Max',
  reference: null,
  eanCode: '0194252000847',
  tacCodes: ['35116021', '01116021'],
  isCollectingIMEI: true,
  mainCategoryId: APPLE,
  mainCategory: { id: APPLE, identifier: 'smartphones-apple', label: 'Apple' },
  secondaryCategoryIds: [],
  secondaryCategories: [],
  image: null,
  imageHd: null,
  commentForSeller: null,
  status: 'published',
  buybackPrices: {
    functional: 101700,
    grade_a: 91500,
    grade_b: 79300,
    grade_c: 63100,
    grade_d: 42700,
    grade_e: 20350,
  },
  buybackZeroNotAllowed: false,
  length: null,
  width: null,
  height: null,
  weight: 221,
  effectiveLength: 16,
  effectiveWidth: 8,
  effectiveHeight: 1,
  effectiveWeight: 221,
  buyerReference: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  translations: {},
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function category(id: string, parent: string | null, defaults: Partial<CategoryResponse>): CategoryResponse {
  return {
    id,
    parentCategory: parent ? { id: parent, identifier: parent, label: parent } : null,
    defaultWeight: 100,
    defaultHeight: null,
    defaultLength: null,
    defaultWidth: null,
    ...defaults,
  } as CategoryResponse;
}

describe('product form', () => {
  it('shows prices in currency units and sends them in cents', () => {
    const values = productFormValues(product);
    expect(values.buybackPrices.grade_e).toBe(203.5);
    expect(values.tacCodes).toBe('35116021, 01116021');
    const request = CreateProductRequest.parse(toProductRequest(values));
    expect(request.buybackPrices).toEqual(product.buybackPrices);
    expect(request.tacCodes).toEqual(product.tacCodes);
  });

  it('requires every grade price and a main category', () => {
    const values = { ...productFormValues(), name: 'Pixel 8' };
    const result = CreateProductRequest.safeParse(toProductRequest(values));
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('mainCategoryId');
    expect(paths).toContain('buybackPrices.grade_a');
  });

  it('rejects a price above 50000 and a malformed TAC', () => {
    const values = productFormValues(product);
    const request = toProductRequest({
      ...values,
      tacCodes: '3511602, 01116021',
      buybackPrices: { ...values.buybackPrices, grade_a: 50000.01 },
    });
    const messages = CreateProductRequest.safeParse(request).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['invalid_tac', 'price_range']));
  });

  it('does not send the main category as a secondary one', () => {
    const values = { ...productFormValues(product), secondaryCategoryIds: [APPLE, AUDIO] };
    expect(toProductRequest(values).secondaryCategoryIds).toEqual([AUDIO]);
  });

  it('patches only what changed', () => {
    const initial = productFormValues(product);
    expect(productPatch(initial, initial)).toEqual({});
    const changed = {
      ...initial,
      status: 'draft' as const,
      buybackPrices: { ...initial.buybackPrices, grade_b: 700 },
    };
    expect(productPatch(initial, changed)).toEqual({
      status: 'draft',
      buybackPrices: { ...product.buybackPrices, grade_b: 70000 },
    });
  });

  it('inherits each measure from the nearest category that has it', () => {
    const categories = new Map([
      [PHONES, category(PHONES, null, { defaultWeight: 200, defaultHeight: 2, defaultLength: 15 })],
      [APPLE, category(APPLE, PHONES, { defaultWeight: 190, defaultLength: 16 })],
    ]);
    expect(inheritedMeasures(APPLE, categories)).toEqual({ length: 16, width: null, height: 2, weight: 190 });
    expect(inheritedMeasures(null, categories)).toEqual({
      length: null,
      width: null,
      height: null,
      weight: null,
    });
  });
});
