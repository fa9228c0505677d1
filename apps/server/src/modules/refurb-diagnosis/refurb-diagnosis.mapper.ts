import type {
  RefurbDiagnosisRefurbStep,
  RefurbDiagnosisResponse,
  RefurbDiagnosisStocksResponse,
} from '@reprise/shared';
import type { ItemRow } from '../buyback-lifecycle';
import type {
  findRefurbDiagnosisAnswers,
  RefurbDiagnosisRow,
  RefurbStepRow,
} from './refurb-diagnosis.repository';

type Stock = RefurbDiagnosisStocksResponse['member'][number];

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const toStock = (row: {
  id: string;
  name: string;
  native_kind: string | null;
  warehouse_id: string;
}): Stock => ({
  id: row.id,
  name: row.name,
  nativeKind: row.native_kind as Stock['nativeKind'],
  warehouseId: row.warehouse_id,
});

export const toRefurbStep = (row: RefurbStepRow): RefurbDiagnosisRefurbStep => ({
  id: row.id,
  name: row.name,
  kind: row.kind as RefurbDiagnosisRefurbStep['kind'],
  costCents: Number(row.cost_cents),
});

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '—' } : null);

export function toRefurbDiagnosisResponse(
  row: RefurbDiagnosisRow,
  item: ItemRow,
  answers: Awaited<ReturnType<typeof findRefurbDiagnosisAnswers>>,
  planned: RefurbStepRow[],
  firstItemRefurbStepId: string | null,
): RefurbDiagnosisResponse {
  const byId = new Map(planned.map((s) => [s.id, s]));
  return {
    id: row.id,
    status: row.status as RefurbDiagnosisResponse['status'],
    item: {
      id: item.id,
      identificationNumber: item.identification_number,
      productName: item.product_name,
      productBrand: item.product_brand,
      imei: item.imei,
      controlledState: item.controlled_state,
      warehouse: { id: row.warehouse_id, commonName: item.warehouse_name ?? '—' },
      status: item.status,
      stock:
        item.stock_id && item.stock_name && item.warehouse_id
          ? toStock({
              id: item.stock_id,
              name: item.stock_name,
              native_kind: item.stock_native_kind,
              warehouse_id: item.warehouse_id,
            })
          : null,
    },
    answers: answers.map((a) => ({
      questionId: a.question_id,
      answerId: a.answer_id,
      questionLabel: a.question_label,
      answerLabel: a.answer_label,
    })),
    // in the plan's order; a service deleted since is no longer planned
    planned: row.planned_refurb_step_ids.flatMap((id) => {
      const step = byId.get(id);
      return step ? [toRefurbStep(step)] : [];
    }),
    plannedCostCents: row.planned_cost_cents,
    currency: row.currency,
    stock:
      row.stock_id && row.stock_name && row.stock_warehouse_id
        ? toStock({
            id: row.stock_id,
            name: row.stock_name,
            native_kind: row.stock_native_kind,
            warehouse_id: row.stock_warehouse_id,
          })
        : null,
    firstRefurbStepId: row.first_refurb_step_id,
    firstItemRefurbStepId,
    startedAt: iso(row.started_at) as string,
    startedBy: person(row.started_by, row.started_by_name),
    finalizedAt: iso(row.finalized_at),
    finalizedBy: person(row.finalized_by, row.finalized_by_name),
  };
}
