import { randomUUID } from 'node:crypto';
import {
  type BonusMode,
  type CategoryCircuitsResponse,
  type CircuitChannel,
  type CircuitResponse,
  type CircuitType,
  type CircuitWarehouseResponse,
  type CreateCircuitRequest,
  circuitTypeOf,
  circuitViolations,
  type DepositType,
  type DispatchCircuitRuleStatus,
  type InstructionInput,
  type InstructionType,
  type ListCircuitsQuery,
  modifierOf,
  type PatchCircuitRequest,
  type PaymentModeType,
  type Status,
  type TransportProviderResponse,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import { orderFrom, type Page } from '../../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../../platform/request-context';
import { iso, lockAccountConfiguration, readAccount, reject, violation, writeAccount } from '../config-scope';
import { paymentModeIdsIn } from '../payment-modes';
import * as repo from './circuits.repository';

const MESSAGES: Record<string, string> = {
  bonus_mode_required: 'Choose a bonus/malus mode to give a value.',
  required: 'A value is required with this bonus/malus mode.',
  bonus_value_zero: 'The bonus/malus value cannot be 0.',
  bonus_value_range: 'The bonus/malus value is out of range.',
  bonus_cap_percentage_only: 'Only a percentage bonus/malus has a cap.',
  bonus_cap_zero: 'The cap cannot be 0.',
  bonus_cap_sign: 'The cap must have the same sign as the bonus/malus value.',
  circuit_type_not_allowed: 'This channel and deposit type do not form a circuit type.',
  warehouse_required: 'A drop or drop_label circuit needs a warehouse.',
  transport_required: 'A post or drop_label circuit needs a transport provider.',
};

async function toCircuitResponses(ctx: RequestContext, rows: repo.CircuitRow[]): Promise<CircuitResponse[]> {
  const ids = rows.map((r) => r.id);
  const [instructions, paymentModes, categories] = await Promise.all([
    repo.instructionsOf(ctx, { circuitIds: ids }),
    repo.paymentModesOf(ctx, ids),
    repo.dispatchCircuitRuleCategoriesOf(
      ctx,
      rows.map((r) => r.rule_id),
    ),
  ]);
  return rows.map((row) => {
    const bonus = {
      bonusMode: row.bonus_mode as BonusMode,
      bonusValue: row.bonus_value,
      bonusCap: row.bonus_cap,
    };
    const modes = paymentModes.filter((p) => p.circuit_id === row.id);
    const linked = categories.filter((k) => k.rule_id === row.rule_id);
    return {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      channel: row.channel as CircuitChannel,
      depositType: row.deposit_type as DepositType,
      type: row.type as CircuitType,
      status: row.status as Status,
      transferOrderNumberOfCopy: row.transfer_order_number_of_copy,
      description: row.description,
      eligibleCountries: row.eligible_countries,
      paymentModeIds: modes.map((p) => p.id),
      paymentModes: modes.map((p) => ({
        id: p.id,
        label: p.label,
        type: p.type as PaymentModeType,
        status: p.status as Status,
      })),
      ...bonus,
      modifier: modifierOf(bonus),
      warehouseId: row.warehouse_id,
      warehouse: row.warehouse_id ? { id: row.warehouse_id, name: row.warehouse_name ?? '' } : null,
      transportProviderId: row.transport_provider_id,
      transportProvider: row.transport_provider_id
        ? { id: row.transport_provider_id, name: row.transport_provider_name ?? '' }
        : null,
      defaultInstructions: instructions
        .filter((i) => i.circuit_id === row.id)
        .map((i) => ({ id: i.id, sequence: i.sequence, label: i.label, type: i.type as InstructionType })),
      dispatchCircuitRuleId: row.rule_id,
      dispatchCircuitRuleStatus: row.rule_status as DispatchCircuitRuleStatus,
      categories: linked.map((k) => ({ id: k.id, identifier: k.identifier, label: k.label })),
      numberOfCategories: linked.length,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  });
}

async function responseOf(ctx: RequestContext, id: string): Promise<CircuitResponse> {
  const row = (await repo.findCircuit(ctx, null, id)) as repo.CircuitRow;
  return (await toCircuitResponses(ctx, [row]))[0] as CircuitResponse;
}

export async function listCircuits(
  ctx: RequestContext,
  query: ListCircuitsQuery,
): Promise<Page<CircuitResponse>> {
  const order = orderFrom(query, ['name', 'type', 'status'] as const, { field: 'name', direction: 'asc' });
  const { rows, total } = await repo.listCircuits(ctx, readAccount(ctx.actor, query.accountId), {
    channel: query.channel,
    type: query.type,
    status: query.status,
    order,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: await toCircuitResponses(ctx, rows), totalItems: total };
}

export async function getCircuit(ctx: RequestContext, id: string): Promise<CircuitResponse> {
  const row = await repo.findCircuit(ctx, readAccount(ctx.actor), id);
  if (!row) throw notFound('circuit');
  return (await toCircuitResponses(ctx, [row]))[0] as CircuitResponse;
}

export async function listTransportProviders(ctx: RequestContext): Promise<TransportProviderResponse[]> {
  return (await repo.listTransportProviders(ctx)).map((t) => ({
    id: t.id,
    code: t.code,
    name: t.name,
    status: t.status as Status,
  }));
}

export async function listCircuitWarehouses(
  ctx: RequestContext,
  accountId?: string,
): Promise<CircuitWarehouseResponse[]> {
  const account = readAccount(ctx.actor, accountId);
  if (!account) reject([violation('accountId', 'required', 'Name the retailer account.')]);
  return (await repo.connectedWarehouses(ctx, account)).map((w) => ({
    id: w.id,
    commonName: w.common_name,
    city: w.city,
    accountName: w.account_name,
  }));
}

interface CircuitState {
  name: string;
  channel: CircuitChannel;
  depositType: DepositType;
  status: Status;
  transferOrderNumberOfCopy: number;
  description: string | null;
  eligibleCountries: string[];
  paymentModeIds: string[];
  bonusMode: BonusMode;
  bonusValue: number | null;
  bonusCap: number | null;
  warehouseId: string | null;
  transportProviderId: string | null;
  defaultInstructions: InstructionInput[];
}

/** Cross-field rules, then the references: payment modes of the account, a connected warehouse, an active transport. */
async function checkCircuit(
  tx: TxContext,
  accountId: string,
  next: CircuitState,
  changed: Set<keyof CircuitState>,
) {
  const rules = circuitViolations(next);
  if (rules.length) reject(rules.map((r) => violation(r.path, r.code, MESSAGES[r.code] ?? 'Not allowed.')));
  const violations: Violation[] = [];
  if (changed.has('paymentModeIds')) {
    const known = await paymentModeIdsIn(tx, accountId, next.paymentModeIds);
    if (next.paymentModeIds.some((id) => !known.has(id)))
      violations.push(
        violation(
          'paymentModeIds',
          'payment_mode_not_found',
          'Every payment mode must be one of the account.',
        ),
      );
  }
  if (changed.has('warehouseId') && next.warehouseId) {
    const found = await repo.connectedWarehouses(tx, accountId, [next.warehouseId]);
    if (!found.length)
      violations.push(
        violation(
          'warehouseId',
          'warehouse_not_allowed',
          'The warehouse must be an active warehouse connected to the account.',
        ),
      );
  }
  if (changed.has('transportProviderId') && next.transportProviderId) {
    if (!(await repo.activeTransportProvider(tx, next.transportProviderId)))
      violations.push(
        violation(
          'transportProviderId',
          'transport_provider_not_found',
          'This transport provider is not available.',
        ),
      );
  }
  if (violations.length) reject(violations);
}

/**
 * Status rules across circuits: one active store_drop per account; an active web_drop needs an
 * active store_drop; the active store_drop cannot be deactivated while an active web_drop exists.
 */
async function checkStatusRules(
  tx: TxContext,
  accountId: string,
  id: string,
  before: { type: CircuitType; status: Status } | null,
  after: { type: CircuitType; status: Status },
) {
  if (after.type === 'store_drop' && after.status === 'active') {
    if ((await repo.countActiveOfType(tx, accountId, 'store_drop', id)) > 0)
      throw new AppError('store_drop_already_active', 'Only one store_drop circuit may be active.', [
        violation('status', 'store_drop_already_active', 'Only one store_drop circuit may be active.'),
      ]);
  }
  if (after.type === 'web_drop' && after.status === 'active') {
    if ((await repo.countActiveOfType(tx, accountId, 'store_drop', id)) === 0)
      throw new AppError(
        'store_drop_required',
        'An active web_drop circuit needs an active store_drop circuit.',
        [
          violation(
            'status',
            'store_drop_required',
            'An active web_drop circuit needs an active store_drop circuit.',
          ),
        ],
      );
  }
  if (before?.type === 'store_drop' && before.status === 'active' && after.status !== 'active') {
    if ((await repo.countActiveOfType(tx, accountId, 'web_drop', id)) > 0)
      throw new AppError(
        'store_drop_in_use',
        'The store_drop circuit cannot be deactivated while an active web_drop circuit needs it.',
        [
          violation(
            'status',
            'store_drop_in_use',
            'The store_drop circuit cannot be deactivated while an active web_drop circuit needs it.',
          ),
        ],
      );
  }
}

const columnsOf = (s: CircuitState) => ({
  name: s.name,
  status: s.status,
  transfer_order_number_of_copy: s.transferOrderNumberOfCopy,
  description: s.description,
  eligible_countries: s.eligibleCountries,
  bonus_mode: s.bonusMode,
  bonus_value: s.bonusValue,
  bonus_cap: s.bonusCap,
  warehouse_id: s.warehouseId,
  transport_provider_id: s.transportProviderId,
});

export async function createCircuit(
  ctx: RequestContext,
  input: CreateCircuitRequest,
): Promise<CircuitResponse> {
  const accountId = await writeAccount(ctx, input.accountId);
  const state: CircuitState = {
    name: input.name,
    channel: input.channel,
    depositType: input.depositType,
    status: input.status,
    transferOrderNumberOfCopy: input.transferOrderNumberOfCopy,
    description: input.description,
    eligibleCountries: input.eligibleCountries,
    paymentModeIds: input.paymentModeIds,
    bonusMode: input.bonusMode,
    bonusValue: input.bonusValue,
    bonusCap: input.bonusCap,
    warehouseId: input.warehouseId,
    transportProviderId: input.transportProviderId,
    defaultInstructions: input.defaultInstructions,
  };
  const id = randomUUID();
  return transact(ctx, async (tx) => {
    await lockAccountConfiguration(tx, accountId);
    await checkCircuit(tx, accountId, state, new Set(Object.keys(state) as (keyof CircuitState)[]));
    const type = circuitTypeOf(state.channel, state.depositType) as CircuitType;
    await checkStatusRules(tx, accountId, id, null, { type, status: state.status });
    await repo.insertCircuit(tx, {
      id,
      account_id: accountId,
      channel: state.channel,
      deposit_type: state.depositType,
      ...columnsOf(state),
    });
    await repo.insertDispatchCircuitRule(tx, { id: randomUUID(), account_id: accountId, circuit_id: id });
    await repo.replacePaymentModes(tx, id, state.paymentModeIds);
    await repo.replaceInstructions(tx, { circuitId: id }, state.defaultInstructions);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'create',
      entityType: 'circuit',
      entityId: id,
      accountId,
      after: response,
    });
    return response;
  });
}

export async function updateCircuit(
  ctx: RequestContext,
  id: string,
  input: PatchCircuitRequest,
): Promise<CircuitResponse> {
  return transact(ctx, async (tx) => {
    const scope = readAccount(ctx.actor);
    const found = await repo.findCircuit(tx, scope, id);
    if (!found) throw notFound('circuit');
    await lockAccountConfiguration(tx, found.account_id);
    const current = (await repo.findCircuit(tx, scope, id, { forUpdate: true })) as repo.CircuitRow;
    for (const field of ['channel', 'depositType'] as const) {
      const was = field === 'channel' ? current.channel : current.deposit_type;
      if (input[field] !== undefined && input[field] !== was)
        throw new AppError('immutable_field', `The ${field} of a circuit cannot change.`, [
          violation(field, 'immutable_field', `The ${field} of a circuit cannot change.`),
        ]);
    }
    const before = (await toCircuitResponses(tx, [current]))[0] as CircuitResponse;
    const state: CircuitState = {
      name: input.name ?? before.name,
      channel: before.channel,
      depositType: before.depositType,
      status: input.status ?? before.status,
      transferOrderNumberOfCopy: input.transferOrderNumberOfCopy ?? before.transferOrderNumberOfCopy,
      description: input.description !== undefined ? input.description : before.description,
      eligibleCountries: input.eligibleCountries ?? before.eligibleCountries,
      paymentModeIds: input.paymentModeIds ?? before.paymentModeIds,
      bonusMode: input.bonusMode ?? before.bonusMode,
      bonusValue: input.bonusValue !== undefined ? input.bonusValue : before.bonusValue,
      bonusCap: input.bonusCap !== undefined ? input.bonusCap : before.bonusCap,
      warehouseId: input.warehouseId !== undefined ? input.warehouseId : before.warehouseId,
      transportProviderId:
        input.transportProviderId !== undefined ? input.transportProviderId : before.transportProviderId,
      defaultInstructions:
        input.defaultInstructions ??
        before.defaultInstructions.map((i) => ({ label: i.label, type: i.type })),
    };
    // switching the bonus/malus off clears its value and cap
    if (state.bonusMode === 'disabled' && input.bonusValue === undefined) state.bonusValue = null;
    if (state.bonusMode !== 'percentage' && input.bonusCap === undefined) state.bonusCap = null;
    const changed = new Set(
      (Object.keys(input) as (keyof CircuitState)[]).filter((k) => k !== 'channel' && k !== 'depositType'),
    );
    await checkCircuit(tx, current.account_id, state, changed);
    await checkStatusRules(
      tx,
      current.account_id,
      id,
      { type: before.type, status: before.status },
      { type: before.type, status: state.status },
    );
    await repo.updateCircuit(tx, id, columnsOf(state));
    if (input.paymentModeIds) await repo.replacePaymentModes(tx, id, state.paymentModeIds);
    if (input.defaultInstructions)
      await repo.replaceInstructions(tx, { circuitId: id }, state.defaultInstructions);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: 'circuit',
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}

// ---------- category links ----------

export async function listCategoryCircuits(
  ctx: RequestContext,
  categoryId: string,
): Promise<CategoryCircuitsResponse> {
  const category = await repo.findCategory(ctx, readAccount(ctx.actor), categoryId);
  if (!category) throw notFound('category');
  const rows = await repo.circuitsOfCategory(ctx, categoryId);
  return {
    categoryId,
    member: rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type as CircuitType,
      status: r.status as Status,
      dispatchCircuitRuleId: r.rule_id,
    })),
  };
}

