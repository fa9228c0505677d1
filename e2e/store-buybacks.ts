import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { imeiOf } from './api-calls';
import { DEMO_PASSWORD } from './fixtures';

/**
 * Store buybacks made through the API, as the wizard makes them, for the warehouse specs
 * (send, check-in, verification): a published product of Demo Retail with a store-drop circuit
 * and a payment mode without IBAN, at the store seller's own store (Paris: its items go to
 * Saint-Priest). Calls carry a bearer token (no cookie), as an API client.
 */

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** A merge-patch (`application/merge-patch+json`). */
  patch<T>(path: string, body: unknown): Promise<T>;
  dispose(): Promise<void>;
}

export async function apiAs(baseURL: string, email: string): Promise<Api> {
  const context: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const login = await context.post('/api/login', {
    data: { email, password: DEMO_PASSWORD, tokenRequested: true },
  });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()}`);
  const authorization = `Bearer ${(await login.json()).apiToken}`;
  const check = async <T>(what: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    get: async (path) => check(`GET ${path}`, await context.get(path, { headers: { authorization } })),
    post: async (path, body, headers = {}) =>
      check(
        `POST ${path}`,
        await context.post(path, { data: body ?? {}, headers: { authorization, ...headers } }),
      ),
    patch: async (path, body) =>
      check(
        `PATCH ${path}`,
        await context.patch(path, {
          data: body,
          headers: { authorization, 'content-type': 'application/merge-patch+json' },
        }),
      ),
    dispose: () => context.dispose(),
  };
}

export interface StoreBuyback {
  id: string;
  identificationNumber: string;
  item: { id: string; identificationNumber: string };
  product: { name: string };
}

interface Offer {
  productId: string;
  answers: { questionId: string; answerIds: string[] }[];
  shippingMethodId: string;
  paymentModeId: string;
  imei: string | null;
}

/** A payment mode of a circuit, as the shipping methods list it. */
interface OfferedPayment {
  id: string;
  type: string;
  iban: boolean;
}

/**
 * What a store-drop buyback of the seller's store is made of, found from the catalogue: the first
 * published product whose store drop offers a payment `payment` accepts (by default one without
 * IBAN), and, with `imei: false`, one that collects no IMEI.
 */
export async function findOffer(
  seller: Api,
  rmu: Api,
  {
    payment: accepts = (p) => !p.iban,
    imei = true,
  }: { payment?: (p: OfferedPayment) => boolean; imei?: boolean } = {},
): Promise<Offer> {
  const products = await rmu.get<{ member: { id: string }[] }>(
    '/api/products?status=published&itemsPerPage=30',
  );
  for (const product of products.member) {
    const circuits = await seller.get<{
      member: { id: string; type: string; paymentMethods: OfferedPayment[] }[];
    }>(`/api/products/${product.id}/shipping-methods?channel=store&country=FR`);
    const drop = circuits.member.find((m) => m.type === 'store_drop');
    const payment = drop?.paymentMethods.find(accepts);
    if (!drop || !payment) continue;
    const q = await seller.get<{
      product: { isCollectingIMEI: boolean; tacCodes: string[] };
      questions: { id: string; answers: { id: string }[] }[];
    }>(`/api/products/${product.id}/buyback-questionnaire`);
    if (q.product.isCollectingIMEI && !imei) continue;
    return {
      productId: product.id,
      answers: q.questions.map((question) => ({
        questionId: question.id,
        answerIds: [question.answers[0]?.id as string],
      })),
      shippingMethodId: drop.id,
      paymentModeId: payment.id,
      imei: q.product.isCollectingIMEI ? imeiOf(q.product.tacCodes[0] ?? '35345678') : null,
    };
  }
  throw new Error('no published product of Demo Retail takes a store drop with such a payment');
}

/** Makes store buybacks at the store seller's store, its customer named `lastName`. */
export async function storeBuybacks(baseURL: string) {
  const seller = await apiAs(baseURL, 'store_seller@demo.test');
  const rmu = await apiAs(baseURL, 'root_management_unit_manager@demo.test');
  const me = await seller.get<{ currentOrganization: { id: string } }>('/api/me');
  const offer = await findOffer(seller, rmu);
  await rmu.dispose();
  return {
    seller,
    async create(lastName: string): Promise<StoreBuyback> {
      return seller.post<StoreBuyback>(
        `/api/store/${me.currentOrganization.id}/buybacks`,
        {
          ...offer,
          customer: storeCustomer(lastName),
        },
        { 'idempotency-key': crypto.randomUUID() },
      );
    },
    /** Marks it sent, as the store does. */
    async send(buyback: StoreBuyback): Promise<void> {
      await seller.post(`/api/buybacks/${buyback.id}/send`);
    },
  };
}

/** The customer of the store buybacks of the specs, identified by an identity card. */
export function storeCustomer(lastName: string) {
  return {
    firstName: 'Léonie',
    lastName,
    email: 'leonie@example.test',
    phone: '06 12 34 56 78',
    street: '8 Rue des Écoles',
    zip: '75005',
    city: 'Paris',
    country: 'FR',
    identification: {
      type: 'identity_card',
      number: 'EF24680',
      deliveryDate: '2022-01-04',
      issuingAuthority: 'Préfecture de Paris',
    },
  };
}

/** A customer surname no other buyback has: letters only (the customer form's rule). */
export function uniqueLastName(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let suffix = '';
  for (let i = 0; i < 8; i += 1) suffix += letters[Math.floor(Math.random() * letters.length)];
  return `${prefix}${suffix}`;
}
