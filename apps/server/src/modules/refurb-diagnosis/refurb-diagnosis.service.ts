import {
  COMPLETED_ITEM_STATUSES,
  type FinalizeRefurbDiagnosisRequest,
  type ItemStatus,
  type RefurbDiagnosisAnswersRequest,
  type RefurbDiagnosisPlanRequest,
  type RefurbDiagnosisQuestionsResponse,
  type RefurbDiagnosisRefurbStepsResponse,
  type RefurbDiagnosisResponse,
  type RefurbDiagnosisStocksResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import { reject } from '../buyback-config';
import { findNativeStock, type ItemRow, itemWhereOfCode, moveItem, resolveItem } from '../buyback-lifecycle';
import { toRefurbDiagnosisResponse, toRefurbStep, toStock } from './refurb-diagnosis.mapper';
import * as repo from './refurb-diagnosis.repository';
import {
  checkAnswers,
  checkFirstRefurbStep,
  checkPlan,
  serviceOrder,
  unique,
} from './refurb-diagnosis.rules';

/**
 * The refurbishment diagnosis of an item: after its control,
 * an item awaiting dispatch is scanned, its account's refurbishment questions are answered, the
 * services they plan are reviewed on the summary, the stock it goes to and the service to run
 * first are chosen, and the diagnosis is finalized: the item's services are created
 * (item_refurb_steps) and the item moves on to its refurbishment (buyback-lifecycle/item-moves.ts).
 */

/** Awaiting dispatch: the statuses a diagnosis starts from (docs/statuses.md, "Item"). */
const AWAITING_DISPATCH: readonly ItemStatus[] = COMPLETED_ITEM_STATUSES;
/** Past its diagnosis. */
const DIAGNOSED: readonly ItemStatus[] = ['item_refurb_in_progress', 'item_refurb_completed'];

const alreadyDiagnosed = () =>
  new AppError('item_already_diagnosed', 'This item has already been diagnosed for refurbishment.');

/** The diagnosis as its screens show it. */
async function responseOf(
  ctx: RequestContext,
  row: repo.RefurbDiagnosisRow,
  item?: ItemRow,
): Promise<RefurbDiagnosisResponse> {
  const [current, answers, planned, first] = await Promise.all([
    item ?? resolveItem(ctx, { id: row.item_id }),
    repo.findRefurbDiagnosisAnswers(ctx, row.id),
    repo.findRefurbSteps(ctx, row.account_id, row.warehouse_id, row.planned_refurb_step_ids),
    row.status === 'finalized' ? repo.findFirstItemRefurbStep(ctx, row.item_id) : null,
  ]);
  return toRefurbDiagnosisResponse(row, current, answers, planned, first);
}

/** The diagnosis under this id that the actor sees (its item's visibility), else 404. */
async function reachable(
  ctx: RequestContext,
  id: string,
  forUpdate = false,
): Promise<repo.RefurbDiagnosisRow> {
  const row = await repo.findRefurbDiagnosis(ctx, { id }, { forUpdate });
  if (!row) throw notFound('refurbishment diagnosis');
  return row;
}

/** A write's diagnosis: locked, and still in progress (a finalized one does not change). */
async function inProgress(tx: TxContext, id: string): Promise<repo.RefurbDiagnosisRow> {
  const row = await reachable(tx, id, true);
  if (row.status !== 'in_progress') throw alreadyDiagnosed();
  return row;
}

async function write(
  tx: TxContext,
  row: repo.RefurbDiagnosisRow,
  columns: Parameters<typeof repo.updateRefurbDiagnosis>[2],
) {
  if (!(await repo.updateRefurbDiagnosis(tx, row.id, columns))) throw notFound('refurbishment diagnosis');
  await audit(tx, {
    action: 'update',
    entityType: 'refurb_diagnosis',
    entityId: row.id,
    accountId: row.account_id,
    before: {
      status: row.status,
      plannedRefurbStepIds: row.planned_refurb_step_ids,
      plannedCostCents: row.planned_cost_cents,
    },
    after: {
      status: columns.status ?? row.status,
      plannedRefurbStepIds: columns.planned_refurb_step_ids ?? row.planned_refurb_step_ids,
      plannedCostCents: columns.planned_cost_cents ?? row.planned_cost_cents,
      ...(columns.stock_id
        ? { stockId: columns.stock_id, firstRefurbStepId: columns.first_refurb_step_id }
        : {}),
    },
  });
}

const costOf = (steps: repo.RefurbStepRow[]) => steps.reduce((sum, s) => sum + Number(s.cost_cents), 0);

/** The services of `ids` that exist, in the order of `ids`. */
async function servicesOf(ctx: RequestContext, row: repo.RefurbDiagnosisRow, ids: readonly string[]) {
  const found = await repo.findRefurbSteps(ctx, row.account_id, row.warehouse_id, ids);
  const byId = new Map(found.map((s) => [s.id, s]));
  return ids.flatMap((id) => {
    const step = byId.get(id);
    return step ? [step] : [];
  });
}

/**
 * `POST /refurb-diagnoses` { code }: an item awaiting dispatch (and not dispatched) gets its
 * diagnosis and moves to "refurbishment diagnosis in progress", into its warehouse's native stock
 * "to refurbish" (`created`); a diagnosis in progress resumes. A finalized one, or an item past
 * its diagnosis: `item_already_diagnosed`; any other status: `item_not_diagnosable`.
 */
export async function startRefurbDiagnosis(
  ctx: RequestContext,
  code: string,
): Promise<{ created: boolean; diagnosis: RefurbDiagnosisResponse }> {
  // the code's length first: nothing is read for a code that cannot be one
  itemWhereOfCode(code);
  return transact(ctx, async (tx) => {
    const item = await resolveItem(tx, { code }, { forUpdate: true });
    const existing = await repo.findRefurbDiagnosis(tx, { itemId: item.id });
    if (existing) {
      if (existing.status !== 'in_progress') throw alreadyDiagnosed();
      return { created: false, diagnosis: await responseOf(tx, existing, item) };
    }
    const status = item.status as ItemStatus;
    if (DIAGNOSED.includes(status)) throw alreadyDiagnosed();
    if (!AWAITING_DISPATCH.includes(status) || item.dispatched_at !== null || !item.warehouse_id)
      throw new AppError(
        'item_not_diagnosable',
        `The item's status (${item.status}) does not allow a refurbishment diagnosis: it must be awaiting dispatch.`,
      );
    const id = await repo.insertRefurbDiagnosis(tx, {
      itemId: item.id,
      accountId: item.buyer_account_id,
      warehouseId: item.warehouse_id,
      startedBy: tx.actor.userId,
    });
    const stock = await findNativeStock(tx, item.warehouse_id, 'to_refurbish');
    await moveItem(tx, item, {
      to: 'item_refurb_diagnostic_in_progress',
      reason: 'refurb_diagnosis_started',
      ...(stock ? { stockId: stock.id } : {}),
    });
    await audit(tx, {
      action: 'create',
      entityType: 'refurb_diagnosis',
      entityId: id,
      accountId: item.buyer_account_id,
      after: { itemId: item.id, warehouseId: item.warehouse_id, status: 'in_progress' },
    });
    const row = await reachable(tx, id);
    // `moveItem` left the row as written; its stock's name is read again with the item
    return { created: true, diagnosis: await responseOf(tx, row) };
  });
}

/** `GET /refurb-diagnoses/{id}`. */
export async function getRefurbDiagnosis(ctx: RequestContext, id: string): Promise<RefurbDiagnosisResponse> {
  return responseOf(ctx, await reachable(ctx, id));
}

/** `GET /items/{id}/refurb-diagnosis`: the item's diagnosis, 404 `not_found` when it has none. */
export async function getItemRefurbDiagnosis(
  ctx: RequestContext,
  itemId: string,
): Promise<RefurbDiagnosisResponse> {
  const item = await resolveItem(ctx, { id: itemId });
  const row = await repo.findRefurbDiagnosis(ctx, { itemId: item.id });
  if (!row) throw notFound('refurbishment diagnosis');
  return responseOf(ctx, row, item);
}

/** `GET /refurb-diagnoses/{id}/questions`: the account's questions, their services' costs, the answers given. */
export async function getRefurbQuestions(
  ctx: RequestContext,
  id: string,
): Promise<RefurbDiagnosisQuestionsResponse> {
  const row = await reachable(ctx, id);
  const [questions, services, answers] = await Promise.all([
    repo.findRefurbQuestions(ctx, row.account_id),
    repo.findRefurbSteps(ctx, row.account_id, row.warehouse_id),
    repo.findRefurbDiagnosisAnswers(ctx, row.id),
  ]);
  const byId = new Map(services.map((s) => [s.id, s]));
  const given = new Map<string, string[]>();
  for (const a of answers)
    if (a.question_id && a.answer_id)
      given.set(a.question_id, [...(given.get(a.question_id) ?? []), a.answer_id]);
  return {
    questions: questions.map((q) => ({
      id: q.id,
      label: q.label,
      type: q.type,
      answers: q.answers.map((a) => ({
        id: a.id,
        label: a.label,
        refurbSteps: a.refurbStepIds.flatMap((stepId) => {
          const step = byId.get(stepId);
          return step ? [toRefurbStep(step)] : [];
        }),
      })),
    })),
    given: [...given.entries()].map(([questionId, answerIds]) => ({ questionId, answerIds })),
    currency: row.currency,
  };
}

/** `GET /refurb-diagnoses/{id}/refurb-steps`: the account's services, what the summary may add. */
export async function getRefurbSteps(
  ctx: RequestContext,
  id: string,
): Promise<RefurbDiagnosisRefurbStepsResponse> {
  const row = await reachable(ctx, id);
  const services = await repo.findRefurbSteps(ctx, row.account_id, row.warehouse_id);
  return { member: services.map(toRefurbStep), currency: row.currency };
}

/** `GET /refurb-diagnoses/{id}/stocks`: the stocks of the item's warehouse. */
export async function getStocks(ctx: RequestContext, id: string): Promise<RefurbDiagnosisStocksResponse> {
  const row = await reachable(ctx, id);
  return { member: (await repo.findWarehouseStocks(ctx, row.warehouse_id)).map(toStock) };
}

/**
 * `PUT /refurb-diagnoses/{id}/answers`: the answers replace those given before; the plan becomes
 * the services they plan, and its cost theirs at the item's warehouse.
 */
export async function saveAnswers(
  ctx: RequestContext,
  id: string,
  body: RefurbDiagnosisAnswersRequest,
): Promise<RefurbDiagnosisResponse> {
  return transact(ctx, async (tx) => {
    const row = await inProgress(tx, id);
    const checked = checkAnswers(await repo.findRefurbQuestions(tx, row.account_id), body.answers);
    if (checked.violations.length > 0) reject(checked.violations);
    const planned = await servicesOf(tx, row, checked.refurbStepIds);
    await repo.replaceRefurbDiagnosisAnswers(tx, row.id, checked.snapshot);
    await write(tx, row, {
      planned_refurb_step_ids: planned.map((s) => s.id),
      planned_cost_cents: costOf(planned),
    });
    return responseOf(tx, await reachable(tx, id));
  });
}

/** `PUT /refurb-diagnoses/{id}/plan`: the summary's services (the account's only), and their cost. */
export async function savePlan(
  ctx: RequestContext,
  id: string,
  body: RefurbDiagnosisPlanRequest,
): Promise<RefurbDiagnosisResponse> {
  return transact(ctx, async (tx) => {
    const row = await inProgress(tx, id);
    const requested = unique(body.refurbStepIds);
    const planned = await servicesOf(tx, row, requested);
    const violations = checkPlan(body.refurbStepIds, new Set(planned.map((s) => s.id)));
    if (violations.length > 0) reject(violations);
    await write(tx, row, {
      planned_refurb_step_ids: planned.map((s) => s.id),
      planned_cost_cents: costOf(planned),
    });
    return responseOf(tx, await reachable(tx, id));
  });
}

/**
 * `POST /refurb-diagnoses/{id}/finalize`: the stock (of the item's warehouse) and the first service
 * (one of the planned). Creates the item's services, the first at position 0 and the others in
 * the plan's order, each in its service's stock when that stock is of the item's warehouse, else
 * in the chosen one; the item moves to "refurbishment in progress", or straight to "refurbishment
 * completed" when nothing is planned, into the chosen stock, with its planned cost.
 */
export async function finalizeRefurbDiagnosis(
  ctx: RequestContext,
  id: string,
  body: FinalizeRefurbDiagnosisRequest,
): Promise<RefurbDiagnosisResponse> {
  return transact(ctx, async (tx) => {
    const row = await inProgress(tx, id);
    const stock = await repo.findWarehouseStock(tx, row.warehouse_id, body.stockId);
    if (!stock)
      throw fieldError('stock_not_in_warehouse', 'stockId', "The stock must be one of the item's warehouse.");
    // a service deleted since it was planned is no longer planned
    const planned = await servicesOf(tx, row, row.planned_refurb_step_ids);
    const plannedIds = planned.map((s) => s.id);
    const violations = checkFirstRefurbStep(plannedIds, body.firstRefurbStepId);
    if (violations.length > 0) reject(violations);
    const item = await resolveItem(tx, { id: row.item_id }, { forUpdate: true });
    if (item.status !== 'item_refurb_diagnostic_in_progress')
      throw new AppError(
        'item_status_mismatch',
        `The item's status (${item.status}) is no longer "refurbishment diagnosis in progress".`,
      );
    const byId = new Map(planned.map((s) => [s.id, s]));
    const order = serviceOrder(plannedIds, body.firstRefurbStepId);
    await repo.insertItemRefurbSteps(
      tx,
      order.map((stepId, position) => {
        const step = byId.get(stepId) as repo.RefurbStepRow;
        return {
          itemId: item.id,
          accountId: row.account_id,
          warehouseId: row.warehouse_id,
          refurbStepId: step.id,
          name: step.name,
          kind: step.kind,
          erasureMethod: step.erasure_method,
          costCents: Number(step.cost_cents),
          position,
          stockId: step.stock_warehouse_id === row.warehouse_id ? step.stock_id : stock.id,
        };
      }),
    );
    const cost = costOf(planned);
    const now = new Date();
    await write(tx, row, {
      status: 'finalized',
      planned_refurb_step_ids: plannedIds,
      planned_cost_cents: cost,
      stock_id: stock.id,
      first_refurb_step_id: body.firstRefurbStepId,
      finalized_by: tx.actor.userId,
      finalized_at: now,
    });
    const nothingPlanned = order.length === 0;
    await moveItem(tx, item, {
      to: nothingPlanned ? 'item_refurb_completed' : 'item_refurb_in_progress',
      reason: 'refurb_diagnosis_finalized',
      stockId: stock.id,
      columns: {
        planned_refurb_cost_cents: cost,
        ...(nothingPlanned ? { refurb_completed_at: now } : {}),
      },
    });
    return responseOf(tx, await reachable(tx, id));
  });
}
