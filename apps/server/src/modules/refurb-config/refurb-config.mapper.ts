import type { NativeStockKind, RefurbQuestionResponse, RefurbStepResponse } from '@reprise/shared';
import { iso } from '../buyback-config';
import type { AnswerRow, AnswerStepRow, QuestionRow } from './refurb-questions.repository';
import type { RefurbStepCostRow, RefurbStepRow } from './refurb-steps.repository';

/** A service as the API answers it, with its costs (`costs`: any services', filtered here). */
export function toRefurbStepResponse(
  row: RefurbStepRow,
  costs: readonly RefurbStepCostRow[],
): RefurbStepResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    erasureMethod: row.erasure_method,
    stock: {
      id: row.stock_id,
      name: row.stock_name,
      nativeKind: row.stock_native_kind as NativeStockKind | null,
      warehouseId: row.stock_warehouse_id,
    },
    costs: costs
      .filter((c) => c.refurb_step_id === row.id)
      .map((c) => ({
        warehouseId: c.warehouse_id,
        warehouseName: c.warehouse_name,
        costCents: c.cost_cents,
      })),
    answerCount: row.answer_count,
    updatedAt: iso(row.updated_at),
  };
}

/** A question as the API answers it, its answers in order, each with the services it plans. */
export function toRefurbQuestionResponse(
  row: QuestionRow,
  answers: readonly AnswerRow[],
  answerSteps: readonly AnswerStepRow[],
): RefurbQuestionResponse {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    position: row.position,
    answers: answers
      .filter((a) => a.question_id === row.id)
      .map((a) => ({
        id: a.id,
        label: a.label,
        refurbSteps: answerSteps
          .filter((s) => s.answer_id === a.id)
          .map((s) => ({ id: s.refurb_step_id, name: s.name })),
      })),
    productCount: row.product_count,
    updatedAt: iso(row.updated_at),
  };
}
