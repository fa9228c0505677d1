import type { RefurbQuestionType } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { deleteChildOf, deleteOwned, updateChildOf, updateOwned } from '../../platform/scoped-writes';

/**
 * The refurbishment diagnosis questions of buyer accounts, their answers and the services each
 * answer plans (migration 019). The answers belong to an account through their question; the links
 * to services through the service.
 */

export interface QuestionRow {
  id: string;
  account_id: string;
  label: string;
  type: RefurbQuestionType;
  position: number;
  /** Diagnoses that answered it. */
  product_count: number;
  updated_at: Date;
}

export interface AnswerRow {
  id: string;
  question_id: string;
  label: string;
  position: number;
}

export interface AnswerStepRow {
  answer_id: string;
  refurb_step_id: string;
  name: string;
}

const THROUGH_QUESTION = { column: 'question_id', parent: 'refurb_questions' } as const;
const THROUGH_REFURB_STEP = { column: 'refurb_step_id', parent: 'refurb_steps' } as const;

const questions = (ctx: BaseContext) =>
  readerOf(ctx)
    .selectFrom('refurb_questions as q')
    .select([
      'q.id',
      'q.account_id',
      'q.label',
      'q.type',
      'q.position',
      sql<number>`(SELECT count(DISTINCT da.diagnosis_id)::int FROM refurb_diagnosis_answers da WHERE da.question_id = q.id)`.as(
        'product_count',
      ),
      'q.updated_at',
    ]);

/** The account's questions in their order (position, then creation). */
export async function findQuestions(ctx: BaseContext, accountId: string): Promise<QuestionRow[]> {
  return (await questions(ctx)
    .where('q.account_id', '=', accountId)
    .orderBy('q.position')
    .orderBy('q.created_at')
    .orderBy('q.id')
    .execute()) as QuestionRow[];
}

/** One question, of the account when one is named (null: any account, for platform operators). */
export async function findQuestion(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
): Promise<QuestionRow | undefined> {
  let q = questions(ctx).where('q.id', '=', id);
  if (accountId) q = q.where('q.account_id', '=', accountId);
  return (await q.executeTakeFirst()) as QuestionRow | undefined;
}

/** Locks a question until the transaction ends; false when the account (null: any) has none with this id. */
export async function lockQuestion(
  tx: BaseTxContext,
  accountId: string | null,
  id: string,
): Promise<boolean> {
  let q = tx.trx.selectFrom('refurb_questions').select('id').where('id', '=', id);
  if (accountId) q = q.where('account_id', '=', accountId);
  return (await q.forUpdate().executeTakeFirst()) !== undefined;
}

/** Serialises the writes of one account's question order until the transaction ends. */
export async function lockQuestionOrder(tx: BaseTxContext, accountId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`refurb-questions:${accountId}`}, 0))`.execute(
    tx.trx,
  );
}

/** The answers of questions, each question's in order. */
export async function findAnswers(ctx: BaseContext, questionIds: string[]): Promise<AnswerRow[]> {
  if (questionIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('refurb_answers')
    .select(['id', 'question_id', 'label', 'position'])
    .where('question_id', 'in', questionIds)
    .orderBy('question_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The services the answers plan, by name. */
export async function findAnswerSteps(ctx: BaseContext, answerIds: string[]): Promise<AnswerStepRow[]> {
  if (answerIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('refurb_answer_steps as a')
    .innerJoin('refurb_steps as r', 'r.id', 'a.refurb_step_id')
    .select(['a.answer_id', 'a.refurb_step_id', 'r.name'])
    .where('a.answer_id', 'in', answerIds)
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();
}

/**
 * Those of `ids` that are services of the account, locked FOR SHARE until the transaction ends:
 * a service cannot be deleted while an answer is being tied to it (refurb-steps.service.ts).
 */
export async function shareRefurbSteps(
  tx: BaseTxContext,
  accountId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.trx
    .selectFrom('refurb_steps')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .forShare()
    .execute();
  return rows.map((r) => r.id);
}

export async function insertQuestion(
  tx: BaseTxContext,
  values: { account_id: string; label: string; type: RefurbQuestionType },
): Promise<string> {
  const row = await tx.trx
    .insertInto('refurb_questions')
    .values({
      ...values,
      // last of the account's list
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM refurb_questions WHERE account_id = ${values.account_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(
  tx: BaseTxContext,
  scope: AccountScope,
  id: string,
  values: { label: string; type: RefurbQuestionType },
): Promise<void> {
  await updateOwned(tx, 'refurb_questions', scope)
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface AnswerValues {
  /** An answer of this question kept (updated in place); none for a new one. */
  id?: string | undefined;
  label: string;
  refurbStepIds: string[];
}

/**
 * The answers of a question become exactly `answers`, in their order: those with an id are updated
 * in place, the others inserted, the missing ones deleted (with their links); each answer's
 * services become its `refurbStepIds`.
 */
export async function replaceAnswers(
  tx: BaseTxContext,
  scope: AccountScope,
  questionId: string,
  answers: readonly AnswerValues[],
): Promise<void> {
  const kept = answers.flatMap((a) => (a.id ? [a.id] : []));
  let removal = deleteChildOf(tx, 'refurb_answers', THROUGH_QUESTION, scope).where(
    'question_id',
    '=',
    questionId,
  );
  if (kept.length) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  if (kept.length)
    await deleteChildOf(tx, 'refurb_answer_steps', THROUGH_REFURB_STEP, scope)
      .where('answer_id', 'in', kept)
      .execute();
  const ids: string[] = [];
  for (const [position, answer] of answers.entries()) {
    if (answer.id) {
      await updateChildOf(tx, 'refurb_answers', THROUGH_QUESTION, scope)
        .set({ label: answer.label, position })
        .where('id', '=', answer.id)
        .where('question_id', '=', questionId)
        .execute();
      ids.push(answer.id);
    } else {
      const row = await tx.trx
        .insertInto('refurb_answers')
        .values({ question_id: questionId, label: answer.label, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  }
  const links = answers.flatMap((answer, index) =>
    answer.refurbStepIds.map((refurb_step_id) => ({ answer_id: ids[index] as string, refurb_step_id })),
  );
  if (links.length) await tx.trx.insertInto('refurb_answer_steps').values(links).execute();
}

/** Removes a question, its answers and their links (ON DELETE CASCADE); diagnoses keep their labels. */
export async function deleteQuestion(tx: BaseTxContext, scope: AccountScope, id: string): Promise<void> {
  await deleteOwned(tx, 'refurb_questions', scope).where('id', '=', id).execute();
}

/** Each question's position becomes its index in `ids` (every question of the account, first to last). */
export async function setPositions(tx: BaseTxContext, scope: AccountScope, accountId: string, ids: string[]) {
  if (ids.length === 0) return;
  await updateOwned(tx, 'refurb_questions', scope)
    .set({ position: sql<number>`array_position(${ids}::uuid[], id) - 1` })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}
