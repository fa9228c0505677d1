import type {
  BuybackQuestionnaireResponse,
  DiagnosticAnswerInput,
  PaymentMethod,
  ShippingMethod,
} from '@reprise/shared';
import {
  computePrice,
  type Modifier,
  type PriceBreakdown,
  type PricingAnswer,
} from '@reprise/shared/pricing/pricing';
import { checkImei, type ImeiCheck } from './imei';

/**
 * The step model of a buyback's diagnosis, shared by the store wizard and the public site's
 * product page: the IMEI when the product collects it, one
 * question per step, transport and payment, then the review. Pure, but for the draft's storage
 * in the tab (a reload keeps the answers).
 */

export type Questionnaire = BuybackQuestionnaireResponse;
export type WizardQuestion = Questionnaire['questions'][number];

/** What the seller or visitor has chosen so far for one product (kept in the tab's session storage). */
export interface WizardDraft {
  productId: string;
  imei: string;
  /** The IMEI warning (TAC or check digit) was read and passed over: continue anyway. */
  imeiWarningAccepted: boolean;
  /** Selected answer ids by question id. */
  answers: Record<string, string[]>;
  /** The chosen circuit (the API's `shippingMethodId`). */
  circuitId: string | null;
  paymentModeId: string | null;
}

export type WizardStep =
  | { kind: 'imei' }
  | { kind: 'question'; question: WizardQuestion; number: number; count: number }
  | { kind: 'delivery' }
  | { kind: 'review' };

export function emptyDraft(productId: string): WizardDraft {
  return {
    productId,
    imei: '',
    imeiWarningAccepted: false,
    answers: {},
    circuitId: null,
    paymentModeId: null,
  };
}

/** IMEI (when the product collects it), one step per question, transport and payment, review. */
export function buildSteps(questionnaire: Questionnaire): WizardStep[] {
  const count = questionnaire.questions.length;
  return [
    ...(questionnaire.product.isCollectingIMEI ? [{ kind: 'imei' } as const] : []),
    ...questionnaire.questions.map((question, index) => ({
      kind: 'question' as const,
      question,
      number: index + 1,
      count,
    })),
    { kind: 'delivery' },
    { kind: 'review' },
  ];
}

export function imeiCheckOf(draft: WizardDraft, questionnaire: Questionnaire): ImeiCheck {
  return checkImei(draft.imei, questionnaire.product.tacCodes);
}

/** A unique question takes exactly one answer, a multiple one at least one; unknown ids do not count. */
export function isAnswered(question: WizardQuestion, selected: readonly string[] | undefined): boolean {
  const known = (selected ?? []).filter((id) => question.answers.some((a) => a.id === id));
  return question.type === 'unique' ? known.length === 1 : known.length >= 1;
}

export function selectedCircuit(
  draft: WizardDraft,
  circuits: readonly ShippingMethod[] | undefined,
): ShippingMethod | null {
  return circuits?.find((c) => c.id === draft.circuitId) ?? null;
}

/** The chosen payment mode, only if the chosen circuit offers it. */
export function selectedPayment(
  draft: WizardDraft,
  circuits: readonly ShippingMethod[] | undefined,
): PaymentMethod | null {
  return selectedCircuit(draft, circuits)?.paymentMethods.find((p) => p.id === draft.paymentModeId) ?? null;
}

export function isStepComplete(
  step: WizardStep,
  draft: WizardDraft,
  questionnaire: Questionnaire,
  circuits: readonly ShippingMethod[] | undefined,
): boolean {
  switch (step.kind) {
    case 'imei': {
      const check = imeiCheckOf(draft, questionnaire);
      return check.valid && (check.warnings.length === 0 || draft.imeiWarningAccepted);
    }
    case 'question':
      return isAnswered(step.question, draft.answers[step.question.id]);
    case 'delivery':
      return selectedPayment(draft, circuits) !== null;
    case 'review':
      return true;
  }
}

/** The furthest step that may be opened: the first one not complete (earlier ones stay open). */
export function furthestReachableStep(
  steps: readonly WizardStep[],
  draft: WizardDraft,
  questionnaire: Questionnaire,
  circuits: readonly ShippingMethod[] | undefined,
): number {
  const index = steps.findIndex((step) => !isStepComplete(step, draft, questionnaire, circuits));
  return index === -1 ? steps.length - 1 : index;
}

