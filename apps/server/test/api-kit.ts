import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** The demo users the integration tests act as, each signed in once per test file. */
export const DEMO_USERS = {
  admin: 'admin@demo.test',
  rmu: 'root_management_unit_manager@demo.test',
  analyst: 'root_management_unit_analyst@demo.test',
  mu: 'management_unit_manager@demo.test',
  storeManager: 'store_manager@demo.test',
  seller: 'store_seller@demo.test',
  buyer: 'buyer_manager@demo.test',
  warehouse: 'warehouse_manager@demo.test',
  otherRmu: 'root_management_unit_manager@other.test',
  otherSeller: 'store_seller@other.test',
} as const;
export type Who = keyof typeof DEMO_USERS;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A test app with the demo users signed in, and requests made as one of them. */
export interface ApiKit {
  t: TestApp;
  get(who: Who, url: string): Promise<LightMyRequestResponse>;
  post(
    who: Who,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** A merge-patch. */
  patch(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  put(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  remove(who: Who, url: string): Promise<LightMyRequestResponse>;
  send(
    method: Method,
    who: Who,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Signs each demo user in once: their `authorization` headers. */
export async function signInDemoUsers(t: TestApp): Promise<Record<Who, string>> {
  const auth = {} as Record<Who, string>;
  for (const [who, email] of Object.entries(DEMO_USERS))
    auth[who as Who] = (await t.login(email)).authorization;
  return auth;
}

/** `env`: configuration of the test app beyond the defaults (createTestApp), e.g. METRICS_TOKEN. */
export async function startApiKit(env: Record<string, string> = {}): Promise<ApiKit> {
  const t = await createTestApp(env);
  const auth = await signInDemoUsers(t);
  const send: ApiKit['send'] = (method, who, url, payload, headers) =>
    requestAs(t, auth[who] as string, method, url, payload, headers);
  return {
    t,
    send,
    get: (who, url) => send('GET', who, url),
    post: (who, url, payload, headers) => send('POST', who, url, payload ?? {}, headers),
    patch: (who, url, payload) => send('PATCH', who, url, payload),
    put: (who, url, payload) => send('PUT', who, url, payload),
    remove: (who, url) => send('DELETE', who, url),
    close: () => t.close(),
  };
}

/**
 * A kit for the whole test file: started before its tests (the first `beforeAll` the file
 * registers) and closed after them. Its members are read once started, in hooks and tests.
 */
export function useKit<K extends { close(): Promise<void> }>(start: () => Promise<K>): K {
  let started: K | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  return new Proxy({} as K, {
    get(_, key) {
      if (!started) throw new Error('The kit is read before the beforeAll that starts it.');
      const value = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/** The test file's API kit (useKit). */
export const useApiKit = (): ApiKit => useKit(() => startApiKit());

/** A request as the holder of `authorization` (a merge-patch when PATCH): any user, the kit's or not. */
export function requestAs(
  t: TestApp,
  authorization: string,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization,
      ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The JSON body of an answer of `status` (200 by default); any other status fails with the body. */
export function okJson(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** Expects a 422 naming `code` on `propertyPath`. */
export function expectViolation(res: LightMyRequestResponse, code: string, propertyPath: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().violations, res.body).toEqual(
    expect.arrayContaining([expect.objectContaining({ code, propertyPath })]),
  );
}
