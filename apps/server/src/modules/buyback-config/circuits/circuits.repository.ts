import type { InstructionInput } from '@reprise/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CircuitsTable } from '../../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  readerOf,
} from '../../../platform/request-context';
import { deleteChildOf, updateOwned } from '../../../platform/scoped-writes';

export type CircuitRow = Selectable<CircuitsTable> & {
  rule_id: string;
  rule_status: string;
  warehouse_name: string | null;
  transport_provider_name: string | null;
};

const ORDER = { name: 'c.name', type: 'c.type', status: 'c.status' } as const;

/** Circuits of the account read (null: every account, for platform operators: config-scope.ts `readAccount`). */
function base(db: Reader, accountId: string | null) {
  let q = db
    .selectFrom('circuits as c')
    .innerJoin('dispatch_circuit_rules as r', 'r.circuit_id', 'c.id')
    .leftJoin('organizations as w', 'w.id', 'c.warehouse_id')
    .leftJoin('transport_providers as t', 't.id', 'c.transport_provider_id')
    .selectAll('c')
    .select([
      'r.id as rule_id',
      'r.status as rule_status',
      'w.common_name as warehouse_name',
      't.name as transport_provider_name',
    ]);
  if (accountId) q = q.where('c.account_id', '=', accountId);
  return q;
}

export interface CircuitFilter {
  channel?: string;
  type?: string;
  status?: string;
}

