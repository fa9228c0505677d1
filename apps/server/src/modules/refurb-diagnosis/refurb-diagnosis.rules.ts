import type { RefurbDiagnosisAnswersRequest, Violation } from '@reprise/shared';
import type { AnswerSnapshot, RefurbQuestionRow } from './refurb-diagnosis.repository';

/**
 * The rules of a refurbishment diagnosis that need no database: the
 * answers given to the account's questions and the services they plan, the summary's plan, the
 * first service and the order the item's services are created in.
 */

const violation = (propertyPath: string, code: string, message: string): Violation => ({
  propertyPath,
  code,
  message,
});

/** Ids without repeats, the first occurrence kept. */
export const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

export interface CheckedAnswers {
  violations: Violation[];
  /** The answers in question then answer order, labels copied. */
  snapshot: AnswerSnapshot[];
  /** The services the answers plan, without repeats, in question then answer order. */
  refurbStepIds: string[];
}

/**
 * Every question of the account answered (`answers.<questionId>` required), a unique question with
 * exactly one answer, answers of their own question, a question given once (invalid_value).
 */
export function checkAnswers(
  questions: readonly RefurbQuestionRow[],
  given: RefurbDiagnosisAnswersRequest['answers'],
): CheckedAnswers {
  const violations: Violation[] = [];
  const byQuestion = new Map<string, string[]>();
  for (const entry of given) {
    const path = `answers.${entry.questionId}`;
    if (byQuestion.has(entry.questionId))
      violations.push(violation(path, 'invalid_value', 'This question is answered twice.'));
    else byQuestion.set(entry.questionId, unique(entry.answerIds));
    if (!questions.some((q) => q.id === entry.questionId))
      violations.push(violation(path, 'invalid_value', 'This question is not one of the diagnosis.'));
  }
  const snapshot: AnswerSnapshot[] = [];
  const planned: string[] = [];
  for (const question of questions) {
    const path = `answers.${question.id}`;
    const chosen = byQuestion.get(question.id);
    if (!chosen || chosen.length === 0) {
      violations.push(violation(path, 'required', 'Answer this question.'));
      continue;
    }
    if (question.type === 'unique' && chosen.length > 1)
      violations.push(violation(path, 'invalid_value', 'This question takes one answer.'));
    if (chosen.some((id) => !question.answers.some((a) => a.id === id))) {
      violations.push(violation(path, 'invalid_value', 'An answer is not one of this question.'));
      continue;
    }
    // in the question's own order of answers, whatever order they were sent in
    for (const answer of question.answers.filter((a) => chosen.includes(a.id))) {
      snapshot.push({
        questionId: question.id,
        answerId: answer.id,
        questionLabel: question.label,
        answerLabel: answer.label,
      });
      planned.push(...answer.refurbStepIds);
    }
  }
  return { violations, snapshot, refurbStepIds: unique(planned) };
}

/** A plan's services that are not of the account: `refurbStepIds.<index>` invalid_value. */
export function checkPlan(requested: readonly string[], known: ReadonlySet<string>): Violation[] {
  return requested.flatMap((id, index) =>
    known.has(id)
      ? []
      : [violation(`refurbStepIds.${index}`, 'invalid_value', 'This service is not one of the account.')],
  );
}

/**
 * The first service: required when services are planned, and one of them; none when nothing is
 * planned.
 */
export function checkFirstRefurbStep(planned: readonly string[], first: string | null): Violation[] {
  if (planned.length > 0 && !first)
    return [violation('firstRefurbStepId', 'required', 'Choose the service to run first.')];
  if (first && !planned.includes(first))
    return [violation('firstRefurbStepId', 'invalid_value', 'The first service must be one of the planned.')];
  return [];
}

/** The order the item's services are run in: the first one, then the others as planned. */
export function serviceOrder(planned: readonly string[], first: string | null): string[] {
  if (!first) return [...planned];
  return [first, ...planned.filter((id) => id !== first)];
}
