import type { ShippingMethod } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { productSlug } from '../../lib/product-slug';
import { productPath } from './paths';
import {
  answersInput,
  buildSteps,
  checkImei,
  chooseAnswers,
  chooseCircuit,
  emptyDraft,
  furthestStep,
  isStepComplete,
  livePrice,
  type Questionnaire,
  webCircuits,
} from './steps';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PRODUCT = uuid(1);
const Q1 = uuid(10);
const Q2 = uuid(20);

const questionnaire = (collectsImei = false): Questionnaire => ({
  product: {
    id: PRODUCT,
    name: 'Phone X',
    brand: 'Brand',
    model: null,
    imageUrl: null,
    eanCode: null,
    tacCodes: ['35332509'],
    isCollectingIMEI: collectsImei,
    buybackPrices: {
      functional: 20000,
      grade_a: 18000,
      grade_b: 15600,
      grade_c: 12400,
      grade_d: 8400,
      grade_e: 4000,
    },
    buybackZeroNotAllowed: false,
    commentForSeller: null,
    mainCategory: { id: uuid(2), label: 'Phones' },
  },
  questions: [
    {
      id: Q1,
      categoryId: uuid(2),
      categoryLabel: 'Phones',
      title: 'Screen',
      description: 'Look at it',
      type: 'unique',
      answers: [
        { id: uuid(11), title: 'Perfect', description: null, maxGrade: null, impact: null },
        {
          id: uuid(12),
          title: 'Scratched',
          description: null,
          maxGrade: 'grade_b',
          impact: { kind: 'percentage', value: -5 },
        },
      ],
    },
    {
      id: Q2,
      categoryId: uuid(2),
      categoryLabel: 'Phones',
      title: 'Accessories',
      description: null,
      type: 'multiple',
      answers: [
        { id: uuid(21), title: 'Charger', description: null, maxGrade: null, impact: null },
        {
          id: uuid(22),
          title: 'No box',
          description: null,
          maxGrade: null,
          impact: { kind: 'fixed', value: -1000 },
        },
      ],
    },
  ],
});

const circuit = (id: number, type: string, payments: number[], modifier: ShippingMethod['modifier'] = null) =>
  ({
    id: uuid(id),
    name: `m${id}`,
    channel: type.startsWith('web') ? 'web' : 'store',
    type,
    depositType: 'post',
    description: null,
    modifier,
    instructions: [],
    highlightedInstruction: null,
    terms: null,
    warehouseId: null,
    transferOrderNumberOfCopy: 1,
    availableCountries: [],
    paymentMethods: payments.map((p) => ({
      id: uuid(p),
      type: 'bank_transfer',
      label: `p${p}`,
      description: '',
      longDescription: null,
      modifier: p === 101 ? { kind: 'percentage', value: 10, capCents: 1500 } : null,
      iban: true,
    })),
  }) as unknown as ShippingMethod;

const circuits = [circuit(30, 'web_post', [101, 102]), circuit(31, 'web_drop', [103])];

