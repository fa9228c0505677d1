import { describe, expect, it } from 'vitest';
import type { RefurbQuestionRow } from './refurb-diagnosis.repository';
import { checkAnswers, checkFirstRefurbStep, checkPlan, serviceOrder } from './refurb-diagnosis.rules';

const SCREEN = '00000000-0000-4000-8000-000000000001';
const WORKS = '00000000-0000-4000-8000-000000000002';

const questions: RefurbQuestionRow[] = [
  {
    id: SCREEN,
    label: "État de l'écran",
    type: 'unique',
    answers: [
      { id: 'intact', label: 'Intact', refurbStepIds: [] },
      { id: 'cracked', label: 'Fissuré', refurbStepIds: ['screen', 'cleaning'] },
    ],
  },
  {
    id: WORKS,
    label: 'Travaux',
    type: 'multiple',
    answers: [
      { id: 'clean', label: 'Nettoyage', refurbStepIds: ['cleaning'] },
      { id: 'erase', label: 'Effacement', refurbStepIds: ['erasure'] },
    ],
  },
];

describe('checkAnswers', () => {
  it('plans the answers’ services once each, in question then answer order, whatever order they came in', () => {
    const checked = checkAnswers(questions, [
      { questionId: WORKS, answerIds: ['erase', 'clean', 'erase'] },
      { questionId: SCREEN, answerIds: ['cracked'] },
    ]);
    expect(checked.violations).toEqual([]);
    expect(checked.refurbStepIds).toEqual(['screen', 'cleaning', 'erasure']);
    expect(checked.snapshot.map((a) => a.answerLabel)).toEqual(['Fissuré', 'Nettoyage', 'Effacement']);
  });

  it('names each question left out, answered twice, with several answers to a unique one, or with another’s answer', () => {
    expect(checkAnswers(questions, [{ questionId: SCREEN, answerIds: ['intact'] }]).violations).toEqual([
      expect.objectContaining({ propertyPath: `answers.${WORKS}`, code: 'required' }),
    ]);
    const wrong = checkAnswers(questions, [
      { questionId: SCREEN, answerIds: ['intact', 'cracked'] },
      { questionId: WORKS, answerIds: ['intact'] },
    ]);
    expect(wrong.violations.map((v) => [v.propertyPath, v.code])).toEqual([
      [`answers.${SCREEN}`, 'invalid_value'],
      [`answers.${WORKS}`, 'invalid_value'],
    ]);
  });

  it('no question: no answer is needed and nothing is planned', () => {
    expect(checkAnswers([], [])).toEqual({ violations: [], snapshot: [], refurbStepIds: [] });
  });
});

describe('the plan and the first service', () => {
  it('refuses a service that is not the account’s, by its index', () => {
    expect(checkPlan(['a', 'x', 'b'], new Set(['a', 'b'])).map((v) => v.propertyPath)).toEqual([
      'refurbStepIds.1',
    ]);
  });

  it('requires a first service among the planned ones, and none when nothing is planned', () => {
    expect(checkFirstRefurbStep(['a', 'b'], 'b')).toEqual([]);
    expect(checkFirstRefurbStep(['a'], null)[0]?.code).toBe('required');
    expect(checkFirstRefurbStep(['a'], 'c')[0]?.code).toBe('invalid_value');
    expect(checkFirstRefurbStep([], 'c')[0]?.code).toBe('invalid_value');
    expect(checkFirstRefurbStep([], null)).toEqual([]);
  });

  it('runs the first service first, then the others in the plan’s order', () => {
    expect(serviceOrder(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(serviceOrder([], null)).toEqual([]);
  });
});