/** The selected answers in the pricing module's terms, in question order. */
function pricingAnswers(draft: WizardDraft, questionnaire: Questionnaire): PricingAnswer[] {
  return questionnaire.questions.flatMap((question) => {
    const selected = draft.answers[question.id] ?? [];
    return question.answers
      .filter((answer) => selected.includes(answer.id))
      .map((answer) => ({ label: answer.title, maxGrade: answer.maxGrade, impact: answer.impact }));
  });
}

/** The live price: the shared pricing module on what is chosen so far (the server computes it again). */
export function livePrice(
  draft: WizardDraft,
  questionnaire: Questionnaire,
  circuits: readonly ShippingMethod[] | undefined,
): PriceBreakdown {
  const circuit = selectedCircuit(draft, circuits);
  const payment = selectedPayment(draft, circuits);
  return computePrice({
    prices: questionnaire.product.buybackPrices as PriceBreakdownPrices,
    answers: pricingAnswers(draft, questionnaire),
    shippingModifier: (circuit?.modifier ?? null) as Modifier | null,
    paymentModifier: (payment?.modifier ?? null) as Modifier | null,
    bonusCents: null,
    buybackZeroNotAllowed: questionnaire.product.buybackZeroNotAllowed,
  });
}

type PriceBreakdownPrices = Parameters<typeof computePrice>[0]['prices'];

/** The answers as the API takes them, questions without an answer left out. */
export function answersInput(draft: WizardDraft, questionnaire: Questionnaire): DiagnosticAnswerInput[] {
  return questionnaire.questions.flatMap((question) => {
    const answerIds = (draft.answers[question.id] ?? []).filter((id) =>
      question.answers.some((a) => a.id === id),
    );
    return answerIds.length > 0 ? [{ questionId: question.id, answerIds }] : [];
  });
}

/** Question and answer titles of the chosen answers, for the cart and the summary. */
export function answerSummary(draft: WizardDraft, questionnaire: Questionnaire) {
  return questionnaire.questions.flatMap((question) => {
    const selected = draft.answers[question.id] ?? [];
    const answerTitles = question.answers.filter((a) => selected.includes(a.id)).map((a) => a.title);
    return answerTitles.length > 0 ? [{ questionTitle: question.title, answerTitles }] : [];
  });
}

/** A changed answer to a unique question replaces the previous one; a multiple one toggles. */
export function chooseAnswers(draft: WizardDraft, questionId: string, answerIds: string[]): WizardDraft {
  return { ...draft, answers: { ...draft.answers, [questionId]: answerIds } };
}

/** Another circuit drops a payment mode it does not offer (its only one is chosen). */
export function chooseCircuit(
  draft: WizardDraft,
  circuitId: string,
  circuits: readonly ShippingMethod[],
): WizardDraft {
  const circuit = circuits.find((c) => c.id === circuitId);
  const keeps = circuit?.paymentMethods.some((p) => p.id === draft.paymentModeId) ?? false;
  const onlyOne = circuit?.paymentMethods.length === 1 ? (circuit.paymentMethods[0]?.id ?? null) : null;
  return { ...draft, circuitId, paymentModeId: keeps ? draft.paymentModeId : onlyOne };
}

/** The drafts of one screen in the tab's session storage, under their own key prefix. */
export function draftStore(prefix: string) {
  const load = (productId: string): WizardDraft => {
    try {
      const raw = sessionStorage.getItem(prefix + productId);
      const value = raw ? (JSON.parse(raw) as WizardDraft) : null;
      if (value && value.productId === productId && typeof value.answers === 'object')
        return { ...emptyDraft(productId), ...value };
    } catch {
      // unreadable or refused storage: start again
    }
    return emptyDraft(productId);
  };
  const save = (draft: WizardDraft): void => {
    try {
      sessionStorage.setItem(prefix + draft.productId, JSON.stringify(draft));
    } catch {
      // private browsing may refuse storage: the draft lives in memory only
    }
  };
  const clear = (productId: string): void => {
    try {
      sessionStorage.removeItem(prefix + productId);
    } catch {
      // nothing stored
    }
  };
  return { load, save, clear };
}
