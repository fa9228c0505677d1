import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { DEMO_CONFIG, TRANSPORT_PROVIDERS } from '../../seed/buyback-config';
import { DEMO_CATALOG } from '../../seed/catalog';

/** What the configuration's integration tests share: the demo users signed in, requests, payloads. */

export { DEMO, DEMO_CATALOG, DEMO_CONFIG, TRANSPORT_PROVIDERS };

const USERS = {
  admin: 'admin@demo.test',
  rmu: 'root_management_unit_manager@demo.test',
  analyst: 'root_management_unit_analyst@demo.test',
  mu: 'management_unit_manager@demo.test',
  seller: 'store_seller@demo.test',
  buyer: 'buyer_manager@demo.test',
  otherRmu: 'root_management_unit_manager@other.test',
  otherSeller: 'store_seller@other.test',
} as const;
export type Who = keyof typeof USERS;

export interface ConfigKit {
  t: TestApp;
  get(who: Who, url: string): Promise<LightMyRequestResponse>;
  post(who: Who, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  put(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  remove(who: Who, url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startConfigKit(): Promise<ConfigKit> {
  const t = await createTestApp();
  const auth: Record<string, string> = {};
  for (const [who, email] of Object.entries(USERS)) auth[who] = (await t.login(email)).authorization;
  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    who: Who,
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: auth[who] as string,
        ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    t,
    get: (who, url) => send('GET', who, url),
    post: (who, url, payload) => send('POST', who, url, payload ?? {}),
    patch: (who, url, payload) => send('PATCH', who, url, payload),
    put: (who, url, payload) => send('PUT', who, url, payload),
    remove: (who, url) => send('DELETE', who, url),
    close: () => t.close(),
  };
}

/** Expects a 422 naming `code` on `propertyPath`. */
export function expectViolation(res: LightMyRequestResponse, code: string, propertyPath: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().violations, res.body).toEqual(
    expect.arrayContaining([expect.objectContaining({ code, propertyPath })]),
  );
}

/** Expects a problem document with this status and code. */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
}

let sequence = 0;
/** A valid new circuit of Demo Retail (override any field): a web post circuit. */
export const newCircuit = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `Test circuit ${sequence}`,
    channel: 'web',
    depositType: 'post',
    eligibleCountries: ['FR'],
    paymentModeIds: [DEMO_CONFIG.paymentModes.bankTransfer],
    transportProviderId: TRANSPORT_PROVIDERS.colissimo,
    warehouseId: DEMO.orgs.warehouseSaintPriest,
    defaultInstructions: [{ label: 'Emballez le produit.', type: 'protect' }],
    ...over,
  };
};

/** A valid new payment mode (override any field). */
export const newPaymentMode = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    type: 'gift_card',
    label: `Test payment ${sequence}`,
    description: 'Une carte cadeau.',
    ...over,
  };
};
