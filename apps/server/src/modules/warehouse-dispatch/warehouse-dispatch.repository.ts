import type { WarehouseDispatchCondition } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { deleteChildOf, deleteOwned, updateOwned } from '../../platform/scoped-writes';

/**
 * The warehouse dispatch rules of buyer accounts (migration 018) and what their forms choose from.
 * Reads name the buyer account they read (the service resolves it from the actor); writes go
 * through the scoped builders, the destinations through their rule.
 */

export interface RuleRow {
  id: string;
  account_id: string;
  title: string;
  position: number;
  conditions: WarehouseDispatchCondition[];
  default_warehouse_id: string;
  default_warehouse_name: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_by_email: string | null;
}

export interface DestinationRow {
  rule_id: string;
  id: string;
  common_name: string;
  status: string;
  latitude: number | null;
  longitude: number | null;
}

const rules = (ctx: BaseContext) =>
  readerOf(ctx)
    .selectFrom('warehouse_dispatch_rules as r')
    .innerJoin('organizations as d', 'd.id', 'r.default_warehouse_id')
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select([
      'r.id',
      'r.account_id',
      'r.title',
      'r.position',
      'r.conditions',
      'r.default_warehouse_id',
      'd.common_name as default_warehouse_name',
      'r.created_at',
      'r.updated_at',
      'r.updated_by',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('updated_by_name'),
      'u.email as updated_by_email',
    ]);

/** The rules of buyer accounts, each account's in its order (position, then creation). */
export async function findRules(
  ctx: BaseContext,
  accountIds: string[],
  page: { offset: number; limit: number } = { offset: 0, limit: 10_000 },
): Promise<RuleRow[]> {
  if (accountIds.length === 0) return [];
  return (await rules(ctx)
    .where('r.account_id', 'in', accountIds)
    .orderBy('r.account_id')
    .orderBy('r.position')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute()) as RuleRow[];
}

