import type { DiagnosticAnswerResponse, DiagnosticQuestionResponse, PriceImpact } from '@reprise/shared';
import type { DiagnosticAnswerRow, DiagnosticQuestionRow } from './diagnostic-questions.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const priceImpactOf = (row: DiagnosticAnswerRow): PriceImpact | null =>
  row.price_impact_kind && row.price_impact_value !== null
    ? ({ kind: row.price_impact_kind, value: row.price_impact_value } as PriceImpact)
    : null;

const toDiagnosticAnswerResponse = (row: DiagnosticAnswerRow): DiagnosticAnswerResponse => ({
  id: row.id,
  title: row.title,
  description: row.description,
  position: row.position,
  maxGrade: row.max_grade as DiagnosticAnswerResponse['maxGrade'],
  priceImpact: priceImpactOf(row),
  translations: row.translations,
});

/** A diagnostic question as the API answers it, with its answers. */
export const toDiagnosticQuestionResponse = (
  row: DiagnosticQuestionRow,
  answers: readonly DiagnosticAnswerRow[],
): DiagnosticQuestionResponse => ({
  id: row.id,
  categoryId: row.category_id,
  title: row.title,
  type: row.type as DiagnosticQuestionResponse['type'],
  description: row.description,
  position: row.position,
  answers: answers.filter((a) => a.question_id === row.id).map(toDiagnosticAnswerResponse),
  translations: row.translations,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
