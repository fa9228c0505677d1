import type { ShippingMethod } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { checkImei } from '../../lib/imei';
import { productSlug } from '../../lib/product-slug';
import { estimateErrorPath, isWizardErrorCode, WIZARD_ERROR_CODES } from '../../lib/wizard-errors';
import { WedgeBuffer } from '../../ui/use-wedge-scanner';
import {
  answersInput,
  buildSteps,
  chooseCircuit,
  emptyDraft,
  furthestReachableStep,
  isAnswered,
  livePrice,
  type Questionnaire,
  type WizardDraft,
} from './wizard-model';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function questionnaire(overrides: Partial<Questionnaire['product']> = {}): Questionnaire {
  return {
    product: {
      id: id(1),
      name: 'Phone X 128 Go',
      brand: 'Brand',
      model: 'X',
      imageUrl: null,
      eanCode: null,
      tacCodes: ['35693803'],
      isCollectingIMEI: true,
      buybackPrices: {
        functional: 30_000,
        grade_a: 25_000,
        grade_b: 20_000,
        grade_c: 15_000,
        grade_d: 8_000,
        grade_e: 2_000,
      },
      buybackZeroNotAllowed: false,
      commentForSeller: null,
      mainCategory: { id: id(2), label: 'Smartphones' },
      ...overrides,
    },
    questions: [
      {
        id: id(10),
        categoryId: id(2),
        categoryLabel: 'Smartphones',
        title: 'Screen',
        description: 'Look at the screen',
        type: 'unique',
        answers: [
          { id: id(11), title: 'Perfect', description: null, maxGrade: null, impact: null },
          { id: id(12), title: 'Scratched', description: null, maxGrade: 'grade_c', impact: null },
        ],
      },
      {
        id: id(20),
        categoryId: id(2),
        categoryLabel: 'Smartphones',
        title: 'Accessories',
        description: null,
        type: 'multiple',
        answers: [
          {
            id: id(21),
            title: 'Charger missing',
            description: null,
            maxGrade: null,
            impact: { kind: 'fixed', value: -1_000 },
          },
          {
            id: id(22),
            title: 'Box missing',
            description: null,
            maxGrade: null,
            impact: { kind: 'fixed', value: -500 },
          },
        ],
      },
    ],
  };
}

const circuits: ShippingMethod[] = [
  {
    id: id(30),
    name: 'Store drop',
    channel: 'store',
    type: 'store_drop',
    depositType: 'drop',
    description: null,
    modifier: { kind: 'percentage', value: 10, capCents: 1_000 },
    instructions: [],
    highlightedInstruction: null,
    terms: null,
    warehouseId: id(40),
    transferOrderNumberOfCopy: 2,
    availableCountries: ['FR'],
    paymentMethods: [
      {
        id: id(31),
        type: 'bank_transfer',
        label: 'Transfer',
        description: 'Bank transfer',
        longDescription: null,
        modifier: null,
        iban: true,
      },
      {
        id: id(32),
        type: 'voucher',
        label: 'Voucher',
        description: 'Voucher',
        longDescription: null,
        modifier: { kind: 'fixed', value: 500, capCents: null },
        iban: false,
      },
    ],
  },
  {
    id: id(33),
    name: 'Collect',
    channel: 'store',
    type: 'store_collect',
    depositType: 'collect',
    description: null,
    modifier: null,
    instructions: [],
    highlightedInstruction: null,
    terms: null,
    warehouseId: null,
    transferOrderNumberOfCopy: 1,
    availableCountries: ['FR'],
    paymentMethods: [
      {
        id: id(34),
        type: 'gift_card',
        label: 'Gift card',
        description: 'Gift card',
        longDescription: null,
        modifier: null,
        iban: false,
      },
    ],
  },
];

const draftWith = (change: Partial<WizardDraft>): WizardDraft => ({ ...emptyDraft(id(1)), ...change });

describe('wizard steps', () => {
  it('asks for the IMEI first when the product collects it, then one question per step, transport, review', () => {
    expect(buildSteps(questionnaire()).map((s) => s.kind)).toEqual([
      'imei',
      'question',
      'question',
      'delivery',
      'review',
    ]);
    expect(buildSteps(questionnaire({ isCollectingIMEI: false })).map((s) => s.kind)).toEqual([
      'question',
      'question',
      'delivery',
      'review',
    ]);
  });

  it('opens no step beyond the first one left incomplete', () => {
    const q = questionnaire();
    const steps = buildSteps(q);
    expect(furthestReachableStep(steps, draftWith({}), q, circuits)).toBe(0);
    const withImei = draftWith({ imei: '356938035643809' });
    expect(furthestReachableStep(steps, withImei, q, circuits)).toBe(1);
    const answered = { ...withImei, answers: { [id(10)]: [id(11)], [id(20)]: [id(21)] } };
    expect(furthestReachableStep(steps, answered, q, circuits)).toBe(3);
    const chosen = { ...answered, circuitId: id(30), paymentModeId: id(31) };
    expect(furthestReachableStep(steps, chosen, q, circuits)).toBe(4);
  });

  it('holds the IMEI step until a doubtful IMEI is accepted anyway', () => {
    const q = questionnaire();
    const steps = buildSteps(q);
    const otherTac = draftWith({ imei: '490154203237518' });
    expect(furthestReachableStep(steps, otherTac, q, circuits)).toBe(0);
    expect(furthestReachableStep(steps, { ...otherTac, imeiWarningAccepted: true }, q, circuits)).toBe(1);
  });

  it('takes exactly one answer to a unique question and at least one to a multiple one', () => {
    const [unique, multiple] = questionnaire().questions;
    expect(isAnswered(unique!, [id(11)])).toBe(true);
    expect(isAnswered(unique!, [id(11), id(12)])).toBe(false);
    expect(isAnswered(unique!, [id(99)])).toBe(false);
    expect(isAnswered(multiple!, [])).toBe(false);
    expect(isAnswered(multiple!, [id(21), id(22)])).toBe(true);
  });

  it('drops a payment mode the newly chosen circuit does not offer, and picks its only one', () => {
    const draft = draftWith({ circuitId: id(30), paymentModeId: id(31) });
    expect(chooseCircuit(draft, id(33), circuits).paymentModeId).toBe(id(34));
    expect(
      chooseCircuit({ ...draft, circuitId: id(33), paymentModeId: id(34) }, id(30), circuits).paymentModeId,
    ).toBeNull();
  });

  it('sends the chosen answers in question order, without unknown ids', () => {
    const q = questionnaire();
    expect(
      answersInput(draftWith({ answers: { [id(20)]: [id(22), id(99)], [id(10)]: [id(12)] } }), q),
    ).toEqual([
      { questionId: id(10), answerIds: [id(12)] },
      { questionId: id(20), answerIds: [id(22)] },
    ]);
  });
});

