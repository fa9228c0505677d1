import { CreateDiagnosticQuestionRequest, type DiagnosticQuestionResponse } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  diagnosticQuestionFormValues,
  diagnosticQuestionPatch,
  emptyDiagnosticAnswer,
  toDiagnosticQuestionRequest,
} from './diagnostic-question-form-values';

const question: DiagnosticQuestionResponse = {
  id: '00000000-0000-4000-b000-000000000001',
  categoryId: '00000000-0000-4000-9000-000000000001',
  title: "L'écran est-il fissuré ?",
  type: 'unique',
  description: null,
  position: 0,
  answers: [
    {
      id: '00000000-0000-4000-b100-000000000002',
      title: 'Oui',
      description: null,
      position: 1,
      maxGrade: 'grade_d',
      priceImpact: { kind: 'fixed', value: -2550 },
      translations: { 'de-DE': { title: 'Ja' } },
    },
    {
      id: '00000000-0000-4000-b100-000000000001',
      title: 'Non',
      description: null,
      position: 0,
      maxGrade: null,
      priceImpact: null,
      translations: {},
    },
  ],
  translations: {},
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

describe('question form', () => {
  it('lists the answers in their order, with a fixed impact in currency units', () => {
    const values = diagnosticQuestionFormValues(question);
    expect(values.answers.map((a) => a.title)).toEqual(['Non', 'Oui']);
    expect(values.answers[1]?.priceImpact).toEqual({ kind: 'fixed', value: -25.5 });
  });

  it('sends impacts as the API takes them: cents, a percentage, or none', () => {
    const values = diagnosticQuestionFormValues(question);
    values.answers[0]!.priceImpact = { kind: 'percentage', value: -10 };
    const request = CreateDiagnosticQuestionRequest.parse(toDiagnosticQuestionRequest(values));
    expect(request.answers.map((a) => a.priceImpact)).toEqual([
      { kind: 'percentage', value: -10 },
      { kind: 'fixed', value: -2550 },
    ]);
    expect(request.answers.map((a) => a.id)).toEqual([question.answers[1]!.id, question.answers[0]!.id]);
  });

  it('needs two answers and an amount for each impact', () => {
    const values = { ...diagnosticQuestionFormValues(), title: 'Batterie ?' };
    values.answers = [
      { ...emptyDiagnosticAnswer(), title: 'Bonne', priceImpact: { kind: 'fixed', value: '' } },
    ];
    const issues =
      CreateDiagnosticQuestionRequest.safeParse(toDiagnosticQuestionRequest(values)).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['answers', 'at_least_two_answers'],
        ['answers.0.priceImpact.value', 'required'],
      ]),
    );
  });

  it('patches the answers whole when one moved, and nothing when nothing changed', () => {
    const initial = diagnosticQuestionFormValues(question);
    expect(diagnosticQuestionPatch(initial, initial)).toEqual({});
    const moved = { ...initial, answers: [initial.answers[1]!, initial.answers[0]!] };
    expect(Object.keys(diagnosticQuestionPatch(initial, moved))).toEqual(['answers']);
  });

  it('keeps the stored translations and patches only them when a German title is added', () => {
    const initial = diagnosticQuestionFormValues(question);
    expect(initial.answers[1]?.translations['de-DE'].title).toBe('Ja');
    const values = structuredClone(initial);
    values.translations['de-DE'].title = 'Ist der Bildschirm gesprungen?';
    const patch = diagnosticQuestionPatch(initial, values);
    expect(patch).toEqual({ translations: { 'de-DE': { title: 'Ist der Bildschirm gesprungen?' } } });
  });
});
