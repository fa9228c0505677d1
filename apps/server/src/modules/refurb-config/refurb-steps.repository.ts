import type { RefurbStepKind } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { deleteChildOf, deleteOwned, updateOwned } from '../../platform/scoped-writes';

/**
 * The services (refurb steps) of buyer accounts and their cost per warehouse (migration 019).
 * Reads name the account they read (null: any, for platform operators); writes go through the
 * scoped builders, the costs through their service.
 */

export interface RefurbStepRow {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  kind: RefurbStepKind;
  erasure_method: string | null;
  stock_id: string;
  stock_name: string;
  stock_native_kind: string | null;
  stock_warehouse_id: string;
  /** Answers of diagnosis questions that plan it. */
  answer_count: number;
  updated_at: Date;
}

export interface RefurbStepCostRow {
  refurb_step_id: string;
  warehouse_id: string;
  warehouse_name: string;
  cost_cents: number;
}

export interface RefurbStepFilter {
  search?: string | undefined;
  kind?: RefurbStepKind | undefined;
}

const THROUGH_REFURB_STEP = { column: 'refurb_step_id', parent: 'refurb_steps' } as const;

const refurbSteps = (ctx: BaseContext) =>
  readerOf(ctx)
    .selectFrom('refurb_steps as r')
    .innerJoin('stocks as st', 'st.id', 'r.stock_id')
    .select([
      'r.id',
      'r.account_id',
      'r.name',
      'r.description',
      'r.kind',
      'r.erasure_method',
      'r.stock_id',
      'st.name as stock_name',
      'st.native_kind as stock_native_kind',
      'st.warehouse_id as stock_warehouse_id',
      sql<number>`(SELECT count(*)::int FROM refurb_answer_steps a WHERE a.refurb_step_id = r.id)`.as(
        'answer_count',
      ),
      'r.updated_at',
    ]);

const filtered = <Q extends ReturnType<typeof refurbSteps>>(query: Q, filter: RefurbStepFilter): Q => {
  let q = query;
  if (filter.kind) q = q.where('r.kind', '=', filter.kind) as Q;
  const search = filter.search?.trim().toLocaleLowerCase('fr');
  if (search)
    q = q.where(
      sql<boolean>`(strpos(lower(r.name), ${search}) > 0 OR strpos(lower(coalesce(r.description, '')), ${search}) > 0)`,
    ) as Q;
  return q;
};

/** A page of the account's services, by name. */
export async function findRefurbSteps(
  ctx: BaseContext,
  accountId: string,
  filter: RefurbStepFilter,
  page: { offset: number; limit: number } = { offset: 0, limit: 10_000 },
): Promise<RefurbStepRow[]> {
  return (await filtered(refurbSteps(ctx).where('r.account_id', '=', accountId), filter)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute()) as RefurbStepRow[];
}

export async function countRefurbSteps(
  ctx: BaseContext,
  accountId: string,
  filter: RefurbStepFilter,
): Promise<number> {
  const query = filtered(refurbSteps(ctx).where('r.account_id', '=', accountId), filter);
  const row = await readerOf(ctx)
    .selectFrom(query.as('f'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One service, of the account when one is named (null: any account, for platform operators). */
export async function findRefurbStep(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
): Promise<RefurbStepRow | undefined> {
  let q = refurbSteps(ctx).where('r.id', '=', id);
  if (accountId) q = q.where('r.account_id', '=', accountId);
  return (await q.executeTakeFirst()) as RefurbStepRow | undefined;
}

/**
 * Locks a service until the transaction ends (its account's, or any when null): an answer cannot
 * be tied to it meanwhile (refurb-questions.repository.ts reads services FOR SHARE).
 */
export async function lockRefurbStep(
  tx: BaseTxContext,
  accountId: string | null,
  id: string,
): Promise<boolean> {
  let q = tx.trx.selectFrom('refurb_steps').select('id').where('id', '=', id);
  if (accountId) q = q.where('account_id', '=', accountId);
  return (await q.forUpdate().executeTakeFirst()) !== undefined;
}

/** The number of answers that plan the service (read after its lock: the answers committed since count). */
export async function countAnswersOf(tx: BaseTxContext, id: string): Promise<number> {
  const row = await tx.trx
    .selectFrom('refurb_answer_steps')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('refurb_step_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The costs of services at each warehouse, by warehouse name. */
export async function findCosts(ctx: BaseContext, refurbStepIds: string[]): Promise<RefurbStepCostRow[]> {
  if (refurbStepIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('refurb_step_costs as c')
    .innerJoin('organizations as w', 'w.id', 'c.warehouse_id')
    .select(['c.refurb_step_id', 'c.warehouse_id', 'w.common_name as warehouse_name', 'c.cost_cents'])
    .where('c.refurb_step_id', 'in', refurbStepIds)
    .orderBy('w.common_name')
    .orderBy('w.id')
    .execute();
}

export interface RefurbStepValues {
  name: string;
  description: string | null;
  stock_id: string;
  kind: RefurbStepKind;
  erasure_method: string | null;
}

export async function insertRefurbStep(
  tx: BaseTxContext,
  values: RefurbStepValues & { account_id: string },
): Promise<string> {
  const row = await tx.trx
    .insertInto('refurb_steps')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRefurbStep(
  tx: BaseTxContext,
  scope: AccountScope,
  id: string,
  values: RefurbStepValues,
): Promise<void> {
  await updateOwned(tx, 'refurb_steps', scope)
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The costs of a service become exactly `costs` (one per warehouse). */
export async function replaceCosts(
  tx: BaseTxContext,
  scope: AccountScope,
  refurbStepId: string,
  costs: readonly { warehouseId: string; costCents: number }[],
): Promise<void> {
  await deleteChildOf(tx, 'refurb_step_costs', THROUGH_REFURB_STEP, scope)
    .where('refurb_step_id', '=', refurbStepId)
    .execute();
  if (costs.length)
    await tx.trx
      .insertInto('refurb_step_costs')
      .values(
        costs.map((c) => ({
          refurb_step_id: refurbStepId,
          warehouse_id: c.warehouseId,
          cost_cents: c.costCents,
        })),
      )
      .execute();
}

/** Removes a service and its costs; the item services planned from it keep their copy (ON DELETE SET NULL). */
export async function deleteRefurbStep(tx: BaseTxContext, scope: AccountScope, id: string): Promise<void> {
  await deleteChildOf(tx, 'refurb_step_costs', THROUGH_REFURB_STEP, scope)
    .where('refurb_step_id', '=', id)
    .execute();
  await deleteOwned(tx, 'refurb_steps', scope).where('id', '=', id).execute();
}
