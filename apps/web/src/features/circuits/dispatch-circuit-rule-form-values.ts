import type {
  DispatchCircuitRuleResponse,
  InstructionType,
  PatchDispatchCircuitRuleRequest,
} from '@reprise/shared';
import { type InstructionRow, instructionRow } from './instructions-field';

export interface DispatchCircuitRuleFormValues {
  enabled: boolean;
  description: string;
  terms: string;
  traceabilityEnabled: boolean;
  highlightedInstruction: string;
  /** False: the circuit's countries. */
  ownCountries: boolean;
  eligibleCountries: string[];
  ownInstructions: boolean;
  instructions: InstructionRow[];
}

export function dispatchCircuitRuleFormValues(
  rule: DispatchCircuitRuleResponse,
): DispatchCircuitRuleFormValues {
  return {
    enabled: rule.status === 'enabled',
    description: rule.description ?? '',
    terms: rule.terms ?? '',
    traceabilityEnabled: rule.traceabilityEnabled,
    highlightedInstruction: rule.highlightedInstruction ?? '',
    ownCountries: rule.eligibleCountries !== null,
    eligibleCountries: rule.eligibleCountries ?? rule.effectiveEligibleCountries,
    ownInstructions: rule.ownInstructions,
    // a rule without instructions of its own starts from a copy of the circuit's
    instructions: (rule.instructions.length ? rule.instructions : rule.effectiveInstructions).map((i) =>
      instructionRow(i.label, i.type as InstructionType),
    ),
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

/** The whole rule as the API takes it (PATCH with every field; the schema checks it). */
export function toDispatchCircuitRuleRequest(
  values: DispatchCircuitRuleFormValues,
): Required<Omit<PatchDispatchCircuitRuleRequest, 'customValues'>> {
  return {
    status: values.enabled ? 'enabled' : 'disabled',
    description: textOrNull(values.description),
    terms: textOrNull(values.terms),
    traceabilityEnabled: values.traceabilityEnabled,
    highlightedInstruction: textOrNull(values.highlightedInstruction),
    eligibleCountries: values.ownCountries ? values.eligibleCountries : null,
    ownInstructions: values.ownInstructions,
    instructions: values.ownInstructions
      ? values.instructions.map(({ label, type }) => ({ label, type }))
      : [],
  };
}

/** Changed fields only; the rule's own instructions are kept on the server while unused. */
export function dispatchCircuitRulePatch(
  initial: DispatchCircuitRuleFormValues,
  current: DispatchCircuitRuleFormValues,
): PatchDispatchCircuitRuleRequest {
  const before = toDispatchCircuitRuleRequest(initial) as Record<string, unknown>;
  const after = toDispatchCircuitRuleRequest(current) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'instructions' && !current.ownInstructions) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  }
  return patch as PatchDispatchCircuitRuleRequest;
}
