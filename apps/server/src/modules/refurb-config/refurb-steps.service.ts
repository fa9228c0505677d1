import {
  type CreateRefurbStepRequest,
  type ListRefurbStepsQuery,
  type NativeStockKind,
  type PatchRefurbStepRequest,
  type RefurbConfigAccountQuery,
  type RefurbStepKind,
  type RefurbStepOptionsResponse,
  type RefurbStepResponse,
  type RefurbStepStockOptionsResponse,
  refurbStepIssues,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import {
  type BaseContext,
  type RequestContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { reject, violation } from '../buyback-config';
import { toRefurbStepResponse } from './refurb-config.mapper';
import * as config from './refurb-config.repository';
import { configAccount, readableAccount, scopeOf } from './refurb-config-account';
import * as repo from './refurb-steps.repository';

/**
 * Services (refurb steps) of a buyer account (docs/refurbishment.md):
 * a name, a description, the stock an item waits in while the service is run on it, a cost at each
 * warehouse of the account, and a kind (a data erasure names its method). A service that an answer
 * of a diagnosis question plans cannot be deleted.
 */

const MESSAGES: Record<string, string> = {
  erasure_method_required: 'A data erasure names the erasure method its certificates print.',
  duplicate_id: 'A warehouse has one cost at most.',
  stock_not_in_account: 'Choose a stock of a warehouse of the account.',
  warehouse_not_in_account: 'Choose warehouses of the account.',
};

const ENTITY = 'refurb_step' as const;

async function reachableStep(ctx: RequestContext, id: string): Promise<repo.RefurbStepRow> {
  const row = await repo.findRefurbStep(ctx, readableAccount(ctx), id);
  if (!row) throw notFound('service');
  return row;
}

async function responsesOf(ctx: BaseContext, rows: repo.RefurbStepRow[]): Promise<RefurbStepResponse[]> {
  const costs = await repo.findCosts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRefurbStepResponse(row, costs));
}

async function responseOf(ctx: BaseContext, id: string): Promise<RefurbStepResponse> {
  const row = await repo.findRefurbStep(ctx, null, id);
  if (!row) throw notFound('service');
  return (await responsesOf(ctx, [row]))[0] as RefurbStepResponse;
}

export async function listRefurbSteps(
  ctx: RequestContext,
  query: ListRefurbStepsQuery,
): Promise<Page<RefurbStepResponse>> {
  const accountId = await configAccount(ctx, query.account);
  const filter = { search: query.search, kind: query.kind };
  const [rows, total] = await Promise.all([
    repo.findRefurbSteps(ctx, accountId, filter, {
      offset: (query.page - 1) * query.itemsPerPage,
      limit: query.itemsPerPage,
    }),
    repo.countRefurbSteps(ctx, accountId, filter),
  ]);
  return { member: await responsesOf(ctx, rows), totalItems: total };
}

export async function getRefurbStep(ctx: RequestContext, id: string): Promise<RefurbStepResponse> {
  return (await responsesOf(ctx, [await reachableStep(ctx, id)]))[0] as RefurbStepResponse;
}

/** Every service of the account with its costs, for the screens that choose services. */
export async function getRefurbStepOptions(
  ctx: RequestContext,
  query: RefurbConfigAccountQuery,
): Promise<RefurbStepOptionsResponse> {
  const accountId = await configAccount(ctx, query.account);
  const rows = await repo.findRefurbSteps(ctx, accountId, {});
  const costs = await repo.findCosts(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    member: rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      stockId: r.stock_id,
      costs: costs
        .filter((c) => c.refurb_step_id === r.id)
        .map((c) => ({ warehouseId: c.warehouse_id, costCents: c.cost_cents })),
    })),
  };
}

/** What the service form chooses from: the account's warehouses (a cost each) and their stocks. */
export async function getStockOptions(
  ctx: RequestContext,
  query: RefurbConfigAccountQuery,
): Promise<RefurbStepStockOptionsResponse> {
  const accountId = await configAccount(ctx, query.account);
  const [warehouses, stocks] = await Promise.all([
    config.findWarehouses(ctx, accountId),
    config.findStocks(ctx, accountId),
  ]);
  return {
    accountId,
    warehouses: warehouses.map((w) => ({ id: w.id, commonName: w.common_name })),
    stocks: stocks.map((s) => ({
      id: s.id,
      name: s.name,
      nativeKind: s.native_kind as NativeStockKind | null,
      warehouseId: s.warehouse_id,
      warehouseName: s.warehouse_name,
    })),
  };
}

