import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * API calls of the warehouse specs (warehouse-control, quarantine-loss, store-buybacks.ts): a demo
 * user's bearer token, a call that fails the test with the server's answer, and the IMEI a phone
 * buyback needs.
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
  method: 'GET' | 'POST',
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

/** An IMEI with the product's TAC and a valid Luhn digit (phones collect one). */
export function imeiOf(tac: string): string {
  const body = `${tac}000000`.slice(0, 14);
  const sum = [...body].reduce((acc, c, i) => {
    const d = Number(c) * (i % 2 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
