import { type CategoryResponse, CreateCategoryRequest } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  categoryFormValues,
  categoryPatch,
  suggestIdentifier,
  toCategoryRequest,
} from './category-form-values';

const BUYER = '00000000-0000-4000-8000-000000000300';
const WAREHOUSE = '00000000-0000-4000-8000-000000000302';

const category: CategoryResponse = {
  id: '00000000-0000-4000-9000-000000000002',
  accountId: '00000000-0000-4000-8000-000000000200',
  organizationId: '00000000-0000-4000-8000-000000000201',
  identifier: 'smartphones-apple',
  label: 'Apple',
  image: null,
  description: null,
  parentCategory: {
    id: '00000000-0000-4000-9000-000000000001',
    identifier: 'smartphones',
    label: 'Smartphones',
  },
  children: [],
  hasChildren: false,
  childrenDescription: null,
  defaultWeight: 190,
  defaultHeight: null,
  defaultLength: 16,
  defaultWidth: null,
  absorptionType: 'by_value',
  absorptionValue: 1250,
  status: 'active',
  highlightedInstruction: null,
  buyerAccountId: BUYER,
  buyerAccountName: 'Demo Buyer',
  referringWarehouseIds: [WAREHOUSE],
  referringWarehouses: [{ id: WAREHOUSE, commonName: 'Entrepôt Saint-Priest' }],
  numberOfProducts: 3,
  numberOfPublishedProducts: 2,
  productCount: { web: 2, store: 2 },
  numberOfQuestions: 1,
  createdAt: '2026-01-05T10:00:00.000Z',
  translations: {},
  updatedAt: '2026-01-05T10:00:00.000Z',
};

describe('category form', () => {
  it('suggests an identifier from the label', () => {
    expect(suggestIdentifier('Téléphones & tablettes')).toBe('telephones-tablettes');
    expect(suggestIdentifier('  Écouteurs_sans fil (2024) ')).toBe('ecouteurs_sans-fil-2024');
    expect(suggestIdentifier('***')).toBe('');
  });

  it('shows an absorption by value in currency units and sends it in cents', () => {
    const values = categoryFormValues(category);
    expect(values.absorptionValue).toBe(12.5);
    expect(CreateCategoryRequest.parse(toCategoryRequest(values, false)).absorptionValue).toBe(1250);
  });

  it('sends 0 without absorption and leaves a missing weight for the schema to require', () => {
    const values = {
      ...categoryFormValues(),
      label: 'Montres',
      identifier: 'montres',
      buyerAccountId: BUYER,
    };
    const request = toCategoryRequest({ ...values, referringWarehouseIds: [WAREHOUSE] }, false);
    expect(request.absorptionValue).toBe(0);
    const result = CreateCategoryRequest.safeParse(request);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['defaultWeight', 'required'],
    ]);
  });

  it('patches only what changed, never the buyer', () => {
    const initial = categoryFormValues(category);
    expect(categoryPatch(initial, initial)).toEqual({});
    expect(
      categoryPatch(initial, {
        ...initial,
        label: 'Apple iPhone',
        defaultHeight: 2,
        buyerAccountId: WAREHOUSE,
      }),
    ).toEqual({ label: 'Apple iPhone', defaultHeight: 2 });
  });
});
