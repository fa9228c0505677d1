import { randomUUID } from 'node:crypto';
import type { BuybackQuestionnaireResponse, BuybackResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_CONFIG } from '../src/seed/buyback-config';
import { DEMO_CATALOG } from '../src/seed/catalog';
import { type ApiKit, startApiKit, useKit, type Who } from './api-kit';
import { DEMO, type TestApp } from './test-app';

/** What the buybacks' integration tests share: demo users signed in, requests, payloads. */

export type { Who };
export { DEMO, DEMO_CATALOG, DEMO_CONFIG };

export const PRICES = {
  functional: 30000,
  grade_a: 27000,
  grade_b: 23000,
  grade_c: 18000,
  grade_d: 12000,
  grade_e: 5000,
};

export const CAT = DEMO_CATALOG.categories as Record<string, string>;
export const STORE = DEMO.orgs.storeParis;
export const PM = DEMO_CONFIG.paymentModes;
export const CIRCUIT = DEMO_CONFIG.circuits;
/** A valid French IBAN. */
export const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

/** The API kit (demo users signed in, requests as one of them) with the buybacks' own helpers. */
export interface BuybackKit extends ApiKit {
  /** A published product of Demo Retail (smartphones › Apple unless told), created through the API. */
  newProduct(over?: Record<string, unknown>): Promise<string>;
  questionnaire(productId: string, who?: Who): Promise<BuybackQuestionnaireResponse>;
  /** Creates a store buyback (bank transfer with an IBAN, store drop unless told); 201 expected. */
  createBuyback(over?: Record<string, unknown>, who?: Who): Promise<BuybackResponse>;
}

/** The answers choosing, for each question, its answer at `pick` (0: the first; -1: the last). */
export function answersFor(
  q: BuybackQuestionnaireResponse,
  pick: number | ((question: BuybackQuestionnaireResponse['questions'][number]) => number) = 0,
) {
  return q.questions.map((question) => {
    const index = typeof pick === 'function' ? pick(question) : pick;
    const answer = question.answers.at(index) ?? question.answers[0];
    return { questionId: question.id, answerIds: [answer?.id as string] };
  });
}

export const customer = (over: Record<string, unknown> = {}) => ({
  firstName: 'Søren',
  lastName: 'Łukasiewicz',
  email: 'soren@example.test',
  phone: '06 12 34 56 78',
  street: '12 Rue de Łódź',
  zip: '75011',
  city: 'Paris',
  country: 'FR',
  identification: {
    type: 'identity_card',
    number: 'AB12345',
    deliveryDate: '2020-05-04',
    issuingAuthority: 'Préfecture de Paris',
  },
  ...over,
});

/** A web cart of one buyback, sent by post and paid by bank transfer unless `line` says otherwise. */
export const webCartOf = (
  productId: string,
  answers: ReturnType<typeof answersFor>,
  line: Record<string, unknown> = {},
) => ({
  channel: 'web',
  buybacks: [
    {
      inCartId: 'line-1',
      productId,
      answers,
      shippingMethodId: CIRCUIT.webPost,
      paymentModeId: PM.bankTransfer,
      ...line,
    },
  ],
  customer: customer(),
  iban: IBAN,
  termsAccepted: true,
});

/** The test file's buybacks kit (useKit). */
export const useBuybackKit = (): BuybackKit => useKit(startBuybackKit);

export async function startBuybackKit(): Promise<BuybackKit> {
  const api = await startApiKit();
  let sequence = 0;
  const kit: BuybackKit = {
    ...api,
    async newProduct(over = {}) {
      sequence += 1;
      const res = await api.post('rmu', '/api/products', {
        name: `Buyback test phone ${sequence}`,
        brand: 'Apple',
        mainCategoryId: CAT['smartphones-apple'],
        buybackPrices: PRICES,
        status: 'published',
        ...over,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    async questionnaire(productId, who = 'seller') {
      const res = await api.get(who, `/api/products/${productId}/buyback-questionnaire`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async createBuyback(over = {}, who = 'seller') {
      const productId = (over.productId as string | undefined) ?? (await kit.newProduct());
      const q = await kit.questionnaire(productId, who);
      const res = await api.post(
        who,
        `/api/store/${STORE}/buybacks`,
        {
          productId,
          answers: answersFor(q),
          shippingMethodId: CIRCUIT.storeDrop,
          paymentModeId: PM.bankTransfer,
          customer: customer({ iban: IBAN }),
          ...over,
        },
        key(),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
  };
  return kit;
}

/** Expects a problem document with this code (and status). */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  return res.json();
}

/** Runs `work` with Demo Retail's web circuits inactive, then makes them active again. */
export async function withoutWebCircuits(t: TestApp, work: () => Promise<void>): Promise<void> {
  const webCircuits = (status: 'active' | 'inactive') =>
    t.db
      .updateTable('circuits')
      .set({ status })
      .where('channel', '=', 'web')
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
  await webCircuits('inactive');
  try {
    await work();
  } finally {
    await webCircuits('active');
  }
}

export const key = () => ({ 'idempotency-key': randomUUID() });
