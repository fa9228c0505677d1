import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * API calls of the specs: a demo user's bearer token or cookie session, a call that fails the test
 * with the server's answer, and the IMEI a phone buyback needs.
 */

export type Headers = Record<string, string>;

/** Demo Retail Paris Rivoli (apps/server/src/seed/demo-ids.ts, storeParis): its items go to Saint-Priest. */
export const STORE_PARIS = '00000000-0000-4000-8000-000000000204';

export async function signIn(request: APIRequestContext, email: string): Promise<Headers> {
  const res = await request.post('/api/login', {
    headers: { Origin: test.info().project.use.baseURL as string },
    data: { email, password: DEMO_PASSWORD, tokenRequested: true },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).apiToken}` };
}

export async function call<T = Record<string, unknown>>(
  request: APIRequestContext,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${text}`);
  return JSON.parse(text) as T;
}

/** The price columns of a catalogue import file, functional first. */
export const PRICE_COLUMNS = [
  'price_functional',
  'price_grade_a',
  'price_grade_b',
  'price_grade_c',
  'price_grade_d',
  'price_grade_e',
];

/** An IMEI with the product's TAC and a valid Luhn digit (phones collect one). */
export function imeiOf(tac: string): string {
  const body = `${tac}000000`.slice(0, 14);
  const sum = [...body].reduce((acc, c, i) => {
    const d = Number(c) * (i % 2 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A 15-digit IMEI with the given TAC and serial, and a valid Luhn check digit. */
export function imeiWithTac(tac: string, serial: string): string {
  const body = `${tac}${serial}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** An API session of a demo user (cookie), for the set-up the screens do not need to show. */
export async function sessionAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = await api.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return api;
}

/** The body of a successful answer; an error answer fails the test with its text. */
export async function okJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Questionnaire<Q> {
  product: { isCollectingIMEI: boolean; tacCodes: string[] };
  questions: Q[];
}

/** A product a Paris store buyback can be made of: its store drop, a payment without IBAN, its questions. */
export interface StoreDropOffer<Q> {
  productId: string;
  shippingMethodId: string;
  paymentModeId: string;
  questionnaire: Questionnaire<Q>;
}

/** A published iPhone of Demo Retail taken by a store drop paid without IBAN (whose questions `accept`). */
export async function storeDropIphone<Q extends { id: string; answers: { id: string }[] }>(
  request: APIRequestContext,
  rmu: Headers,
  accept: (questions: Q[]) => boolean = () => true,
): Promise<StoreDropOffer<Q> | null> {
  const products = await call<{ member: { id: string }[] }>(
    request,
    rmu,
    'GET',
    '/api/products?status=published&itemsPerPage=10&search_product_buyback=iPhone',
  );
  for (const product of products.member) {
    const methods = await call<{
      member: { id: string; type: string; paymentMethods: { id: string; iban: boolean }[] }[];
    }>(request, rmu, 'GET', `/api/products/${product.id}/shipping-methods?channel=store&country=FR`);
    const drop = methods.member.find((m) => m.type === 'store_drop');
    const payment = drop?.paymentMethods.find((p) => !p.iban);
    if (!drop || !payment) continue;
    const questionnaire = await call<Questionnaire<Q>>(
      request,
      rmu,
      'GET',
      `/api/products/${product.id}/buyback-questionnaire`,
    );
    if (!accept(questionnaire.questions)) continue;
    return { productId: product.id, shippingMethodId: drop.id, paymentModeId: payment.id, questionnaire };
  }
  return null;
}

/** The request of a store buyback of `offer` at its first answers, with an IMEI when the product collects one. */
export function storeBuybackRequest<Q extends { id: string; answers: { id: string }[] }>(
  offer: StoreDropOffer<Q>,
  customer: Record<string, unknown>,
) {
  const q = offer.questionnaire;
  return {
    productId: offer.productId,
    answers: q.questions.map((question) => ({
      questionId: question.id,
      answerIds: [question.answers[0]?.id],
    })),
    shippingMethodId: offer.shippingMethodId,
    paymentModeId: offer.paymentModeId,
    imei: q.product.isCollectingIMEI ? imeiOf(q.product.tacCodes[0] ?? '35345678') : null,
    customer,
  };
}