describe('live price', () => {
  it('follows the worst grade of the answers, their impacts and the chosen modifiers', () => {
    const q = questionnaire();
    const draft = draftWith({
      answers: { [id(10)]: [id(12)], [id(20)]: [id(21)] },
      circuitId: id(30),
      paymentModeId: id(32),
    });
    const price = livePrice(draft, q, circuits);
    expect(price.declaredState).toBe('grade_c');
    expect(price.basePriceCents).toBe(15_000);
    expect(price.estimatedPriceCents).toBe(14_000);
    // 10 % of the base price (1 500) capped at 1 000; the voucher adds 5,00.
    expect(price.shippingModifierCents).toBe(1_000);
    expect(price.paymentModifierCents).toBe(500);
    expect(price.totalCents).toBe(15_500);
  });

  it('starts from the best state before any answer', () => {
    const price = livePrice(draftWith({}), questionnaire(), circuits);
    expect(price.declaredState).toBe('functional');
    expect(price.totalCents).toBe(30_000);
  });
});

describe('IMEI check', () => {
  it('needs 15 to 17 digits', () => {
    expect(checkImei('', []).error).toBe('required');
    expect(checkImei('35693803564380', []).error).toBe('imei_invalid');
    expect(checkImei('356938035643809123', []).error).toBe('imei_invalid');
    expect(checkImei('35693803-5643809', []).error).toBe('imei_invalid');
    expect(checkImei('3569 3803 5643 809', ['35693803'])).toEqual({ valid: true, error: null, warnings: [] });
  });

  it('warns about a wrong check digit or a TAC of another product', () => {
    expect(checkImei('356938035643808', ['35693803']).warnings).toEqual(['imei_check_digit_invalid']);
    expect(checkImei('490154203237518', ['35693803']).warnings).toEqual(['imei_tac_mismatch']);
    expect(checkImei('4901542032375180', ['35693803']).warnings).toEqual(['imei_tac_mismatch']);
  });
});

describe('keyboard-wedge scanner', () => {
  const feed = (buffer: WedgeBuffer, keys: string[], start: number, interval: number) =>
    keys.map((key, i) => buffer.key(key, start + i * interval));

  it('recognises digits typed a few milliseconds apart and ended by Enter', () => {
    const buffer = new WedgeBuffer();
    const results = feed(buffer, [...'3700123456789', 'Enter'], 1_000, 8);
    expect(results.at(-1)).toBe('3700123456789');
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
  });

  it('tolerates one slow key of a busy computer', () => {
    const buffer = new WedgeBuffer();
    feed(buffer, [...'370012'], 0, 5);
    expect(feed(buffer, [...'3456789', 'Enter'], 200, 5).at(-1)).toBe('3700123456789');
  });

  it('ignores a person typing, even quickly, and codes too short', () => {
    expect(feed(new WedgeBuffer(), [...'3700123456789', 'Enter'], 0, 180).at(-1)).toBeNull();
    expect(feed(new WedgeBuffer(), [...'3700123456789', 'Enter'], 0, 60).at(-1)).toBeNull();
    expect(feed(new WedgeBuffer(), [...'12345', 'Enter'], 0, 5).at(-1)).toBeNull();
  });

  it('starts a new code after a pause', () => {
    const buffer = new WedgeBuffer();
    feed(buffer, [...'999'], 0, 5);
    expect(feed(buffer, [...'40061133', 'Enter'], 5_000, 5).at(-1)).toBe('40061133');
  });
});

describe('wizard errors', () => {
  it('gives every error its own code and page', () => {
    for (const code of [
      'no_buyback_price',
      'no_payment_mode',
      'no_transport_mode',
      'no_warehouse',
      'product_not_found',
      'no_questions',
      'imei_invalid',
      'diagnostic_error',
      'buyback_creation_failed',
    ])
      expect(WIZARD_ERROR_CODES).toContain(code);
    expect(isWizardErrorCode('no_warehouse')).toBe(true);
    expect(isWizardErrorCode('forbidden')).toBe(false);
    expect(estimateErrorPath('no_payment_mode')).toBe('/estimate-error?code=no_payment_mode');
  });

  it('names the product in the address', () => {
    expect(productSlug('iPhone 13 Pro — 128 Go « Bleu »')).toBe('iphone-13-pro-128-go-bleu');
    expect(productSlug('***')).toBe('product');
  });
});