/** Links (or unlinks) a category to a circuit of the same account, through the circuit's dispatch circuit rule. */
async function setLink(ctx: RequestContext, categoryId: string, circuitId: string, linked: boolean) {
  return transact(ctx, async (tx) => {
    const category = await repo.findCategory(tx, readAccount(ctx.actor), categoryId);
    if (!category) throw notFound('category');
    const circuit = await repo.findCircuit(tx, category.account_id, circuitId, { forUpdate: true });
    if (!circuit) throw notFound('circuit');
    const before = await repo.dispatchCircuitRuleCategoryIds(tx, circuit.rule_id);
    if (linked !== before.includes(categoryId)) {
      if (linked) await repo.linkCategory(tx, circuit.rule_id, categoryId);
      else await repo.unlinkCategory(tx, circuit.rule_id, categoryId);
      await audit(tx, {
        action: 'update',
        entityType: 'dispatch_circuit_rule',
        entityId: circuit.rule_id,
        accountId: category.account_id,
        before: { categoryIds: before },
        after: { categoryIds: await repo.dispatchCircuitRuleCategoryIds(tx, circuit.rule_id) },
      });
    }
    return listCategoryCircuits(tx, categoryId);
  });
}

export function linkCategory(ctx: RequestContext, categoryId: string, circuitId: string) {
  return setLink(ctx, categoryId, circuitId, true);
}

export function unlinkCategory(ctx: RequestContext, categoryId: string, circuitId: string) {
  return setLink(ctx, categoryId, circuitId, false);
}
