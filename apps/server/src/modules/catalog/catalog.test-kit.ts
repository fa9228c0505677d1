import { type ApiKit, expectViolation, startApiKit, useApiKit, type Who } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';
import { DEMO_CATALOG } from '../../seed/catalog';
import type { BrandKey } from '../../seed/catalog-data';

/** What the catalogue's integration tests share: the demo users signed in, requests, payloads. */

export { DEMO, DEMO_CATALOG, expectViolation };

type Top = 'smartphones' | 'tablets' | 'laptops' | 'consoles' | 'watches' | 'audio';
/** Demo Retail's categories by identifier: a top category, or a top category and a brand. */
export const C = DEMO_CATALOG.categories as Record<Top | `${Top}-${BrandKey}`, string>;

export type { Who };

/** The catalogue's integration tests act through the shared API kit. */
export type CatalogKit = ApiKit;
export const startCatalogKit = startApiKit;
/** The test file's catalogue kit (useKit). */
export const useCatalogKit = useApiKit;

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