export async function listCircuits(
  ctx: BaseContext,
  accountId: string | null,
  filter: CircuitFilter & {
    order: { field: keyof typeof ORDER; direction: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: CircuitRow[]; total: number }> {
  const db = readerOf(ctx);
  let q = base(db, accountId);
  let count = db.selectFrom('circuits as c').select((eb) => eb.fn.countAll<number>().as('n'));
  if (accountId) count = count.where('c.account_id', '=', accountId);
  for (const [key, value] of [
    ['c.channel', filter.channel],
    ['c.type', filter.type],
    ['c.status', filter.status],
  ] as const) {
    if (value) {
      q = q.where(key, '=', value);
      count = count.where(key, '=', value);
    }
  }
  const rows = await q
    .orderBy(ORDER[filter.order.field], filter.order.direction)
    .orderBy('c.name')
    .orderBy('c.id')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { rows, total: Number((await count.executeTakeFirstOrThrow()).n) };
}

export async function findCircuit(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CircuitRow | undefined> {
  let q = base(readerOf(ctx), accountId).where('c.id', '=', id);
  if (options.forUpdate) q = q.forUpdate('c');
  return q.executeTakeFirst();
}

/** Active circuits of one combined type in the account (other than `exceptId`). */
export async function countActiveOfType(
  ctx: BaseContext,
  accountId: string,
  type: string,
  exceptId?: string,
) {
  let q = readerOf(ctx)
    .selectFrom('circuits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('type', '=', type)
    .where('status', '=', 'active');
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function insertCircuit(tx: BaseTxContext, values: Insertable<CircuitsTable> & { id: string }) {
  await tx.trx.insertInto('circuits').values(values).execute();
}

export async function updateCircuit(tx: BaseTxContext, id: string, values: Updateable<CircuitsTable>) {
  await updateOwned(tx, 'circuits')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertDispatchCircuitRule(
  tx: BaseTxContext,
  values: { id: string; account_id: string; circuit_id: string },
) {
  await tx.trx.insertInto('dispatch_circuit_rules').values(values).execute();
}

export async function replacePaymentModes(tx: BaseTxContext, circuitId: string, paymentModeIds: string[]) {
  await deleteChildOf(tx, 'circuit_payment_modes', { column: 'circuit_id', parent: 'circuits' })
    .where('circuit_id', '=', circuitId)
    .execute();
  if (paymentModeIds.length)
    await tx.trx
      .insertInto('circuit_payment_modes')
      .values(paymentModeIds.map((payment_mode_id) => ({ circuit_id: circuitId, payment_mode_id })))
      .execute();
}

/** Replaces the instructions of a circuit (defaults) or of a rule (own), numbered in their order. */
export async function replaceInstructions(
  tx: BaseTxContext,
  owner: { circuitId: string } | { ruleId: string },
  instructions: InstructionInput[],
) {
  const through =
    'circuitId' in owner
      ? ({ column: 'circuit_id', parent: 'circuits' } as const)
      : ({ column: 'dispatch_circuit_rule_id', parent: 'dispatch_circuit_rules' } as const);
  const column = through.column;
  const ownerId = 'circuitId' in owner ? owner.circuitId : owner.ruleId;
  await deleteChildOf(tx, 'circuit_instructions', through).where(column, '=', ownerId).execute();
  if (instructions.length)
    await tx.trx
      .insertInto('circuit_instructions')
      .values(
        instructions.map((i, n) => ({
          [column]: ownerId,
          sequence: n + 1,
          label: i.label,
          type: i.type,
        })),
      )
      .execute();
}

export interface InstructionRow {
  id: string;
  circuit_id: string | null;
  dispatch_circuit_rule_id: string | null;
  sequence: number;
  label: string;
  type: string;
}

export async function instructionsOf(
  ctx: BaseContext,
  owners: { circuitIds?: string[]; ruleIds?: string[] },
): Promise<InstructionRow[]> {
  const circuitIds = owners.circuitIds ?? [];
  const ruleIds = owners.ruleIds ?? [];
  if (!circuitIds.length && !ruleIds.length) return [];
  return readerOf(ctx)
    .selectFrom('circuit_instructions')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(circuitIds.length ? [eb('circuit_id', 'in', circuitIds)] : []),
        ...(ruleIds.length ? [eb('dispatch_circuit_rule_id', 'in', ruleIds)] : []),
      ]),
    )
    .orderBy('sequence')
    .execute();
}

export async function paymentModesOf(ctx: BaseContext, circuitIds: string[]) {
  if (!circuitIds.length) return [];
  return readerOf(ctx)
    .selectFrom('circuit_payment_modes as cp')
    .innerJoin('payment_modes as p', 'p.id', 'cp.payment_mode_id')
    .select(['cp.circuit_id', 'p.id', 'p.label', 'p.type', 'p.status'])
    .where('cp.circuit_id', 'in', circuitIds)
    .orderBy('p.label')
    .orderBy('p.id')
    .execute();
}

/** The categories linked to dispatch circuit rules, by rule. */
export async function dispatchCircuitRuleCategoriesOf(ctx: BaseContext, ruleIds: string[]) {
  if (!ruleIds.length) return [];
  return readerOf(ctx)
    .selectFrom('dispatch_circuit_rule_categories as rc')
    .innerJoin('categories as k', 'k.id', 'rc.category_id')
    .select(['rc.dispatch_circuit_rule_id as rule_id', 'k.id', 'k.identifier', 'k.label'])
    .where('rc.dispatch_circuit_rule_id', 'in', ruleIds)
    .orderBy('k.sort_label')
    .orderBy('k.id')
    .execute();
}

/**
 * Warehouses a retailer's circuit may send products to: active warehouse organisations that the
 * account is connected to, as the referring warehouse of one of its categories or the default
 * warehouse of one of its organisations.
 */
export async function connectedWarehouses(ctx: BaseContext, accountId: string, ids?: string[]) {
  let q = readerOf(ctx)
    .selectFrom('organizations as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['w.id', 'w.common_name', 'w.city', 'a.name as account_name'])
    .where('w.type', '=', 'warehouse')
    .where('w.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb(
          'w.id',
          'in',
          eb
            .selectFrom('category_referring_warehouses as crw')
            .innerJoin('categories as k', 'k.id', 'crw.category_id')
            .select('crw.warehouse_id')
            .where('k.account_id', '=', accountId),
        ),
        eb(
          'w.id',
          'in',
          eb
            .selectFrom('organizations as o')
            .select('o.default_warehouse_id')
            .where('o.account_id', '=', accountId)
            .where('o.default_warehouse_id', 'is not', null)
            .$narrowType<{ default_warehouse_id: string }>(),
        ),
      ]),
    );
  if (ids) {
    if (!ids.length) return [];
    q = q.where('w.id', 'in', ids);
  }
  return q.orderBy('w.common_name').orderBy('w.id').execute();
}

export async function activeTransportProvider(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('transport_providers')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function listTransportProviders(ctx: BaseContext) {
  return readerOf(ctx).selectFrom('transport_providers').selectAll().orderBy('name').orderBy('id').execute();
}

/** A category of the account (any account's when null). */
export async function findCategory(ctx: BaseContext, accountId: string | null, id: string) {
  let q = readerOf(ctx).selectFrom('categories').select(['id', 'account_id']).where('id', '=', id);
  if (accountId) q = q.where('account_id', '=', accountId);
  return q.executeTakeFirst();
}

export async function circuitsOfCategory(ctx: BaseContext, categoryId: string) {
  return readerOf(ctx)
    .selectFrom('dispatch_circuit_rule_categories as rc')
    .innerJoin('dispatch_circuit_rules as r', 'r.id', 'rc.dispatch_circuit_rule_id')
    .innerJoin('circuits as c', 'c.id', 'r.circuit_id')
    .select(['c.id', 'c.name', 'c.type', 'c.status', 'r.id as rule_id'])
    .where('rc.category_id', '=', categoryId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export async function dispatchCircuitRuleCategoryIds(ctx: BaseContext, ruleId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('dispatch_circuit_rule_categories')
    .select('category_id')
    .where('dispatch_circuit_rule_id', '=', ruleId)
    .orderBy('category_id')
    .execute();
  return rows.map((r) => r.category_id);
}

export async function linkCategory(tx: BaseTxContext, ruleId: string, categoryId: string) {
  await tx.trx
    .insertInto('dispatch_circuit_rule_categories')
    .values({ dispatch_circuit_rule_id: ruleId, category_id: categoryId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unlinkCategory(tx: BaseTxContext, ruleId: string, categoryId: string) {
  await deleteChildOf(tx, 'dispatch_circuit_rule_categories', {
    column: 'dispatch_circuit_rule_id',
    parent: 'dispatch_circuit_rules',
  })
    .where('dispatch_circuit_rule_id', '=', ruleId)
    .where('category_id', '=', categoryId)
    .execute();
}
