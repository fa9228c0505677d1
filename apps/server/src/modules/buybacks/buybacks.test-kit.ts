import { randomUUID } from 'node:crypto';
import type { BuybackQuestionnaireResponse, BuybackResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { DEMO_CONFIG } from '../../seed/buyback-config';
import { DEMO_CATALOG } from '../../seed/catalog';

/** What the buybacks' integration tests share: demo users signed in, requests, payloads. */

export { DEMO, DEMO_CATALOG, DEMO_CONFIG };

const USERS = {
  admin: 'admin@demo.test',
  rmu: 'root_management_unit_manager@demo.test',
  analyst: 'root_management_unit_analyst@demo.test',
  mu: 'management_unit_manager@demo.test',
  storeManager: 'store_manager@demo.test',
  seller: 'store_seller@demo.test',
  buyer: 'buyer_manager@demo.test',
  warehouse: 'warehouse_manager@demo.test',
  otherSeller: 'store_seller@other.test',
  otherRmu: 'root_management_unit_manager@other.test',
} as const;
export type Who = keyof typeof USERS;

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

export interface BuybackKit {
  t: TestApp;
  get(who: Who, url: string): Promise<LightMyRequestResponse>;
  post(
    who: Who,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  patch(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  /** A published product of Demo Retail (smartphones › Apple unless told), created through the API. */
  newProduct(over?: Record<string, unknown>): Promise<string>;
  questionnaire(productId: string, who?: Who): Promise<BuybackQuestionnaireResponse>;
  /** Creates a store buyback (bank transfer with an IBAN, store drop unless told); 201 expected. */
  createBuyback(over?: Record<string, unknown>, who?: Who): Promise<BuybackResponse>;
  close(): Promise<void>;
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

export async function startBuybackKit(): Promise<BuybackKit> {
  const t = await createTestApp();
  const auth: Record<string, string> = {};
  for (const [who, email] of Object.entries(USERS)) auth[who] = (await t.login(email)).authorization;
  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    who: Who,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: auth[who] as string,
        ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  let sequence = 0;
  const kit: BuybackKit = {
    t,
    get: (who, url) => send('GET', who, url),
    post: (who, url, payload, headers) => send('POST', who, url, payload ?? {}, headers),
    patch: (who, url, payload) => send('PATCH', who, url, payload),
    async newProduct(over = {}) {
      sequence += 1;
      const res = await send('POST', 'rmu', '/api/products', {
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
      const res = await send('GET', who, `/api/products/${productId}/buyback-questionnaire`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async createBuyback(over = {}, who = 'seller') {
      const productId = (over.productId as string | undefined) ?? (await kit.newProduct());
      const q = await kit.questionnaire(productId, who);
      const res = await send(
        'POST',
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
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    close: () => t.close(),
  };
  return kit;
}

/** Expects a problem document with this code (and status). */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  return res.json();
}

export const key = () => ({ 'idempotency-key': randomUUID() });
