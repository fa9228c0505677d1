import {
  BUYBACK_CIRCUIT_TYPES,
  isDispatchValue,
  type ListWarehouseDispatchRulesQuery,
  PRODUCT_GRADES,
  type Violation,
  type WarehouseDispatchAccountQuery,
  type WarehouseDispatchAccountsResponse,
  type WarehouseDispatchCondition,
  type WarehouseDispatchOptionsResponse,
  type WarehouseDispatchRuleRequest,
  type WarehouseDispatchRuleResponse,
  type WarehouseDispatchRulesOrderRequest,
  warehouseDispatchRuleViolations,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { isWholeReorder, movedPositionEntries } from '../../platform/reorder';
import {
  type AccountScope,
  type BaseContext,
  type RequestContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { reject, violation } from '../buyback-config';
import { categoryIdsOf, toRuleResponse } from './warehouse-dispatch.mapper';
import * as repo from './warehouse-dispatch.repository';

/**
 * Warehouse dispatch rules of a buyer account: its users read and
 * write their own account's; platform operators name the buyer account (`accountId`). The rules
 * are applied when buybacks are created (dispatch-buybacks.service.ts).
 */

const MESSAGES: Record<string, string> = {
  at_least_one_condition: 'Add at least one condition.',
  at_least_one_value: 'Choose at least one value for this condition.',
  invalid_value: 'This value cannot be chosen for this condition.',
  at_least_one_destination: 'Choose at least one destination warehouse.',
  default_warehouse_not_destination: 'The default warehouse must be one of the destination warehouses.',
  warehouse_not_in_account: 'Choose active warehouses of the buyer account.',
};

/** The buyer account whose rules the actor works on: its own; a platform operator names one. */
async function ruleAccount(ctx: RequestContext, accountId: string | undefined): Promise<string> {
  if (!ctx.actor.isPlatform) return ctx.actor.accountId;
  if (!accountId) reject([violation('accountId', 'required', 'Name the buyer account.')]);
  const [buyer] = await repo.findBuyerAccounts(ctx, [accountId]);
  if (!buyer) reject([violation('accountId', 'not_a_buyer', 'The account must be a buyer account.')]);
  return accountId;
}

/** The account a rule of `accountId` is written with: narrower than an operator's whole scope. */
const scopeOf = (accountId: string): AccountScope => ({ kind: 'account', accountId });

/** A rule the actor reaches: its own account's, or any for platform operators (else 404). */
async function reachableRule(ctx: RequestContext, id: string, forUpdate = false) {
  const row = await repo.findRule(ctx, ctx.actor.isPlatform ? null : ctx.actor.accountId, id, { forUpdate });
  if (!row) throw notFound('warehouse dispatch rule');
  return row;
}

async function responsesOf(ctx: BaseContext, rows: repo.RuleRow[]): Promise<WarehouseDispatchRuleResponse[]> {
  const [destinations, labels] = await Promise.all([
    repo.findDestinations(
      ctx,
      rows.map((r) => r.id),
    ),
    repo.findCategoryLabels(ctx, categoryIdsOf(rows)),
  ]);
  const byId = new Map(labels.map((l) => [l.id, l.label]));
  return rows.map((row) => toRuleResponse(row, destinations, byId));
}

async function responseOf(ctx: BaseContext, id: string): Promise<WarehouseDispatchRuleResponse> {
  const row = await repo.findRule(ctx, null, id);
  if (!row) throw notFound('warehouse dispatch rule');
  return (await responsesOf(ctx, [row]))[0] as WarehouseDispatchRuleResponse;
}

export async function listRules(
  ctx: RequestContext,
  query: ListWarehouseDispatchRulesQuery,
): Promise<Page<WarehouseDispatchRuleResponse>> {
  const accountId = await ruleAccount(ctx, query.accountId);
  const [rows, total] = await Promise.all([
    repo.findRules(ctx, [accountId], {
      offset: (query.page - 1) * query.itemsPerPage,
      limit: query.itemsPerPage,
    }),
    repo.countRules(ctx, accountId),
  ]);
  return { member: await responsesOf(ctx, rows), totalItems: total };
}

export async function getRule(ctx: RequestContext, id: string): Promise<WarehouseDispatchRuleResponse> {
  return (await responsesOf(ctx, [await reachableRule(ctx, id)]))[0] as WarehouseDispatchRuleResponse;
}

/** The buyer accounts whose rules the actor may read: every one for platform operators, else its own. */
export async function listAccounts(ctx: RequestContext): Promise<WarehouseDispatchAccountsResponse> {
  const rows = await repo.findBuyerAccounts(ctx, ctx.actor.isPlatform ? null : [ctx.actor.accountId]);
  return { member: rows.map((a) => ({ id: a.id, name: a.name })) };
}

export async function getOptions(
  ctx: RequestContext,
  query: WarehouseDispatchAccountQuery,
): Promise<WarehouseDispatchOptionsResponse> {
  const accountId = await ruleAccount(ctx, query.accountId);
  const [warehouses, brands, categories] = await Promise.all([
    repo.findActiveWarehouses(ctx, accountId),
    repo.findBuyerBrands(ctx, accountId),
    repo.findBuyerCategories(ctx, accountId),
  ]);
  return {
    accountId,
    warehouses: warehouses.map((w) => ({ id: w.id, commonName: w.common_name })),
    brands,
    categories: categories.map((c) => ({ id: c.id, label: c.label, retailerName: c.retailer_name })),
    circuitTypes: [...BUYBACK_CIRCUIT_TYPES],
    productStates: [...PRODUCT_GRADES],
  };
}

/** Values once each (brands whatever their case, the first spelling kept). */
function normalised(condition: WarehouseDispatchCondition): WarehouseDispatchCondition {
  const seen = new Set<string>();
  const values = condition.values.filter((v) => {
    const key = condition.attribute === 'brand' ? v.toLocaleLowerCase('en') : v;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { attribute: condition.attribute, operator: condition.operator, values };
}

/**
 * The rule as it will be stored, or a 422 with every broken rule: those
 * (warehouseDispatchRuleViolations), the destinations among the account's active warehouses, the
 * categories among those of the linked retailers that name this buyer.
 */
async function checkedRule(tx: TxContext, accountId: string, input: WarehouseDispatchRuleRequest) {
  const conditions = input.conditions.map(normalised);
  const warehouseIds = [...new Set(input.warehouseIds)];
  const rule = { title: input.title, conditions, warehouseIds, defaultWarehouseId: input.defaultWarehouseId };
  const violations: Violation[] = warehouseDispatchRuleViolations(rule).map((i) =>
    violation(i.path, i.code, MESSAGES[i.code] ?? i.code),
  );
  const active = new Set((await repo.findActiveWarehouses(tx, accountId)).map((w) => w.id));
  input.warehouseIds.forEach((id, index) => {
    if (!active.has(id))
      violations.push(
        violation(
          `warehouseIds.${index}`,
          'warehouse_not_in_account',
          MESSAGES.warehouse_not_in_account as string,
        ),
      );
  });
  // only well-formed ids are looked up (the others are already violations)
  const categoryValues = conditions.flatMap((c) =>
    c.attribute === 'category' ? c.values.filter((v) => isDispatchValue('category', v)) : [],
  );
  const known = new Set(await repo.findBuyerCategoryIds(tx, accountId, categoryValues));
  conditions.forEach((c, index) => {
    const path = `conditions.${index}.values`;
    if (c.attribute !== 'category' || violations.some((v) => v.propertyPath === path)) return;
    if (c.values.some((v) => !known.has(v)))
      violations.push(violation(path, 'invalid_value', MESSAGES.invalid_value as string));
  });
  if (violations.length) reject(violations);
  return rule;
}

export async function createRule(
  ctx: RequestContext,
  input: WarehouseDispatchRuleRequest,
): Promise<WarehouseDispatchRuleResponse> {
  return transact(ctx, async (tx) => {
    const accountId = await ruleAccount(tx, input.accountId);
    const rule = await checkedRule(tx, accountId, input);
    await repo.lockRules(tx, accountId);
    const id = await repo.insertRule(tx, {
      account_id: accountId,
      title: rule.title,
      conditions: rule.conditions,
      default_warehouse_id: rule.defaultWarehouseId,
      updated_by: tx.actor.userId,
    });
    await repo.replaceDestinations(tx, scopeOf(accountId), id, rule.warehouseIds);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'create',
      entityType: 'warehouse_dispatch_rule',
      entityId: id,
      accountId,
      after: response,
    });
    return response;
  });
}

export async function updateRule(
  ctx: RequestContext,
  id: string,
  input: WarehouseDispatchRuleRequest,
): Promise<WarehouseDispatchRuleResponse> {
  return transact(ctx, async (tx) => {
    const current = await reachableRule(tx, id, true);
    const before = (await responsesOf(tx, [current]))[0];
    const rule = await checkedRule(tx, current.account_id, input);
    const scope = scopeOf(current.account_id);
    await repo.updateRule(tx, scope, id, {
      title: rule.title,
      conditions: rule.conditions,
      default_warehouse_id: rule.defaultWarehouseId,
      updated_by: tx.actor.userId,
    });
    await repo.replaceDestinations(tx, scope, id, rule.warehouseIds);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: 'warehouse_dispatch_rule',
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}

/** Removes a rule; the buybacks it dispatched keep their warehouse (and lose the rule's name). */
export async function deleteRule(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const current = await reachableRule(tx, id, true);
    const before = (await responsesOf(tx, [current]))[0];
    await repo.deleteRule(tx, scopeOf(current.account_id), id);
    await audit(tx, {
      action: 'remove',
      entityType: 'warehouse_dispatch_rule',
      entityId: id,
      accountId: current.account_id,
      before,
    });
  });
}

/**
 * The account's rules in the order given. `ids` must name every rule of the account once: a list
 * that changed meanwhile (a rule created or removed elsewhere) is refused with `conflict`.
 */
export async function orderRules(
  ctx: RequestContext,
  input: WarehouseDispatchRulesOrderRequest,
): Promise<Page<WarehouseDispatchRuleResponse>> {
  return transact(ctx, async (tx) => {
    const accountId = await ruleAccount(tx, input.accountId);
    await repo.lockRules(tx, accountId);
    const rows = await repo.findRules(tx, [accountId]);
    if (!isWholeReorder(input.ids, rows))
      throw new AppError(
        'conflict',
        'The rules of the account changed meanwhile: reload them and order again.',
      );
    await repo.setPositions(tx, scopeOf(accountId), accountId, input.ids);
    await audit(tx, ...movedPositionEntries(rows, input.ids, 'warehouse_dispatch_rule', accountId));
    const ordered = await repo.findRules(tx, [accountId]);
    return { member: await responsesOf(tx, ordered), totalItems: ordered.length };
  });
}
