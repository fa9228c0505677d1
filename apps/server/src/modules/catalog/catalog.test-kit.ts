import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { DEMO_CATALOG } from '../../seed/catalog';
import type { BrandKey } from '../../seed/catalog-data';

/** What the catalogue's integration tests share: the demo users signed in, requests, payloads. */

export { DEMO, DEMO_CATALOG };

type Top = 'smartphones' | 'tablets' | 'laptops' | 'consoles' | 'watches' | 'audio';
/** Demo Retail's categories by identifier: a top category, or a top category and a brand. */
export const C = DEMO_CATALOG.categories as Record<Top | `${Top}-${BrandKey}`, string>;

const USERS = {
  admin: 'admin@demo.test',
  rmu: 'root_management_unit_manager@demo.test',
  analyst: 'root_management_unit_analyst@demo.test',
  mu: 'management_unit_manager@demo.test',
  seller: 'store_seller@demo.test',
  buyer: 'buyer_manager@demo.test',
  warehouse: 'warehouse_manager@demo.test',
  otherRmu: 'root_management_unit_manager@other.test',
} as const;
export type Who = keyof typeof USERS;

export interface CatalogKit {
  t: TestApp;
  get(who: Who, url: string): Promise<LightMyRequestResponse>;
  post(who: Who, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  put(who: Who, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  remove(who: Who, url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startCatalogKit(): Promise<CatalogKit> {
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

let sequence = 0;
/** A valid new category of Demo Retail (override any field). */
export const newCategory = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    identifier: `test-category-${sequence}`,
    label: `Test category ${sequence}`,
    defaultWeight: 300,
    absorptionType: 'none',
    absorptionValue: 0,
    buyerAccountId: DEMO.accounts.demoBuyer,
    referringWarehouseIds: [DEMO.orgs.warehouseSaintPriest],
    ...over,
  };
};

export const PRICES = {
  functional: 30000,
  grade_a: 27000,
  grade_b: 23000,
  grade_c: 18000,
  grade_d: 12000,
  grade_e: 5000,
};

/** A valid new product (override any field). */
export const newProduct = (over: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `Test product ${sequence}`,
    mainCategoryId: C['smartphones-apple'],
    buybackPrices: PRICES,
    ...over,
  };
};

/** Expects a 422 naming `code` on `propertyPath`. */
export function expectViolation(res: LightMyRequestResponse, code: string, propertyPath: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body.violations, res.body).toEqual(
    expect.arrayContaining([expect.objectContaining({ code, propertyPath })]),
  );
}

/** A tiny valid PNG (1×1) and a JPEG header, to upload as images. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body holding one file in the field `file`. */
export function multipart(data: Buffer, filename = 'image.png', type = 'image/png') {
  const boundary = '----reprise-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
