import type { RefurbQuestionType } from '@reprise/shared';
import { type Selectable, sql } from 'kysely';
import type { RefurbDiagnosesTable } from '../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { deleteChildOf, updateOwned } from '../../platform/scoped-writes';
import { buybackScope } from '../buyback-lifecycle';

/**
 * The refurbishment diagnoses of items (migration 019) and what their steps read: the account's
 * questions and services with their cost at the item's warehouse, the warehouse's stocks. A
 * diagnosis is seen by whoever sees its item (buyback-lifecycle/items.repository.ts, buybackScope); its writes go
 * through the scoped builders (platform/scoped-writes.ts), its answers through their diagnosis.
 */

export type RefurbDiagnosisRow = Selectable<RefurbDiagnosesTable> & {
  currency: string;
  started_by_name: string | null;
  finalized_by_name: string | null;
  stock_name: string | null;
  stock_native_kind: string | null;
  stock_warehouse_id: string | null;
};

const userName = (alias: 'su' | 'fu') =>
  sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.firstname`)}, ${sql.ref(`${alias}.lastname`)})), '')`;

/**
 * The diagnoses the actor sees (those of the items it sees), by id or by item. With `forUpdate`
 * the diagnosis row is locked (every write takes it first: one write at a time per diagnosis).
 */
export async function findRefurbDiagnosis(
  ctx: RequestContext,
  where: { id: string } | { itemId: string },
  options: { forUpdate?: boolean } = {},
): Promise<RefurbDiagnosisRow | undefined> {
  let query = readerOf(ctx)
    .selectFrom('refurb_diagnoses as d')
    .innerJoin('buyback_items as i', 'i.id', 'd.item_id')
    .innerJoin('buybacks as b', 'b.id', 'i.buyback_id')
    .innerJoin('accounts as acc', 'acc.id', 'd.account_id')
    .leftJoin('users as su', 'su.id', 'd.started_by')
    .leftJoin('users as fu', 'fu.id', 'd.finalized_by')
    .leftJoin('stocks as st', 'st.id', 'd.stock_id')
    .selectAll('d')
    .select([
      'acc.currency',
      userName('su').as('started_by_name'),
      userName('fu').as('finalized_by_name'),
      'st.name as stock_name',
      'st.native_kind as stock_native_kind',
      'st.warehouse_id as stock_warehouse_id',
    ])
    .where(await buybackScope(ctx));
  query = 'id' in where ? query.where('d.id', '=', where.id) : query.where('d.item_id', '=', where.itemId);
  if (options.forUpdate) query = query.forUpdate('d');
  return (await query.executeTakeFirst()) as RefurbDiagnosisRow | undefined;
}

