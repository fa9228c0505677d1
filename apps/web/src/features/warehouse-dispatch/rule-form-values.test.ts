import {
  WarehouseDispatchRuleForm,
  WarehouseDispatchRuleRequest,
  type WarehouseDispatchRuleResponse,
} from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { conditionRow, emptyRule, ruleFormValues, toRuleRequest } from './rule-form-values';

const ROUBAIX = '00000000-0000-4000-8000-000000000303';
const SAINT_PRIEST = '00000000-0000-4000-8000-000000000302';
const BUYER = '00000000-0000-4000-8000-000000000300';

const filled = () => ({
  ...emptyRule(),
  title: 'Apple à Roubaix',
  conditions: [conditionRow('brand', 'is', ['Apple']), conditionRow('productState', 'is_not', ['grade_e'])],
  warehouseIds: [ROUBAIX],
  defaultWarehouseId: ROUBAIX,
});

const issuesOf = (values: unknown) => {
  const result = WarehouseDispatchRuleForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('warehouse dispatch rule form values', () => {
  it('a filled form is a valid request, conditions in their order without row keys', () => {
    const request = toRuleRequest(filled(), null);
    expect(WarehouseDispatchRuleRequest.safeParse(request).success).toBe(true);
    expect(request).toEqual({
      title: 'Apple à Roubaix',
      conditions: [
        { attribute: 'brand', operator: 'is', values: ['Apple'] },
        { attribute: 'productState', operator: 'is_not', values: ['grade_e'] },
      ],
      warehouseIds: [ROUBAIX],
      defaultWarehouseId: ROUBAIX,
    });
    expect(toRuleRequest(filled(), BUYER).accountId).toBe(BUYER);
  });

  it('a new rule starts with one empty brand condition, which the form refuses with the rules of section 5', () => {
    expect(emptyRule().conditions).toMatchObject([{ attribute: 'brand', operator: 'is', values: [] }]);
    expect(issuesOf({ ...filled(), conditions: [] })).toEqual(['conditions: at_least_one_condition']);
    expect(issuesOf({ ...filled(), conditions: [conditionRow('brand', 'is', [])] })).toEqual([
      'conditions.0.values: at_least_one_value',
    ]);
    expect(issuesOf({ ...filled(), warehouseIds: [], defaultWarehouseId: ROUBAIX })).toEqual([
      'warehouseIds: at_least_one_destination',
      'defaultWarehouseId: default_warehouse_not_destination',
    ]);
    expect(issuesOf({ ...filled(), defaultWarehouseId: SAINT_PRIEST })).toEqual([
      'defaultWarehouseId: default_warehouse_not_destination',
    ]);
  });

  it('an edited rule starts from the saved one', () => {
    const saved: WarehouseDispatchRuleResponse = {
      id: '00000000-0000-4000-8000-000000000999',
      accountId: BUYER,
      title: 'Consoles',
      position: 0,
      conditions: [{ attribute: 'circuit', operator: 'is', values: ['store_drop'], labels: ['store_drop'] }],
      warehouses: [
        { id: ROUBAIX, commonName: 'Atelier Roubaix' },
        { id: SAINT_PRIEST, commonName: 'Entrepôt Saint-Priest' },
      ],
      defaultWarehouse: { id: SAINT_PRIEST, commonName: 'Entrepôt Saint-Priest' },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
    };
    expect(ruleFormValues(saved)).toMatchObject({
      title: 'Consoles',
      conditions: [{ attribute: 'circuit', operator: 'is', values: ['store_drop'] }],
      warehouseIds: [ROUBAIX, SAINT_PRIEST],
      defaultWarehouseId: SAINT_PRIEST,
    });
  });
});