interface StepInput {
  name: string;
  description: string | null;
  stockId: string;
  kind: RefurbStepKind;
  erasureMethod: string | null;
  costs: { warehouseId: string; costCents: number }[];
}

/**
 * The service as it will be stored, or a 422 with every broken rule: refurbStepIssues (the data
 * erasure's method, one cost per warehouse), the stock among the account's warehouses' stocks, the
 * costs at the account's warehouses.
 */
async function checkedStep(tx: TxContext, accountId: string, step: StepInput) {
  const violations: Violation[] = refurbStepIssues(step).map((i) =>
    violation(i.path.join('.'), i.code, MESSAGES[i.code] ?? i.code),
  );
  const [stocks, warehouses] = await Promise.all([
    config.findStocks(tx, accountId, [step.stockId]),
    config.findWarehouses(tx, accountId),
  ]);
  if (stocks.length === 0)
    violations.push(violation('stockId', 'stock_not_in_account', MESSAGES.stock_not_in_account as string));
  const own = new Set(warehouses.map((w) => w.id));
  step.costs.forEach((cost, index) => {
    if (!own.has(cost.warehouseId))
      violations.push(
        violation(
          `costs.${index}.warehouseId`,
          'warehouse_not_in_account',
          MESSAGES.warehouse_not_in_account as string,
        ),
      );
  });
  if (violations.length) reject(violations);
  return {
    values: {
      name: step.name,
      description: step.description,
      stock_id: step.stockId,
      kind: step.kind,
      // only a data erasure keeps a method
      erasure_method: step.kind === 'data_erasure' ? step.erasureMethod : null,
    },
    costs: step.costs,
  };
}

export async function createRefurbStep(
  ctx: RequestContext,
  input: CreateRefurbStepRequest,
): Promise<RefurbStepResponse> {
  return transact(ctx, async (tx) => {
    const accountId = await configAccount(tx, input.account);
    const step = await checkedStep(tx, accountId, input);
    const id = await repo.insertRefurbStep(tx, { ...step.values, account_id: accountId });
    await repo.replaceCosts(tx, scopeOf(accountId), id, step.costs);
    const response = await responseOf(tx, id);
    await audit(tx, { action: 'create', entityType: ENTITY, entityId: id, accountId, after: response });
    return response;
  });
}

/** A merge-patch: the fields sent replace the service's (`costs` every cost), checked as a whole. */
export async function updateRefurbStep(
  ctx: RequestContext,
  id: string,
  patch: PatchRefurbStepRequest,
): Promise<RefurbStepResponse> {
  return transact(ctx, async (tx) => {
    if (!(await repo.lockRefurbStep(tx, readableAccount(tx), id))) throw notFound('service');
    const current = await reachableStep(tx, id);
    const before = (await responsesOf(tx, [current]))[0] as RefurbStepResponse;
    const step = await checkedStep(tx, current.account_id, {
      name: patch.name ?? before.name,
      description: patch.description !== undefined ? patch.description : before.description,
      stockId: patch.stockId ?? before.stock.id,
      kind: patch.kind ?? before.kind,
      erasureMethod: patch.erasureMethod !== undefined ? patch.erasureMethod : before.erasureMethod,
      costs: patch.costs ?? before.costs.map((c) => ({ warehouseId: c.warehouseId, costCents: c.costCents })),
    });
    const scope = scopeOf(current.account_id);
    await repo.updateRefurbStep(tx, scope, id, step.values);
    if (patch.costs) await repo.replaceCosts(tx, scope, id, step.costs);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}

/**
 * Removes a service no answer plans (else 409 `refurb_step_in_use`); the
 * item services already planned from it keep their name and cost.
 */
export async function deleteRefurbStep(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    if (!(await repo.lockRefurbStep(tx, readableAccount(tx), id))) throw notFound('service');
    const current = await reachableStep(tx, id);
    const answers = await repo.countAnswersOf(tx, id);
    if (answers > 0)
      throw new AppError(
        'refurb_step_in_use',
        `This service is planned by ${answers} answer(s) of diagnosis questions: remove it from them first.`,
      );
    const before = (await responsesOf(tx, [current]))[0];
    await repo.deleteRefurbStep(tx, scopeOf(current.account_id), id);
    await audit(tx, {
      action: 'remove',
      entityType: ENTITY,
      entityId: id,
      accountId: current.account_id,
      before,
    });
  });
}
