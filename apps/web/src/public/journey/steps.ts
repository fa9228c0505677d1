import type { ShippingMethod } from '@reprise/shared';
import {
  draftStore,
  furthestReachableStep,
  type WizardDraft,
  type WizardQuestion,
  type WizardStep,
} from '../../lib/buyback-draft';

/**
 * The product page's step model: the store wizard's own (the IMEI when
 * the product collects it, one diagnostic question per step, transport and payment, then the
 * review that adds to the cart), offering the web channel's transport modes only.
 */

export {
  answerSummary,
  answersInput,
  buildSteps,
  chooseAnswers,
  chooseCircuit,
  emptyDraft,
  isStepComplete,
  livePrice,
  type Questionnaire,
  selectedCircuit,
  selectedPayment,
} from '../../lib/buyback-draft';
export { checkImei, normaliseImei } from '../../lib/imei';

export type Draft = WizardDraft;
export type Question = WizardQuestion;
export type Step = WizardStep;
export const furthestStep = furthestReachableStep;

/** The circuits of the public site: the web channel's four transport modes. */
const WEB_CIRCUIT_TYPES = ['web_collect', 'web_drop', 'web_drop_label', 'web_post'] as const;

export const webCircuits = (circuits: readonly ShippingMethod[]) =>
  circuits.filter((c) => (WEB_CIRCUIT_TYPES as readonly string[]).includes(c.type));

const drafts = draftStore('reprise.public.draft.');

export const loadDraft = drafts.load;
export const saveDraft = drafts.save;
export const clearDraft = drafts.clear;