describe('the product page steps', () => {
  it('one step per question, then transport and payment, then the review; IMEI first when collected', () => {
    expect(buildSteps(questionnaire()).map((s) => s.kind)).toEqual([
      'question',
      'question',
      'delivery',
      'review',
    ]);
    const withImei = buildSteps(questionnaire(true));
    expect(withImei.map((s) => s.kind)).toEqual(['imei', 'question', 'question', 'delivery', 'review']);
    expect(withImei[1]).toMatchObject({ number: 1, count: 2 });
  });

  it('opens steps only up to the first incomplete one', () => {
    const q = questionnaire();
    const steps = buildSteps(q);
    let draft = emptyDraft(PRODUCT);
    expect(furthestStep(steps, draft, q, circuits)).toBe(0);
    draft = chooseAnswers(draft, Q1, [uuid(12)]);
    expect(furthestStep(steps, draft, q, circuits)).toBe(1);
    // a multiple question needs at least one answer; unknown ids do not count
    draft = chooseAnswers(draft, Q2, [uuid(99)]);
    expect(furthestStep(steps, draft, q, circuits)).toBe(1);
    draft = chooseAnswers(draft, Q2, [uuid(21), uuid(22)]);
    expect(furthestStep(steps, draft, q, circuits)).toBe(2);
    draft = chooseCircuit(draft, uuid(30), circuits);
    expect(draft.paymentModeId).toBeNull();
    expect(isStepComplete(steps[2] as never, draft, q, circuits)).toBe(false);
    draft = { ...draft, paymentModeId: uuid(101) };
    expect(furthestStep(steps, draft, q, circuits)).toBe(3);
  });

  it('another transport drops a payment it does not offer, and picks its only one', () => {
    const draft = { ...chooseCircuit(emptyDraft(PRODUCT), uuid(30), circuits), paymentModeId: uuid(101) };
    expect(chooseCircuit(draft, uuid(30), circuits).paymentModeId).toBe(uuid(101));
    expect(chooseCircuit(draft, uuid(31), circuits).paymentModeId).toBe(uuid(103));
  });

  it('the live price follows the answers, transport and payment (shared pricing)', () => {
    const q = questionnaire();
    let draft = emptyDraft(PRODUCT);
    expect(livePrice(draft, q, circuits).totalCents).toBe(20000);
    draft = chooseAnswers(draft, Q1, [uuid(12)]);
    // grade B 15600, −5 % = −780
    expect(livePrice(draft, q, circuits).totalCents).toBe(14820);
    draft = chooseAnswers(draft, Q2, [uuid(22)]);
    expect(livePrice(draft, q, circuits).totalCents).toBe(13820);
    draft = { ...chooseCircuit(draft, uuid(30), circuits), paymentModeId: uuid(101) };
    // +10 % of the base 15600 = 1560, capped at 1500
    expect(livePrice(draft, q, circuits)).toMatchObject({ paymentModifierCents: 1500, totalCents: 15320 });
    expect(answersInput(draft, q)).toEqual([
      { questionId: Q1, answerIds: [uuid(12)] },
      { questionId: Q2, answerIds: [uuid(22)] },
    ]);
  });

  it('the IMEI: 15 to 17 digits, spaces ignored; a doubtful one only warns', () => {
    expect(checkImei('', [])).toEqual({ valid: false, error: 'required', warnings: [] });
    expect(checkImei('35-3325-0912', [])).toMatchObject({ error: 'imei_invalid' });
    expect(checkImei('12345678901234', [])).toMatchObject({ error: 'imei_invalid' });
    expect(checkImei('353325091234561', ['35332509'])).toEqual({ valid: true, error: null, warnings: [] });
    expect(checkImei('35 3325 0912 3456 1', ['35332509'])).toEqual({
      valid: true,
      error: null,
      warnings: [],
    });
    expect(checkImei('353325091234560', ['35332509']).warnings).toEqual(['imei_check_digit_invalid']);
    expect(checkImei('490154203237518', ['35332509']).warnings).toEqual(['imei_tac_mismatch']);
    const q = questionnaire(true);
    const imeiStep = buildSteps(q)[0] as never;
    const doubtful = { ...emptyDraft(PRODUCT), imei: '490154203237518' };
    expect(isStepComplete(imeiStep, doubtful, q, circuits)).toBe(false);
    expect(isStepComplete(imeiStep, { ...doubtful, imeiWarningAccepted: true }, q, circuits)).toBe(true);
  });

  it('offers the web circuits only', () => {
    expect(webCircuits([...circuits, circuit(40, 'store_drop', [101])]).map((m) => m.type)).toEqual([
      'web_post',
      'web_drop',
    ]);
  });

  it('puts the product name in the address', () => {
    expect(productSlug('iPhone 13 – 128 Go Écran')).toBe('iphone-13-128-go-ecran');
    expect(productPath(PRODUCT, '***')).toBe(`/product/${PRODUCT}/product`);
  });
});
