import type { AnswerInput } from '@reprise/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../../platform/db';
import type { DiagnosticAnswersTable, DiagnosticQuestionsTable } from '../../../platform/db.types';
import { translationsColumn } from '../../../platform/translations';
import type { CatalogScope } from '../catalog-scope';
import { categoryInScope } from '../catalog-scope.sql';

export type QuestionRow = Selectable<DiagnosticQuestionsTable>;
export type AnswerRow = Selectable<DiagnosticAnswersTable>;

/** The questions of these categories, each category's in their order. */
export async function listQuestions(db: Db, categoryIds: string[]): Promise<QuestionRow[]> {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('diagnostic_questions')
    .selectAll()
    .where('category_id', 'in', categoryIds)
    .orderBy('category_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function answersOf(db: Db, questionIds: string[]): Promise<AnswerRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('diagnostic_answers')
    .selectAll()
    .where('question_id', 'in', questionIds)
    .orderBy('question_id')
    .orderBy('position')
    .execute();
}

/** A question whose category the scope reads; locked for the rest of the transaction when asked. */
export async function findQuestion(
  db: Db,
  scope: CatalogScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<QuestionRow | undefined> {
  let query = db
    .selectFrom('diagnostic_questions as q')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .selectAll('q')
    .where('q.id', '=', id)
    .where(categoryInScope(scope));
  if (options.forUpdate) query = query.forUpdate('q');
  return query.executeTakeFirst();
}

/** Serialises the question writes of one category, so that positions stay contiguous. */
export async function lockQuestionsOf(trx: Db, categoryId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`questions:${categoryId}`}))`.execute(trx);
}

export async function questionIdsOf(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('diagnostic_questions')
    .select('id')
    .where('category_id', '=', categoryId)
    .execute();
  return rows.map((r) => r.id);
}

/** Makes room at `position`: the questions there and after move down by one. */
export async function shiftFrom(trx: Db, categoryId: string, position: number): Promise<void> {
  await trx
    .updateTable('diagnostic_questions')
    .set({ position: sql`position + 1` })
    .where('category_id', '=', categoryId)
    .where('position', '>=', position)
    .execute();
}

/** Numbers the category's questions 0, 1, 2… in their current order. */
export async function renumber(trx: Db, categoryId: string): Promise<void> {
  await sql`
    UPDATE diagnostic_questions AS q SET position = o.position
    FROM (SELECT id, (row_number() OVER (ORDER BY position, created_at, id) - 1)::int AS position
          FROM diagnostic_questions WHERE category_id = ${categoryId}) AS o
    WHERE q.id = o.id AND q.position <> o.position`.execute(trx);
}

/** Puts the category's questions in the order of `ids` (every id is one of its questions). */
export async function setOrder(trx: Db, categoryId: string, ids: string[]): Promise<void> {
  await sql`
    UPDATE diagnostic_questions AS q SET position = (o.n - 1)::int, updated_at = now()
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, n)
    WHERE q.id = o.id AND q.category_id = ${categoryId}`.execute(trx);
}

export async function insertQuestion(trx: Db, values: Insertable<DiagnosticQuestionsTable> & { id: string }) {
  await trx.insertInto('diagnostic_questions').values(values).execute();
}

export async function updateQuestion(trx: Db, id: string, values: Updateable<DiagnosticQuestionsTable>) {
  await trx
    .updateTable('diagnostic_questions')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteQuestion(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('diagnostic_questions').where('id', '=', id).execute();
}

const answerColumns = (answer: AnswerInput, position: number) => ({
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
export async function replaceAnswers(trx: Db, questionId: string, answers: AnswerInput[]): Promise<void> {
  const kept = answers.flatMap((a) => (a.id ? [a.id] : []));
  let removal = trx.deleteFrom('diagnostic_answers').where('question_id', '=', questionId);
  if (kept.length) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  for (const [position, answer] of answers.entries()) {
    if (!answer.id) continue;
    await trx
      .updateTable('diagnostic_answers')
      .set(answerColumns(answer, position))
      .where('id', '=', answer.id)
      .where('question_id', '=', questionId)
      .execute();
  }
  const added = [...answers.entries()].filter(([, a]) => !a.id);
  if (added.length)
    await trx
      .insertInto('diagnostic_answers')
      .values(added.map(([position, a]) => ({ question_id: questionId, ...answerColumns(a, position) })))
      .execute();
}

/** The ids of the question's answers. */
export async function answerIdsOf(db: Db, questionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('diagnostic_answers')
    .select('id')
    .where('question_id', '=', questionId)
    .execute();
  return rows.map((r) => r.id);
}
