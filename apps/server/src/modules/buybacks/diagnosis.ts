import {
  type BuybackQuestionnaireResponse,
  type DiagnosticAnswerInput,
  imeiMatchesTac,
  isImeiFormat,
  type PricingAnswer,
  type Violation,
} from '@reprise/shared';
import type { BuybackAnswerSnapshot } from '../../platform/db.types';
import { AppError } from '../../platform/errors';

/** The rules of the wizard's answers and IMEI. Pure. */

export type DiagnosticQuestion = BuybackQuestionnaireResponse['questions'][number];

const diagnosticError = (violations: Violation[]) =>
  new AppError(
    'diagnostic_error',
    'The answers do not allow an estimate: answer every question once.',
    violations,
  );

/**
 * Checks the answers against the questionnaire: every question answered once, only its own
 * answers, exactly one for a `unique` question. Answers what the pricing and the snapshot need.
 */
export function checkAnswers(
  questions: DiagnosticQuestion[],
  input: DiagnosticAnswerInput[],
  pathPrefix = 'answers',
): { pricingAnswers: PricingAnswer[]; snapshot: BuybackAnswerSnapshot[] } {
  if (questions.length === 0) {
    throw new AppError('no_questions', 'This product has no diagnostic questions: it cannot be estimated.');
  }
  const violations: Violation[] = [];
  const given = new Map<string, { index: number; answerIds: string[] }>();
  input.forEach((entry, index) => {
    if (given.has(entry.questionId)) {
      violations.push({
        propertyPath: `${pathPrefix}.${index}.questionId`,
        message: 'This question is answered twice.',
        code: 'question_answered_twice',
      });
    } else {
      given.set(entry.questionId, { index, answerIds: entry.answerIds });
    }
  });
  const known = new Set(questions.map((q) => q.id));
  input.forEach((entry, index) => {
    if (!known.has(entry.questionId)) {
      violations.push({
        propertyPath: `${pathPrefix}.${index}.questionId`,
        message: 'This question is not asked for this product.',
        code: 'unknown_question',
      });
    }
  });
  const pricingAnswers: PricingAnswer[] = [];
  const snapshot: BuybackAnswerSnapshot[] = [];
  for (const question of questions) {
    const entry = given.get(question.id);
    if (!entry) {
      violations.push({
        propertyPath: pathPrefix,
        message: `The question "${question.title}" is not answered.`,
        code: 'question_unanswered',
      });
      continue;
    }
    const path = `${pathPrefix}.${entry.index}.answerIds`;
    const ids = entry.answerIds;
    if (new Set(ids).size !== ids.length) {
      violations.push({
        propertyPath: path,
        message: 'An answer is chosen twice.',
        code: 'answer_chosen_twice',
      });
      continue;
    }
    if (question.type === 'unique' && ids.length !== 1) {
      violations.push({
        propertyPath: path,
        message: 'Choose exactly one answer to this question.',
        code: 'one_answer_expected',
      });
      continue;
    }
    const chosen = ids.map((id) => question.answers.find((a) => a.id === id));
    if (chosen.some((a) => !a)) {
      violations.push({
        propertyPath: path,
        message: 'This answer does not belong to the question.',
        code: 'unknown_answer',
      });
      continue;
    }
    const answers = chosen as DiagnosticQuestion['answers'];
    for (const a of answers) pricingAnswers.push({ label: a.title, maxGrade: a.maxGrade, impact: a.impact });
    snapshot.push({
      questionId: question.id,
      questionTitle: question.title,
      answerIds: answers.map((a) => a.id),
      answerTitles: answers.map((a) => a.title),
    });
  }
  if (violations.length) throw diagnosticError(violations);
  return { pricingAnswers, snapshot };
}

/**
 * The IMEI rules: 15 to 17 digits or `imei_invalid`; required (`imei_required`) when the product
 * collects it and the account has imei_search_and_collect. A TAC matching none of the product's
 * (or a 15-digit IMEI failing Luhn) is a warning the seller continued past: stored, not refused.
 */
export function checkImei(
  imei: string | null | undefined,
  product: { tacCodes: string[]; imeiRequired: boolean },
  propertyPath = 'imei',
): { imei: string | null; tacMismatch: boolean } {
  if (!imei) {
    if (product.imeiRequired) {
      throw new AppError('imei_required', 'This product needs its IMEI.', [
        { propertyPath, message: 'This product needs its IMEI.', code: 'imei_required' },
      ]);
    }
    return { imei: null, tacMismatch: false };
  }
  if (!isImeiFormat(imei)) {
    throw new AppError('imei_invalid', 'An IMEI is 15 to 17 digits.', [
      { propertyPath, message: 'An IMEI is 15 to 17 digits.', code: 'imei_invalid' },
    ]);
  }
  return { imei, tacMismatch: product.tacCodes.length > 0 && !imeiMatchesTac(imei, product.tacCodes) };
}
