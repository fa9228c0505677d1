import type { DiagnosticAnswerRequest } from '@reprise/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DiagnosticAnswersTable, DiagnosticQuestionsTable } from '../../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf, type Trx } from '../../../platform/request-context';
import { deleteChildOf, deleteOwned, updateChildOf, updateOwned } from '../../../platform/scoped-writes';
import { translationsColumn } from '../../../platform/translations';
import type { CatalogScope } from '../catalog-scope';
import { categoryInScope } from '../catalog-scope.sql';

export type DiagnosticQuestionRow = Selectable<DiagnosticQuestionsTable>;
export type DiagnosticAnswerRow = Selectable<DiagnosticAnswersTable>;

/** The answers belong to an account through their question. */
const THROUGH_DIAGNOSTIC_QUESTION = { column: 'question_id', parent: 'diagnostic_questions' } as const;

/** The diagnostic questions of these categories, each category's in their order. */
export async function listDiagnosticQuestions(
  ctx: BaseContext,
  categoryIds: string[],
): Promise<DiagnosticQuestionRow[]> {
  if (categoryIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('diagnostic_questions')
    .selectAll()
    .where('category_id', 'in', categoryIds)
    .orderBy('category_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function diagnosticAnswersOf(
  ctx: BaseContext,
  questionIds: string[],
): Promise<DiagnosticAnswerRow[]> {
  if (questionIds.length === 0) return [];
  return readerOf(ctx)
    .selectFrom('diagnostic_answers')
    .selectAll()
    .where('question_id', 'in', questionIds)
    .orderBy('question_id')
    .orderBy('position')
    .execute();
}

/** A diagnostic question whose category the scope reads; locked for the rest of the transaction when asked. */
export async function findDiagnosticQuestion(
  ctx: BaseContext,
  scope: CatalogScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DiagnosticQuestionRow | undefined> {
  let query = readerOf(ctx)
    .selectFrom('diagnostic_questions as q')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .selectAll('q')
    .where('q.id', '=', id)
    .where(categoryInScope(scope));
  if (options.forUpdate) query = query.forUpdate('q');
  return query.executeTakeFirst();
}

/** Serialises the diagnostic question writes of one category, so that positions stay contiguous. */
export async function lockDiagnosticQuestionsOf(trx: Trx, categoryId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`questions:${categoryId}`}))`.execute(trx);
}

export async function diagnosticQuestionIdsOf(ctx: BaseContext, categoryId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('diagnostic_questions')
    .select('id')
    .where('category_id', '=', categoryId)
    .execute();
  return rows.map((r) => r.id);
}

/** Makes room at `position`: the questions there and after move down by one. */
export async function shiftDiagnosticQuestionsFrom(
  tx: BaseTxContext,
  categoryId: string,
  position: number,
): Promise<void> {
  await updateOwned(tx, 'diagnostic_questions')
    .set({ position: sql`position + 1` })
    .where('category_id', '=', categoryId)
    .where('position', '>=', position)
    .execute();
}

/** Numbers the category's questions 0, 1, 2… in their current order. */
export async function renumberDiagnosticQuestions(tx: BaseTxContext, categoryId: string): Promise<void> {
  const ordered = tx.trx
    .selectFrom('diagnostic_questions')
    .select([
      'id',
      sql<number>`(row_number() OVER (ORDER BY position, created_at, id) - 1)::int`.as('position'),
    ])
    .where('category_id', '=', categoryId)
    .as('o');
  await updateOwned(tx, 'diagnostic_questions')
    .from(ordered)
    .set((eb) => ({ position: eb.ref('o.position') }))
    .whereRef('diagnostic_questions.id', '=', 'o.id')
    .whereRef('diagnostic_questions.position', '<>', 'o.position')
    .execute();
}

/** Puts the category's questions in the order of `ids` (every id is one of its questions). */
export async function setDiagnosticQuestionOrder(
  tx: BaseTxContext,
  categoryId: string,
  ids: string[],
): Promise<void> {
  const order = sql<{
    id: string;
    n: number;
  }>`(SELECT * FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, n))`;
  await updateOwned(tx, 'diagnostic_questions')
    .from(order.as('o'))
    .set({ position: sql`(o.n - 1)::int`, updated_at: sql`now()` })
    .whereRef('diagnostic_questions.id', '=', 'o.id')
    .where('diagnostic_questions.category_id', '=', categoryId)
    .execute();
}

export async function insertDiagnosticQuestion(
  tx: BaseTxContext,
  values: Insertable<DiagnosticQuestionsTable> & { id: string },
): Promise<void> {
  await tx.trx.insertInto('diagnostic_questions').values(values).execute();
}

export async function updateDiagnosticQuestion(
  tx: BaseTxContext,
  id: string,
  values: Updateable<DiagnosticQuestionsTable>,
): Promise<void> {
  await updateOwned(tx, 'diagnostic_questions')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes a diagnostic question, and its answers with it (ON DELETE CASCADE). */
export async function deleteDiagnosticQuestion(tx: BaseTxContext, id: string): Promise<void> {
  await deleteOwned(tx, 'diagnostic_questions').where('id', '=', id).execute();
}

const answerColumns = (answer: DiagnosticAnswerRequest, position: number) => ({
  title: answer.title,
  description: answer.description,
  position,
  max_grade: answer.maxGrade,
  price_impact_kind: answer.priceImpact?.kind ?? null,
  price_impact_value: answer.priceImpact?.value ?? null,
  translations: translationsColumn(answer.translations),
});

/**
 * Replaces the answers with `answers`, in that order: an answer sent with the id of one of the
 * question's answers keeps it; the others are new; the answers not sent are removed.
 */
export async function replaceDiagnosticAnswers(
  tx: BaseTxContext,
  questionId: string,
  answers: DiagnosticAnswerRequest[],
): Promise<void> {
  const kept = answers.flatMap((a) => (a.id ? [a.id] : []));
  let removal = deleteChildOf(tx, 'diagnostic_answers', THROUGH_DIAGNOSTIC_QUESTION).where(
    'question_id',
    '=',
    questionId,
  );
  if (kept.length) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  for (const [position, answer] of answers.entries()) {
    if (!answer.id) continue;
    await updateChildOf(tx, 'diagnostic_answers', THROUGH_DIAGNOSTIC_QUESTION)
      .set(answerColumns(answer, position))
      .where('id', '=', answer.id)
      .where('question_id', '=', questionId)
      .execute();
  }
  const added = [...answers.entries()].filter(([, a]) => !a.id);
  if (added.length)
    await tx.trx
      .insertInto('diagnostic_answers')
      .values(added.map(([position, a]) => ({ question_id: questionId, ...answerColumns(a, position) })))
      .execute();
}

/** The ids of the question's answers. */
export async function diagnosticAnswerIdsOf(ctx: BaseContext, questionId: string): Promise<string[]> {
  const rows = await readerOf(ctx)
    .selectFrom('diagnostic_answers')
    .select('id')
    .where('question_id', '=', questionId)
    .execute();
  return rows.map((r) => r.id);
}