export async function insertRefurbDiagnosis(
  tx: BaseTxContext,
  values: { itemId: string; accountId: string; warehouseId: string; startedBy: string | null },
): Promise<string> {
  const row = await tx.trx
    .insertInto('refurb_diagnoses')
    .values({
      item_id: values.itemId,
      account_id: values.accountId,
      warehouse_id: values.warehouseId,
      started_by: values.startedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a diagnosis of the context's accounts; false when it may not (nothing written). */
export async function updateRefurbDiagnosis(
  tx: BaseTxContext,
  id: string,
  columns: {
    status?: 'finalized';
    planned_refurb_step_ids?: string[];
    planned_cost_cents?: number;
    stock_id?: string;
    first_refurb_step_id?: string | null;
    finalized_by?: string | null;
    finalized_at?: Date;
  },
): Promise<boolean> {
  const written = await updateOwned(tx, 'refurb_diagnoses')
    .set({ ...columns, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

/** The answers of a diagnosis in their order, with the labels they had when given. */
export async function findRefurbDiagnosisAnswers(ctx: BaseContext, diagnosisId: string) {
  return readerOf(ctx)
    .selectFrom('refurb_diagnosis_answers')
    .select(['question_id', 'answer_id', 'question_label', 'answer_label'])
    .where('diagnosis_id', '=', diagnosisId)
    .orderBy('position')
    .execute();
}

export interface AnswerSnapshot {
  questionId: string;
  answerId: string;
  questionLabel: string;
  answerLabel: string;
}

/** Replaces the answers of a diagnosis (of the context's accounts) by these, in this order. */
export async function replaceRefurbDiagnosisAnswers(
  tx: BaseTxContext,
  diagnosisId: string,
  answers: AnswerSnapshot[],
): Promise<void> {
  await deleteChildOf(tx, 'refurb_diagnosis_answers', { column: 'diagnosis_id', parent: 'refurb_diagnoses' })
    .where('diagnosis_id', '=', diagnosisId)
    .execute();
  if (answers.length === 0) return;
  await tx.trx
    .insertInto('refurb_diagnosis_answers')
    .values(
      answers.map((a, position) => ({
        diagnosis_id: diagnosisId,
        question_id: a.questionId,
        answer_id: a.answerId,
        question_label: a.questionLabel,
        answer_label: a.answerLabel,
        position,
      })),
    )
    .execute();
}

export interface RefurbStepRow {
  id: string;
  name: string;
  kind: string;
  erasure_method: string | null;
  stock_id: string;
  stock_warehouse_id: string;
  /** At the warehouse asked about; 0 when the service has no cost there. */
  cost_cents: number;
}

/** Services of an account (all, or those of `ids`) with their cost at a warehouse, by name. */
export async function findRefurbSteps(
  ctx: BaseContext,
  accountId: string,
  warehouseId: string,
  ids?: readonly string[],
): Promise<RefurbStepRow[]> {
  if (ids && ids.length === 0) return [];
  let query = readerOf(ctx)
    .selectFrom('refurb_steps as r')
    .innerJoin('stocks as st', 'st.id', 'r.stock_id')
    .leftJoin('refurb_step_costs as c', (join) =>
      join.onRef('c.refurb_step_id', '=', 'r.id').on('c.warehouse_id', '=', warehouseId),
    )
    .select([
      'r.id',
      'r.name',
      'r.kind',
      'r.erasure_method',
      'r.stock_id',
      'st.warehouse_id as stock_warehouse_id',
      sql<number>`coalesce(c.cost_cents, 0)`.as('cost_cents'),
    ])
    .where('r.account_id', '=', accountId);
  if (ids) query = query.where('r.id', 'in', [...ids]);
  return query.orderBy('r.name').orderBy('r.id').execute();
}

export interface RefurbQuestionRow {
  id: string;
  label: string;
  type: RefurbQuestionType;
  answers: { id: string; label: string; refurbStepIds: string[] }[];
}

/** The refurbishment questions of an account by position, each answer with the services it plans. */
export async function findRefurbQuestions(ctx: BaseContext, accountId: string): Promise<RefurbQuestionRow[]> {
  const rows = await readerOf(ctx)
    .selectFrom('refurb_questions as q')
    .leftJoin('refurb_answers as a', 'a.question_id', 'q.id')
    .leftJoin('refurb_answer_steps as ras', 'ras.answer_id', 'a.id')
    .leftJoin('refurb_steps as r', 'r.id', 'ras.refurb_step_id')
    .select([
      'q.id as question_id',
      'q.label as question_label',
      'q.type',
      'a.id as answer_id',
      'a.label as answer_label',
      'r.id as refurb_step_id',
    ])
    .where('q.account_id', '=', accountId)
    .orderBy('q.position')
    .orderBy('q.created_at')
    .orderBy('q.id')
    .orderBy('a.position')
    .orderBy('a.id')
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  const questions = new Map<string, RefurbQuestionRow>();
  for (const row of rows) {
    let question = questions.get(row.question_id);
    if (!question) {
      question = {
        id: row.question_id,
        label: row.question_label,
        type: row.type as RefurbQuestionRow['type'],
        answers: [],
      };
      questions.set(row.question_id, question);
    }
    if (!row.answer_id || !row.answer_label) continue;
    let answer = question.answers.at(-1);
    if (answer?.id !== row.answer_id) {
      answer = { id: row.answer_id, label: row.answer_label, refurbStepIds: [] };
      question.answers.push(answer);
    }
    if (row.refurb_step_id) answer.refurbStepIds.push(row.refurb_step_id);
  }
  return [...questions.values()];
}

/** The stocks of a warehouse: the native ones first, then by name. */
export async function findWarehouseStocks(ctx: BaseContext, warehouseId: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('warehouse_id', '=', warehouseId)
    .orderBy(sql`native_kind IS NULL`)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One stock, when it is one of this warehouse's. */
export async function findWarehouseStock(ctx: BaseContext, warehouseId: string, stockId: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('warehouse_id', '=', warehouseId)
    .where('id', '=', stockId)
    .executeTakeFirst();
}

export interface NewItemRefurbStep {
  itemId: string;
  accountId: string;
  warehouseId: string;
  refurbStepId: string;
  name: string;
  kind: string;
  erasureMethod: string | null;
  costCents: number;
  position: number;
  stockId: string;
}

/** The services planned on an item, in one insert; answers their ids in the same order. */
export async function insertItemRefurbSteps(
  tx: BaseTxContext,
  steps: NewItemRefurbStep[],
): Promise<string[]> {
  if (steps.length === 0) return [];
  const rows = await tx.trx
    .insertInto('item_refurb_steps')
    .values(
      steps.map((s) => ({
        item_id: s.itemId,
        account_id: s.accountId,
        warehouse_id: s.warehouseId,
        refurb_step_id: s.refurbStepId,
        name: s.name,
        kind: s.kind,
        erasure_method: s.erasureMethod,
        cost_cents: s.costCents,
        position: s.position,
        stock_id: s.stockId,
      })),
    )
    .returning(['id', 'position'])
    .execute();
  return [...rows].sort((a, b) => a.position - b.position).map((r) => r.id);
}

/** The item's first service (position 0), once its diagnosis is finalized. */
export async function findFirstItemRefurbStep(ctx: BaseContext, itemId: string): Promise<string | null> {
  const row = await readerOf(ctx)
    .selectFrom('item_refurb_steps')
    .select('id')
    .where('item_id', '=', itemId)
    .orderBy('position')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
