import {
  type CircuitChannel,
  type CircuitType,
  type DispatchCircuitRuleResponse,
  type DispatchCircuitRuleStatus,
  dispatchCircuitRuleViolations,
  type Instruction,
  type InstructionType,
  type ListDispatchCircuitRulesQuery,
  type PatchDispatchCircuitRulePremiumActionRequest,
  type PatchDispatchCircuitRuleRequest,
  type PremiumAction,
  type PremiumActionQuery,
  type PremiumActionResponse,
  type Status,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import type { Page } from '../../../platform/pagination';
import { type RequestContext, transact } from '../../../platform/request-context';
import { activeConnectorActions, launchPremiumAction } from '../../connectors';
import * as circuits from '../circuits';
import { iso, readAccount, reject, violation } from '../config-scope';
import * as repo from './dispatch-circuit-rules.repository';

const toInstruction = (i: circuits.InstructionRow): Instruction => ({
  id: i.id,
  sequence: i.sequence,
  label: i.label,
  type: i.type as InstructionType,
});

async function responsesOf(
  ctx: RequestContext,
  rows: repo.DispatchCircuitRuleRow[],
): Promise<DispatchCircuitRuleResponse[]> {
  const [instructions, categories] = await Promise.all([
    circuits.instructionsOf(ctx, {
      circuitIds: rows.map((r) => r.circuit_id),
      ruleIds: rows.map((r) => r.id),
    }),
    circuits.dispatchCircuitRuleCategoriesOf(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => {
    const own = instructions.filter((i) => i.dispatch_circuit_rule_id === row.id).map(toInstruction);
    const defaults = instructions.filter((i) => i.circuit_id === row.circuit_id).map(toInstruction);
    const linked = categories.filter((k) => k.rule_id === row.id);
    return {
      id: row.id,
      accountId: row.account_id,
      circuit: {
        id: row.circuit_id,
        name: row.circuit_name,
        type: row.circuit_type as CircuitType,
        channel: row.circuit_channel as CircuitChannel,
        status: row.circuit_status as Status,
      },
      circuitName: row.circuit_name,
      categories: linked.map((k) => ({ id: k.id, identifier: k.identifier, label: k.label })),
      categoryIds: linked.map((k) => k.id),
      numberOfCategories: linked.length,
      status: row.status as DispatchCircuitRuleStatus,
      description: row.description,
      terms: row.terms,
      traceabilityEnabled: row.traceability_enabled,
      highlightedInstruction: row.highlighted_instruction,
      eligibleCountries: row.eligible_countries,
      effectiveEligibleCountries: row.eligible_countries ?? row.circuit_countries,
      ownInstructions: row.own_instructions,
      instructions: own,
      effectiveInstructions: row.own_instructions ? own : defaults,
      customValues: row.custom_values ?? {},
      premiumAction: (row.premium_action as PremiumAction | null) ?? null,
      updatedAt: iso(row.updated_at),
    };
  });
}

export async function listDispatchCircuitRules(
  ctx: RequestContext,
  query: ListDispatchCircuitRulesQuery,
): Promise<Page<DispatchCircuitRuleResponse>> {
  const { rows, total } = await repo.listDispatchCircuitRules(ctx, readAccount(ctx.actor, query.accountId), {
    status: query.status,
    circuit: query.circuit,
    category: query.category,
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: await responsesOf(ctx, rows), totalItems: total };
}

export async function getDispatchCircuitRule(
  ctx: RequestContext,
  id: string,
): Promise<DispatchCircuitRuleResponse> {
  const row = await repo.findDispatchCircuitRule(ctx, readAccount(ctx.actor), id);
  if (!row) throw notFound('dispatch circuit rule');
  return (await responsesOf(ctx, [row]))[0] as DispatchCircuitRuleResponse;
}

export async function updateDispatchCircuitRule(
  ctx: RequestContext,
  id: string,
  input: PatchDispatchCircuitRuleRequest,
): Promise<DispatchCircuitRuleResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findDispatchCircuitRule(tx, readAccount(ctx.actor), id, { forUpdate: true });
    if (!current) throw notFound('dispatch circuit rule');
    const before = (await responsesOf(tx, [current]))[0] as DispatchCircuitRuleResponse;
    const next = {
      status: input.status ?? before.status,
      description: input.description !== undefined ? input.description : before.description,
      terms: input.terms !== undefined ? input.terms : before.terms,
      traceabilityEnabled: input.traceabilityEnabled ?? before.traceabilityEnabled,
      highlightedInstruction:
        input.highlightedInstruction !== undefined
          ? input.highlightedInstruction
          : before.highlightedInstruction,
      eligibleCountries:
        input.eligibleCountries !== undefined ? input.eligibleCountries : before.eligibleCountries,
      ownInstructions: input.ownInstructions ?? before.ownInstructions,
      instructions: input.instructions ?? before.instructions.map((i) => ({ label: i.label, type: i.type })),
      customValues: input.customValues ?? before.customValues,
    };
    const issues = dispatchCircuitRuleViolations(next);
    if (issues.length)
      reject(
        issues.map((i) => violation(i.path, i.code, 'Give at least one instruction, or use the circuit’s.')),
      );
    await repo.updateDispatchCircuitRule(tx, id, {
      status: next.status,
      description: next.description,
      terms: next.terms,
      traceability_enabled: next.traceabilityEnabled,
      highlighted_instruction: next.highlightedInstruction,
      eligible_countries: next.eligibleCountries,
      own_instructions: next.ownInstructions,
      custom_values: JSON.stringify(next.customValues),
    });
    if (input.instructions) await circuits.replaceInstructions(tx, { ruleId: id }, next.instructions);
    const response = (
      await responsesOf(tx, [
        (await repo.findDispatchCircuitRule(tx, null, id)) as repo.DispatchCircuitRuleRow,
      ])
    )[0] as DispatchCircuitRuleResponse;
    await audit(tx, {
      action: 'update',
      entityType: 'dispatch_circuit_rule',
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}

// ---------- the rule's premium action (docs/connectors.md, "Premium actions of a dispatch circuit rule") ----------

/**
 * Sets the premium action the rule launches (null: none). The action must be one an active
 * premium-feature configuration of the rule's account answers (422 `premium_action_unavailable`
 * on `action` otherwise); one transaction with its audit entry.
 */
export async function setDispatchCircuitRulePremiumAction(
  ctx: RequestContext,
  id: string,
  input: PatchDispatchCircuitRulePremiumActionRequest,
): Promise<DispatchCircuitRuleResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findDispatchCircuitRule(tx, readAccount(ctx.actor), id, { forUpdate: true });
    if (!current) throw notFound('dispatch circuit rule');
    if (input.action && !(await activeConnectorActions(tx, current.account_id)).includes(input.action))
      throw new AppError(
        'validation_failed',
        'No active premium-feature configuration answers this action.',
        [
          violation(
            'action',
            'premium_action_unavailable',
            'No active premium-feature configuration answers it.',
          ),
        ],
      );
    await repo.updateDispatchCircuitRule(tx, id, { premium_action: input.action });
    await audit(tx, {
      action: 'update',
      entityType: 'dispatch_circuit_rule',
      entityId: id,
      accountId: current.account_id,
      before: { premiumAction: current.premium_action },
      after: { premiumAction: input.action },
    });
    return (
      await responsesOf(tx, [
        (await repo.findDispatchCircuitRule(tx, null, id)) as repo.DispatchCircuitRuleRow,
      ])
    )[0] as DispatchCircuitRuleResponse;
  });
}

/**
 * Runs the rule's premium action within its categories: the products it answers are those the
 * rule serves (main category one of the rule's, or below one). 404 `premium_action_unavailable`
 * when the rule is disabled, launches another action or none, or no active configuration answers it.
 */
export async function launchDispatchCircuitRulePremiumAction(
  ctx: RequestContext,
  id: string,
  query: PremiumActionQuery,
): Promise<PremiumActionResponse> {
  const row = await repo.findDispatchCircuitRule(ctx, readAccount(ctx.actor), id);
  if (!row) throw notFound('dispatch circuit rule');
  if (row.status !== 'enabled' || row.premium_action !== query.action)
    throw new AppError('premium_action_unavailable', 'This rule launches no such premium action.');
  const categories = await circuits.dispatchCircuitRuleCategoriesOf(ctx, [row.id]);
  return launchPremiumAction(ctx, query, {
    accountId: row.account_id,
    categoryIds: categories.map((k) => k.id),
  });
}
