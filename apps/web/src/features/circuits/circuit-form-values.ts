import type {
  BonusMode,
  CircuitChannel,
  CircuitResponse,
  CreateCircuitInput,
  DepositType,
  InstructionType,
  PatchCircuitRequest,
  Status,
} from '@reprise/shared';
import { type InstructionRow, instructionRow } from './instructions-field';

/** The circuit form as Mantine holds it: numbers may be '' while typed, lists keep row keys. */
export interface CircuitFormValues {
  name: string;
  channel: CircuitChannel;
  depositType: DepositType;
  status: Status;
  transferOrderNumberOfCopy: number | string;
  description: string;
  eligibleCountries: string[];
  paymentModeIds: string[];
  bonusMode: BonusMode;
  bonusValue: number | string;
  bonusCap: number | string;
  warehouseId: string | null;
  transportProviderId: string | null;
  defaultInstructions: InstructionRow[];
}

export const emptyCircuit = (): CircuitFormValues => ({
  name: '',
  channel: 'store',
  depositType: 'drop',
  status: 'active',
  transferOrderNumberOfCopy: 1,
  description: '',
  eligibleCountries: ['FR'],
  paymentModeIds: [],
  bonusMode: 'disabled',
  bonusValue: '',
  bonusCap: '',
  warehouseId: null,
  transportProviderId: null,
  defaultInstructions: [],
});

export function circuitFormValues(circuit: CircuitResponse): CircuitFormValues {
  return {
    name: circuit.name,
    channel: circuit.channel,
    depositType: circuit.depositType,
    status: circuit.status,
    transferOrderNumberOfCopy: circuit.transferOrderNumberOfCopy,
    description: circuit.description ?? '',
    eligibleCountries: circuit.eligibleCountries,
    paymentModeIds: circuit.paymentModeIds,
    bonusMode: circuit.bonusMode,
    bonusValue: circuit.bonusValue ?? '',
    bonusCap: circuit.bonusCap ?? '',
    warehouseId: circuit.warehouseId,
    transportProviderId: circuit.transportProviderId,
    defaultInstructions: circuit.defaultInstructions.map((i) =>
      instructionRow(i.label, i.type as InstructionType),
    ),
  };
}

/** '' (an emptied number input) is no value. */
const numberOrNull = (value: number | string): number | null =>
  value === '' || value === null ? null : Number(value);

/** The request body of the form (the create schema validates it; an edit sends its changed fields). */
export function toCircuitRequest(values: CircuitFormValues): CreateCircuitInput {
  const bonusOn = values.bonusMode !== 'disabled';
  return {
    name: values.name,
    channel: values.channel,
    depositType: values.depositType,
    status: values.status,
    transferOrderNumberOfCopy: numberOrNull(values.transferOrderNumberOfCopy) ?? Number.NaN,
    description: values.description.trim() === '' ? null : values.description,
    eligibleCountries: values.eligibleCountries,
    paymentModeIds: values.paymentModeIds,
    bonusMode: values.bonusMode,
    // a value left in a hidden input does not count once the mode is off
    bonusValue: bonusOn ? numberOrNull(values.bonusValue) : null,
    bonusCap: values.bonusMode === 'percentage' ? numberOrNull(values.bonusCap) : null,
    warehouseId: values.warehouseId || null,
    transportProviderId: values.transportProviderId || null,
    defaultInstructions: values.defaultInstructions.map(({ label, type }) => ({ label, type })),
  };
}

/** The fields that changed between two states of the form, as a merge-patch. */
export function circuitPatch(initial: CircuitFormValues, current: CircuitFormValues): PatchCircuitRequest {
  const before = toCircuitRequest(initial) as Record<string, unknown>;
  const after = toCircuitRequest(current) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === 'channel' || key === 'depositType') continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  }
  return patch as PatchCircuitRequest;
}
