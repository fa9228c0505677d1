import type {
  DispatchAttribute,
  DispatchOperator,
  WarehouseDispatchRuleRequest,
  WarehouseDispatchRuleResponse,
} from '@reprise/shared';

export interface ConditionRow {
  /** Stable key of the row while it is edited (not sent). */
  key: string;
  attribute: DispatchAttribute;
  operator: DispatchOperator;
  values: string[];
}

export interface RuleFormValues {
  title: string;
  conditions: ConditionRow[];
  warehouseIds: string[];
  defaultWarehouseId: string | null;
}

let nextKey = 0;
export const conditionRow = (
  attribute: DispatchAttribute = 'brand',
  operator: DispatchOperator = 'is',
  values: string[] = [],
): ConditionRow => {
  nextKey += 1;
  return { key: `condition-${nextKey}`, attribute, operator, values };
};

/** A new rule starts with one empty brand condition. */
export const emptyRule = (): RuleFormValues => ({
  title: '',
  conditions: [conditionRow()],
  warehouseIds: [],
  defaultWarehouseId: null,
});

export const ruleFormValues = (rule: WarehouseDispatchRuleResponse): RuleFormValues => ({
  title: rule.title,
  conditions: rule.conditions.map((c) => conditionRow(c.attribute, c.operator, [...c.values])),
  warehouseIds: rule.warehouses.map((w) => w.id),
  defaultWarehouseId: rule.defaultWarehouse.id,
});

/** What the API takes (a platform operator names the buyer account of a new rule). */
export const toRuleRequest = (
  values: RuleFormValues,
  accountId: string | null,
): WarehouseDispatchRuleRequest => ({
  ...(accountId ? { accountId } : {}),
  title: values.title,
  conditions: values.conditions.map(({ attribute, operator, values: v }) => ({
    attribute,
    operator,
    values: v,
  })),
  warehouseIds: values.warehouseIds,
  defaultWarehouseId: values.defaultWarehouseId as string,
});
