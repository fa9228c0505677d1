import { z } from 'zod';
import { PRODUCT_GRADES } from '../enums';
import { BUYBACK_CIRCUIT_TYPES } from './buybacks';
import { queryPage } from './common';

/**
 * Warehouse dispatch rules: a buyer account's ordered rules that
 * choose the warehouse a new buyback goes to. The first rule whose conditions all hold sends it to
 * one of its destination warehouses (the nearest to the store, else the rule's default); when none
 * matches, the circuit's rules decide.
 */

/** What a condition compares: the product's brand, the buyback's category, its circuit type, its declared state. */
export const DISPATCH_ATTRIBUTES = ['brand', 'category', 'circuit', 'productState'] as const;
export type DispatchAttribute = (typeof DISPATCH_ATTRIBUTES)[number];

export const DISPATCH_OPERATORS = ['is', 'is_not'] as const;
export type DispatchOperator = (typeof DISPATCH_OPERATORS)[number];

export const DISPATCH_RULE_TITLE_MAX = 255;
export const DISPATCH_RULE_MAX_CONDITIONS = 20;
const DISPATCH_CONDITION_MAX_VALUES = 200;
const DISPATCH_RULE_MAX_WAREHOUSES = 100;

/** A value that may be missing: `required` when absent, `invalid_uuid` when malformed. */
const uuidField = () =>
  z.uuid({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid_uuid'),
  });

export const WarehouseDispatchCondition = z.object({
  attribute: z.enum(DISPATCH_ATTRIBUTES, { message: 'invalid_value' }),
  operator: z.enum(DISPATCH_OPERATORS, { message: 'invalid_value' }),
  values: z
    .array(z.string().trim().min(1, { message: 'required' }).max(255, { message: 'too_long' }))
    .max(DISPATCH_CONDITION_MAX_VALUES, { message: 'too_many' }),
});
export type WarehouseDispatchCondition = z.infer<typeof WarehouseDispatchCondition>;

const ruleFields = {
  title: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(DISPATCH_RULE_TITLE_MAX, { message: 'too_long' }),
  conditions: z.array(WarehouseDispatchCondition).max(DISPATCH_RULE_MAX_CONDITIONS, { message: 'too_many' }),
  /** The destination warehouses. */
  warehouseIds: z.array(z.uuid({ message: 'invalid_uuid' })).max(DISPATCH_RULE_MAX_WAREHOUSES, {
    message: 'too_many',
  }),
  /** One of the destinations: where the buyback goes when the nearest cannot be told. */
  defaultWarehouseId: uuidField(),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is one a condition on this attribute may hold (brands are free text). */
export function isDispatchValue(attribute: DispatchAttribute, value: string): boolean {
  switch (attribute) {
    case 'circuit':
      return (BUYBACK_CIRCUIT_TYPES as readonly string[]).includes(value);
    case 'productState':
      return (PRODUCT_GRADES as readonly string[]).includes(value);
    case 'category':
      return UUID.test(value);
    default:
      return true;
  }
}

/**
 * The rules a rule breaks, as paths and codes: at least one condition,
 * each with at least one value the attribute allows, at least one destination, the default among
 * them. The server answers them (with the account's own checks); the form shows them first.
 */
export function warehouseDispatchRuleViolations(rule: {
  conditions: readonly { attribute: DispatchAttribute; values: readonly string[] }[];
  warehouseIds: readonly string[];
  defaultWarehouseId: string | null | undefined;
}): { path: string; code: string }[] {
  const issues: { path: string; code: string }[] = [];
  if (rule.conditions.length === 0) issues.push({ path: 'conditions', code: 'at_least_one_condition' });
  rule.conditions.forEach((condition, index) => {
    const path = `conditions.${index}.values`;
    if (condition.values.length === 0) issues.push({ path, code: 'at_least_one_value' });
    else if (condition.values.some((v) => !isDispatchValue(condition.attribute, v)))
      issues.push({ path, code: 'invalid_value' });
  });
  if (rule.warehouseIds.length === 0) issues.push({ path: 'warehouseIds', code: 'at_least_one_destination' });
  if (rule.defaultWarehouseId && !rule.warehouseIds.includes(rule.defaultWarehouseId))
    issues.push({ path: 'defaultWarehouseId', code: 'default_warehouse_not_destination' });
  return issues;
}

/** `POST`/`PUT /warehouse-dispatch-rules`: a platform operator names the buyer account on creation. */
export const WarehouseDispatchRuleRequest = z.object({
  accountId: z.uuid({ message: 'invalid_uuid' }).optional(),
  ...ruleFields,
});
export type WarehouseDispatchRuleRequest = z.infer<typeof WarehouseDispatchRuleRequest>;

/** The form's schema: the request's fields and the rules of `warehouseDispatchRuleViolations`. */
export const WarehouseDispatchRuleForm = z.object(ruleFields).superRefine((rule, ctx) => {
  for (const issue of warehouseDispatchRuleViolations(rule))
    ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.code });
});
export type WarehouseDispatchRuleForm = z.infer<typeof WarehouseDispatchRuleForm>;

