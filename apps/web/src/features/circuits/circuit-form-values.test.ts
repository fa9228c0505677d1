import { CreateCircuitRequest } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { circuitPatch, emptyCircuit, toCircuitRequest } from './circuit-form-values';
import { instructionRow } from './instructions-field';

const valid = () => ({
  ...emptyCircuit(),
  name: 'Dépôt',
  warehouseId: '00000000-0000-4000-8000-000000000302',
  defaultInstructions: [instructionRow('Signez', 'sign'), instructionRow('Rangez', 'close')],
});

describe('circuit form values', () => {
  it('a filled form is a valid create request, instructions in their order without row keys', () => {
    const request = toCircuitRequest(valid());
    expect(CreateCircuitRequest.safeParse(request).success).toBe(true);
    expect(request.defaultInstructions).toEqual([
      { label: 'Signez', type: 'sign' },
      { label: 'Rangez', type: 'close' },
    ]);
  });

  it('a bonus value left in the form does not count once the mode is off; a cap only with a percentage', () => {
    const request = toCircuitRequest({ ...valid(), bonusMode: 'disabled', bonusValue: 5, bonusCap: 10 });
    expect(request).toMatchObject({ bonusValue: null, bonusCap: null });
    expect(toCircuitRequest({ ...valid(), bonusMode: 'amount', bonusValue: 5, bonusCap: 10 })).toMatchObject({
      bonusValue: 5,
      bonusCap: null,
    });
  });

  it('the shared schema refuses what the server refuses: a drop circuit without warehouse', () => {
    const result = CreateCircuitRequest.safeParse(toCircuitRequest({ ...valid(), warehouseId: null }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'warehouseId',
      'warehouse_required',
    ]);
  });

  it('the patch holds the changed fields only; a reorder changes the instructions', () => {
    const initial = valid();
    const [first, second] = initial.defaultInstructions;
    const current = {
      ...initial,
      name: 'Dépôt magasin',
      defaultInstructions: [second, first].filter((r) => r !== undefined),
    };
    expect(circuitPatch(initial, current)).toEqual({
      name: 'Dépôt magasin',
      defaultInstructions: [
        { label: 'Rangez', type: 'close' },
        { label: 'Signez', type: 'sign' },
      ],
    });
    expect(circuitPatch(initial, initial)).toEqual({});
  });
});
