import {
  RefurbQuestionForm,
  RefurbStepForm,
  type RefurbStepResponse,
  refurbStepIssues,
} from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { moved } from './question-order';
import {
  emptyRefurbQuestion,
  refurbQuestionFormValues,
  toRefurbQuestionRequest,
} from './refurb-question-form-values';
import {
  emptyRefurbStep,
  formPathOf,
  refurbStepFormValues,
  toRefurbStepRequest,
} from './refurb-step-form-values';

const SAINT_PRIEST = '00000000-0000-4000-8000-000000000302';
const ROUBAIX = '00000000-0000-4000-8000-000000000303';
const WORKSHOP = '00000000-0000-4000-8000-000000000521';
const CLEANING = '00000000-0000-4000-8000-000000000531';

const issuesOf = (schema: typeof RefurbStepForm | typeof RefurbQuestionForm, values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('service form values', () => {
  it('a filled form is a valid request: costs typed in euros are sent in cents, an empty cost is not sent', () => {
    const request = toRefurbStepRequest({
      ...emptyRefurbStep(),
      name: 'Nettoyage',
      stockId: WORKSHOP,
      erasureMethod: 'forgotten when standard',
      costs: { [SAINT_PRIEST]: 4.5, [ROUBAIX]: '' },
    });
    expect(request).toEqual({
      name: 'Nettoyage',
      description: '',
      stockId: WORKSHOP,
      kind: 'standard',
      erasureMethod: null,
      costs: [{ warehouseId: SAINT_PRIEST, costCents: 450 }],
    });
    expect(issuesOf(RefurbStepForm, request)).toEqual([]);
  });

  it('a data erasure without a method, a missing stock and a nonsense cost are refused as the server does', () => {
    const request = toRefurbStepRequest({
      ...emptyRefurbStep(),
      name: 'Effacement',
      kind: 'data_erasure',
      costs: { [SAINT_PRIEST]: 'abc' },
    });
    expect(issuesOf(RefurbStepForm, request)).toEqual(['stockId: required', 'costs.0.costCents: required']);
    // the refinement waits for well-formed fields: the form tells its rules at once too (use-refurb-step-form.ts)
    expect(refurbStepIssues(request)).toEqual([{ path: ['erasureMethod'], code: 'erasure_method_required' }]);
    // a cost's issue belongs to its warehouse's input
    expect(formPathOf(['costs', 0, 'costCents'], request)).toBe(`costs.${SAINT_PRIEST}`);
    expect(formPathOf(['costs', '0', 'warehouseId'], request)).toBe(`costs.${SAINT_PRIEST}`);
    expect(formPathOf(['costs'], request)).toBe('costs');
    expect(formPathOf(['erasureMethod'], request)).toBe('erasureMethod');
  });

  it('a saved service fills the form, its costs in euros by warehouse', () => {
    const step: RefurbStepResponse = {
      id: CLEANING,
      name: 'Nettoyage complet',
      description: null,
      kind: 'data_erasure',
      erasureMethod: 'NIST',
      stock: { id: WORKSHOP, name: 'Atelier', nativeKind: null, warehouseId: SAINT_PRIEST },
      costs: [{ warehouseId: ROUBAIX, warehouseName: 'Roubaix', costCents: 350 }],
      answerCount: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(refurbStepFormValues(step)).toEqual({
      name: 'Nettoyage complet',
      description: '',
      stockId: WORKSHOP,
      kind: 'data_erasure',
      erasureMethod: 'NIST',
      costs: { [ROUBAIX]: 3.5 },
    });
    expect(toRefurbStepRequest(refurbStepFormValues(step)).costs).toEqual([
      { warehouseId: ROUBAIX, costCents: 350 },
    ]);
  });
});

describe('diagnosis question form values', () => {
  it('a new question has one answer: the schema asks for a second one', () => {
    const values = { ...emptyRefurbQuestion(), label: 'Boutons' };
    values.answers[0] = { ...(values.answers[0] as (typeof values.answers)[number]), label: 'OK' };
    expect(issuesOf(RefurbQuestionForm, toRefurbQuestionRequest(values))).toEqual([
      'answers: at_least_two_answers',
    ]);
  });

  it('answers keep their id and services; two answers with the same label are refused', () => {
    const values = refurbQuestionFormValues({
      id: '00000000-0000-4000-8000-000000000541',
      label: "État de l'écran",
      type: 'unique',
      position: 0,
      answers: [
        {
          id: '00000000-0000-4000-8000-00000000a001',
          label: 'Rayé',
          refurbSteps: [{ id: CLEANING, name: 'N' }],
        },
        { id: '00000000-0000-4000-8000-00000000a002', label: 'Intact', refurbSteps: [] },
      ],
      productCount: 0,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const request = toRefurbQuestionRequest(values);
    expect(request.answers).toEqual([
      { id: '00000000-0000-4000-8000-00000000a001', label: 'Rayé', refurbStepIds: [CLEANING] },
      { id: '00000000-0000-4000-8000-00000000a002', label: 'Intact', refurbStepIds: [] },
    ]);
    expect(issuesOf(RefurbQuestionForm, request)).toEqual([]);
    const duplicate = { ...request, answers: [...request.answers, { label: ' RAYÉ ', refurbStepIds: [] }] };
    expect(issuesOf(RefurbQuestionForm, duplicate)).toEqual(['answers.2.label: duplicate_answer_label']);
  });

  it('moving a question up or down sends the whole list in its new order', () => {
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(moved(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(list, 1, 1)).toEqual(['a', 'c', 'b']);
  });
});
