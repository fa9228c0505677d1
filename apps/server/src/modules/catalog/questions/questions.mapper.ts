import type { AnswerResponse, PriceImpact, QuestionResponse } from '@reprise/shared';
import type { AnswerRow, QuestionRow } from './questions.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const priceImpactOf = (row: AnswerRow): PriceImpact | null =>
  row.price_impact_kind && row.price_impact_value !== null
    ? ({ kind: row.price_impact_kind, value: row.price_impact_value } as PriceImpact)
    : null;

export const toAnswerResponse = (row: AnswerRow): AnswerResponse => ({
  id: row.id,
  title: row.title,
  description: row.description,
  position: row.position,
  maxGrade: row.max_grade as AnswerResponse['maxGrade'],
  priceImpact: priceImpactOf(row),
  translations: row.translations,
});

export const toQuestionResponse = (row: QuestionRow, answers: readonly AnswerRow[]): QuestionResponse => ({
  id: row.id,
  categoryId: row.category_id,
  title: row.title,
  type: row.type as QuestionResponse['type'],
  description: row.description,
  position: row.position,
  answers: answers.filter((a) => a.question_id === row.id).map(toAnswerResponse),
  translations: row.translations,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