export async function countRules(ctx: BaseContext, accountId: string): Promise<number> {
  const row = await readerOf(ctx)
    .selectFrom('warehouse_dispatch_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One rule, of the account when one is named (null: any account, for platform operators). */
export async function findRule(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RuleRow | undefined> {
  let q = rules(ctx).where('r.id', '=', id);
  if (accountId) q = q.where('r.account_id', '=', accountId);
  if (options.forUpdate) q = q.forUpdate('r');
  return (await q.executeTakeFirst()) as RuleRow | undefined;
}

/** The destination warehouses of rules, by name, with what choosing the nearest needs. */
export async function findDestinations(ctx: BaseContext, ruleIds: string[]): Promise<DestinationRow[]> {
  if (ruleIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('warehouse_dispatch_rule_warehouses as rw')
    .innerJoin('organizations as w', 'w.id', 'rw.warehouse_id')
    .select(['rw.rule_id', 'w.id', 'w.common_name', 'w.status', 'w.latitude', 'w.longitude'])
    .where('rw.rule_id', 'in', ruleIds)
    .orderBy('w.common_name')
    .orderBy('w.id')
    .execute();
}

/** Labels of categories by id. */
export async function findCategoryLabels(ctx: BaseContext, ids: string[]) {
  if (ids.length === 0) return [];
  return readerOf(ctx).selectFrom('categories').select(['id', 'label']).where('id', 'in', ids).execute();
}

/** The active warehouse organisations of an account, by name. */
export async function findActiveWarehouses(ctx: BaseContext, accountId: string) {
  return readerOf(ctx)
    .selectFrom('organizations')
    .select(['id', 'common_name'])
    .where('account_id', '=', accountId)
    .where('type', '=', 'warehouse')
    .where('status', '=', 'active')
    .orderBy('common_name')
    .orderBy('id')
    .execute();
}

/** The retailers linked to a buyer, as a subquery. */
const linkedRetailers = (ctx: BaseContext, buyerAccountId: string) =>
  readerOf(ctx)
    .selectFrom('account_linked_buyers')
    .select('account_id')
    .where('buyer_account_id', '=', buyerAccountId);

/** The categories of the linked retailers that name this buyer, with their retailer's name. */
export async function findBuyerCategories(ctx: BaseContext, buyerAccountId: string) {
  return readerOf(ctx)
    .selectFrom('categories as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .select(['c.id', 'c.label', 'a.name as retailer_name'])
    .where('c.buyer_account_id', '=', buyerAccountId)
    .where('c.account_id', 'in', linkedRetailers(ctx, buyerAccountId))
    .orderBy('a.name')
    .orderBy('c.sort_label')
    .orderBy('c.id')
    .execute();
}

/** Those of `ids` that are categories of the linked retailers naming this buyer. */
export async function findBuyerCategoryIds(
  ctx: BaseContext,
  buyerAccountId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await readerOf(ctx)
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', ids)
    .where('buyer_account_id', '=', buyerAccountId)
    .where('account_id', 'in', linkedRetailers(ctx, buyerAccountId))
    .execute();
  return rows.map((r) => r.id);
}

/** The brands of the products in those categories, each once (the first spelling met), by name. */
export async function findBuyerBrands(ctx: BaseContext, buyerAccountId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.main_category_id')
    .select(sql<string>`min(trim(p.brand))`.as('brand'))
    .where('c.buyer_account_id', '=', buyerAccountId)
    .where('c.account_id', 'in', linkedRetailers(ctx, buyerAccountId))
    .where(sql<boolean>`trim(p.brand) <> ''`)
    .groupBy(sql`lower(trim(p.brand))`)
    .orderBy(sql`lower(trim(p.brand))`)
    .execute();
  return rows.map((r) => r.brand);
}

export { findBuyerAccounts } from '../../platform/buyer-accounts';

/** Serialises the rule writes of one buyer account (positions) until the transaction ends. */
export async function lockRules(tx: BaseTxContext, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`warehouse-dispatch:${accountId}`}, 0))`.execute(
    tx.trx,
  );
}

export async function insertRule(
  tx: BaseTxContext,
  values: {
    account_id: string;
    title: string;
    conditions: WarehouseDispatchCondition[];
    default_warehouse_id: string;
    updated_by: string | null;
  },
): Promise<string> {
  const row = await tx.trx
    .insertInto('warehouse_dispatch_rules')
    .values({
      ...values,
      conditions: JSON.stringify(values.conditions),
      // last of the account's list
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM warehouse_dispatch_rules WHERE account_id = ${values.account_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(
  tx: BaseTxContext,
  scope: AccountScope,
  id: string,
  values: {
    title: string;
    conditions: WarehouseDispatchCondition[];
    default_warehouse_id: string;
    updated_by: string | null;
  },
): Promise<void> {
  await updateOwned(tx, 'warehouse_dispatch_rules', scope)
    .set({ ...values, conditions: JSON.stringify(values.conditions), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The destinations of a rule become exactly `warehouseIds`. */
export async function replaceDestinations(
  tx: BaseTxContext,
  scope: AccountScope,
  ruleId: string,
  warehouseIds: string[],
): Promise<void> {
  await deleteChildOf(
    tx,
    'warehouse_dispatch_rule_warehouses',
    { column: 'rule_id', parent: 'warehouse_dispatch_rules' },
    scope,
  )
    .where('rule_id', '=', ruleId)
    .execute();
  if (warehouseIds.length)
    await tx.trx
      .insertInto('warehouse_dispatch_rule_warehouses')
      .values(warehouseIds.map((warehouse_id) => ({ rule_id: ruleId, warehouse_id })))
      .execute();
}

export async function deleteRule(tx: BaseTxContext, scope: AccountScope, id: string): Promise<void> {
  await deleteChildOf(
    tx,
    'warehouse_dispatch_rule_warehouses',
    { column: 'rule_id', parent: 'warehouse_dispatch_rules' },
    scope,
  )
    .where('rule_id', '=', id)
    .execute();
  await deleteOwned(tx, 'warehouse_dispatch_rules', scope).where('id', '=', id).execute();
}

/** Each rule's position becomes its index in `ids` (every rule of the account, first to last). */
export async function setPositions(tx: BaseTxContext, scope: AccountScope, accountId: string, ids: string[]) {
  if (ids.length === 0) return;
  await updateOwned(tx, 'warehouse_dispatch_rules', scope)
    .set({ position: sql<number>`array_position(${ids}::uuid[], id) - 1` })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** The coordinates of an organisation (a store), when it has them. */
export async function findCoordinates(
  ctx: BaseContext,
  organizationId: string,
): Promise<{ latitude: number; longitude: number } | null> {
  const row = await readerOf(ctx)
    .selectFrom('organizations')
    .select(['latitude', 'longitude'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}
