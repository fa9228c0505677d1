import type { BuybackQuestionnaireResponse, PaymentMethod, ShippingMethod } from '@reprise/shared';
import { imeiWarnings, isImeiFormat } from '@reprise/shared/customer/imei';
import { computePrice, type Modifier, type PriceBreakdown } from '@reprise/shared/pricing/pricing';

/**
 * The product page's step model (journeys.md section 2): the IMEI when the product collects it,
 * one diagnostic question per step, transport and payment, then the review that adds to the cart.
 * Pure: the page keeps the draft and the step in the address.
 */

export type Questionnaire = BuybackQuestionnaireResponse;
export type Question = Questionnaire['questions'][number];

export interface Draft {
  productId: string;
  imei: string;
  /** The visitor read the IMEI warning (check digit or TAC) and continued anyway. */
  imeiWarningAccepted: boolean;
  /** Selected answer ids by question id. */
  answers: Record<string, string[]>;
  shippingMethodId: string | null;
  paymentModeId: string | null;
}

export type Step =
  | { kind: 'imei' }
  | { kind: 'question'; question: Question; number: number; count: number }
  | { kind: 'delivery' }
  | { kind: 'review' };

export const emptyDraft = (productId: string): Draft => ({
  productId,
  imei: '',
  imeiWarningAccepted: false,
  answers: {},
  shippingMethodId: null,
  paymentModeId: null,
});

export function buildSteps(questionnaire: Questionnaire): Step[] {
  const count = questionnaire.questions.length;
  return [
    ...(questionnaire.product.isCollectingIMEI ? [{ kind: 'imei' } as const] : []),
    ...questionnaire.questions.map((question, index) => ({
      kind: 'question' as const,
      question,
      number: index + 1,
      count,
    })),
    { kind: 'delivery' as const },
    { kind: 'review' as const },
  ];
}

export const normaliseImei = (typed: string) => typed.replace(/\s+/g, '');

export interface ImeiCheck {
  error: 'required' | 'imei_invalid' | null;
  warnings: ReturnType<typeof imeiWarnings>;
}

/** 15 to 17 digits or an error; a doubtful well-formed IMEI only warns (continue anyway). */
export function checkImei(typed: string, tacCodes: readonly string[]): ImeiCheck {
  const imei = normaliseImei(typed);
  if (imei === '') return { error: 'required', warnings: [] };
  if (!isImeiFormat(imei)) return { error: 'imei_invalid', warnings: [] };
  return { error: null, warnings: imeiWarnings(imei, tacCodes) };
}

/** A unique question takes exactly one known answer, a multiple one at least one. */
export function isAnswered(question: Question, selected: readonly string[] | undefined): boolean {
  const known = (selected ?? []).filter((id) => question.answers.some((a) => a.id === id));
  return question.type === 'unique' ? known.length === 1 : known.length >= 1;
}

export const selectedShipping = (draft: Draft, methods: readonly ShippingMethod[]) =>
  methods.find((m) => m.id === draft.shippingMethodId) ?? null;

/** The payment mode chosen, only when the chosen transport offers it. */
export const selectedPayment = (draft: Draft, methods: readonly ShippingMethod[]): PaymentMethod | null =>
  selectedShipping(draft, methods)?.paymentMethods.find((p) => p.id === draft.paymentModeId) ?? null;

export function isStepComplete(
  step: Step,
  draft: Draft,
  questionnaire: Questionnaire,
  methods: readonly ShippingMethod[],
): boolean {
  switch (step.kind) {
    case 'imei': {
      const check = checkImei(draft.imei, questionnaire.product.tacCodes);
      return check.error === null && (check.warnings.length === 0 || draft.imeiWarningAccepted);
    }
    case 'question':
      return isAnswered(step.question, draft.answers[step.question.id]);
    case 'delivery':
      return selectedPayment(draft, methods) !== null;
    case 'review':
      return true;
  }
}