/** `?accountId=`: the buyer account whose rules a platform operator reads (required for them). */
export const WarehouseDispatchAccountQuery = z.object({
  accountId: z.uuid({ message: 'invalid_uuid' }).optional(),
});
export type WarehouseDispatchAccountQuery = z.infer<typeof WarehouseDispatchAccountQuery>;

/** The list is read whole (it is ordered by hand), up to 500 rules a page. */
export const ListWarehouseDispatchRulesQuery = WarehouseDispatchAccountQuery.extend({
  page: queryPage(),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(500),
});
export type ListWarehouseDispatchRulesQuery = z.infer<typeof ListWarehouseDispatchRulesQuery>;

/** `PUT /warehouse-dispatch-rules/order`: every rule of the account, first to last. */
export const WarehouseDispatchRulesOrderRequest = z.object({
  accountId: z.uuid({ message: 'invalid_uuid' }).optional(),
  ids: z.array(z.uuid({ message: 'invalid_uuid' })).max(1000, { message: 'too_many' }),
});
export type WarehouseDispatchRulesOrderRequest = z.infer<typeof WarehouseDispatchRulesOrderRequest>;

const WarehouseRef = z.object({ id: z.uuid(), commonName: z.string() });

export const WarehouseDispatchRuleResponse = z.object({
  id: z.uuid(),
  /** The buyer account whose warehouses receive. */
  accountId: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  conditions: z.array(
    WarehouseDispatchCondition.extend({
      /** What each value reads as: a category's label, else the value itself. */
      labels: z.array(z.string()),
    }),
  ),
  warehouses: z.array(WarehouseRef),
  defaultWarehouse: WarehouseRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type WarehouseDispatchRuleResponse = z.infer<typeof WarehouseDispatchRuleResponse>;

/** What a rule's form may choose, for one buyer account. */
export const WarehouseDispatchOptionsResponse = z.object({
  accountId: z.uuid(),
  /** The account's active warehouses. */
  warehouses: z.array(WarehouseRef),
  /** Brands of the products of the linked retailers' categories this buyer buys. */
  brands: z.array(z.string()),
  categories: z.array(z.object({ id: z.uuid(), label: z.string(), retailerName: z.string() })),
  circuitTypes: z.array(z.enum(BUYBACK_CIRCUIT_TYPES)),
  productStates: z.array(z.enum(PRODUCT_GRADES)),
});
export type WarehouseDispatchOptionsResponse = z.infer<typeof WarehouseDispatchOptionsResponse>;

/** `GET /warehouse-dispatch-rules/accounts`: the buyer accounts whose rules the caller may read. */
export const WarehouseDispatchAccountsResponse = z.object({
  member: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type WarehouseDispatchAccountsResponse = z.infer<typeof WarehouseDispatchAccountsResponse>;