/** The furthest step open: the first incomplete one (the earlier ones stay open). */
export function furthestStep(
  steps: readonly Step[],
  draft: Draft,
  questionnaire: Questionnaire,
  methods: readonly ShippingMethod[],
): number {
  const index = steps.findIndex((step) => !isStepComplete(step, draft, questionnaire, methods));
  return index === -1 ? steps.length - 1 : index;
}

/** A unique question's answer replaces the previous; a multiple question's set is given whole. */
export const chooseAnswers = (draft: Draft, questionId: string, answerIds: string[]): Draft => ({
  ...draft,
  answers: { ...draft.answers, [questionId]: answerIds },
});

/** Another transport drops a payment mode it does not offer (its only one is chosen for the visitor). */
export function chooseShipping(
  draft: Draft,
  shippingMethodId: string,
  methods: readonly ShippingMethod[],
): Draft {
  const method = methods.find((m) => m.id === shippingMethodId);
  const keeps = method?.paymentMethods.some((p) => p.id === draft.paymentModeId) ?? false;
  const onlyOne = method?.paymentMethods.length === 1 ? (method.paymentMethods[0]?.id ?? null) : null;
  return { ...draft, shippingMethodId, paymentModeId: keeps ? draft.paymentModeId : onlyOne };
}

/** The answers as the API takes them, in question order, unanswered questions left out. */
export function answersInput(draft: Draft, questionnaire: Questionnaire) {
  return questionnaire.questions.flatMap((question) => {
    const answerIds = (draft.answers[question.id] ?? []).filter((id) =>
      question.answers.some((a) => a.id === id),
    );
    return answerIds.length > 0 ? [{ questionId: question.id, answerIds }] : [];
  });
}

export function answerSummary(draft: Draft, questionnaire: Questionnaire) {
  return questionnaire.questions.flatMap((question) => {
    const selected = draft.answers[question.id] ?? [];
    const answerTitles = question.answers.filter((a) => selected.includes(a.id)).map((a) => a.title);
    return answerTitles.length > 0 ? [{ questionTitle: question.title, answerTitles }] : [];
  });
}

/** The live price: the shared pricing module on what is chosen so far (the server estimates again). */
export function livePrice(
  draft: Draft,
  questionnaire: Questionnaire,
  methods: readonly ShippingMethod[],
): PriceBreakdown {
  const answers = questionnaire.questions.flatMap((question) => {
    const selected = draft.answers[question.id] ?? [];
    return question.answers
      .filter((answer) => selected.includes(answer.id))
      .map((answer) => ({ label: answer.title, maxGrade: answer.maxGrade, impact: answer.impact }));
  });
  return computePrice({
    prices: questionnaire.product.buybackPrices as Parameters<typeof computePrice>[0]['prices'],
    answers,
    shippingModifier: (selectedShipping(draft, methods)?.modifier ?? null) as Modifier | null,
    paymentModifier: (selectedPayment(draft, methods)?.modifier ?? null) as Modifier | null,
    bonusCents: null,
    buybackZeroNotAllowed: questionnaire.product.buybackZeroNotAllowed,
  });
}

/** The circuits of the public site: the web channel's four transport modes. */
export const WEB_CIRCUIT_TYPES = ['web_collect', 'web_drop', 'web_drop_label', 'web_post'] as const;

export const webMethods = (methods: readonly ShippingMethod[]) =>
  methods.filter((m) => (WEB_CIRCUIT_TYPES as readonly string[]).includes(m.type));

const DRAFT_PREFIX = 'reprise.public.draft.';

export function loadDraft(productId: string): Draft {
  try {
    const value = JSON.parse(sessionStorage.getItem(DRAFT_PREFIX + productId) ?? 'null') as Draft | null;
    if (value && value.productId === productId && typeof value.answers === 'object')
      return { ...emptyDraft(productId), ...value };
  } catch {
    // unreadable: start again
  }
  return emptyDraft(productId);
}

export function saveDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(DRAFT_PREFIX + draft.productId, JSON.stringify(draft));
  } catch {
    // refused storage: the draft lives in memory
  }
}

export function clearDraft(productId: string): void {
  try {
    sessionStorage.removeItem(DRAFT_PREFIX + productId);
  } catch {
    // nothing stored
  }
}
