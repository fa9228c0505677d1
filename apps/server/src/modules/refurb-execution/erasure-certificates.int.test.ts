import type {
  ErasureCertificateResponse,
  ItemErasureCertificatesResponse,
  ItemRefurbStepResponse,
} from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { addOtherBuyerUser } from '../../../test/buyer-kit';
import { warehouseManagerContext } from '../../../test/item-moves-kit';
import { itemInRefurbishment } from '../../../test/refurb-kit';
import type { RequestContext } from '../../platform/request-context';
import { VERIFICATION_ALPHABET } from './erasure-certificates.rules';

/**
 * Data-erasure certificates (erasure-certificates.service.ts; docs/refurbishment.md): issued when
 * a data-erasure service is validated, in the same transaction; listed on the item and printed as
 * a PDF for the warehouse and the retailer; checked by anyone on the retailer's public site by its
 * verification code, the IMEI and serial number masked. Nobody else sees them.
 */

const A = DEMO.accounts;
const METHOD = 'NIST SP 800-88 Purge : effacement cryptographique et réinitialisation usine';
const IMEI = '356789012345678';
const SERIAL = 'F2LXK0ABCD12';

let k: BuybackKit;
let manager: RequestContext;
type Headers = Record<string, string>;
let operator: Headers;
let otherWarehouse: Headers;

beforeAll(async () => {
  k = await startBuybackKit();
  manager = await warehouseManagerContext(k.t);
  operator = { authorization: (await k.t.login('warehouse_operator@demo.test')).authorization };
  otherWarehouse = { authorization: await addOtherBuyerUser(k.t, 'warehouse_operator') };
});
afterAll(() => k.close());

const get = (url: string, headers: Headers = {}) => k.t.app.inject({ method: 'GET', url, headers });
const ok = <T>(res: LightMyRequestResponse): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** An item with a data erasure and a cleaning, its IMEI and serial number known, the erasure validated. */
async function erased() {
  const b = await k.createBuyback();
  await k.t.db
    .updateTable('buyback_items')
    .set({ imei: IMEI, serial_number: SERIAL })
    .where('id', '=', b.item.id)
    .execute();
  const [erasure, cleaning] = (await itemInRefurbishment(manager, b.item.id, [
    {
      name: 'Effacement certifié des données',
      costCents: 200,
      kind: 'data_erasure',
      erasureMethod: METHOD,
      refurbStepId: DEMO.refurbSteps.dataErasure,
    },
    { name: 'Nettoyage complet', costCents: 300 },
  ])) as [string, string];
  const post = (id: string, action: string, version: number) =>
    k.t.app.inject({
      method: 'POST',
      url: `/api/item-refurb-steps/${id}/${action}`,
      headers: { ...operator, 'if-match': `"${version}"` },
      payload: {},
    });
  ok(await post(erasure, 'start', 1));
  const step = ok<ItemRefurbStepResponse>(await post(erasure, 'validate', 2));
  ok(await post(cleaning, 'start', 1));
  const plain = ok<ItemRefurbStepResponse>(await post(cleaning, 'validate', 2));
  return { b, step, plain };
}

describe('issuing the certificate', () => {
  it('a validated data erasure issues one, with the facts copied; another service none', async () => {
    const { b, step, plain } = await erased();
    expect(plain.certificate).toBeNull();
    const certificate = step.certificate;
    expect(certificate?.verificationCode).toMatch(new RegExp(`^[${VERIFICATION_ALPHABET}]{16}$`));
    const row = await k.t.db
      .selectFrom('erasure_certificates')
      .selectAll()
      .where('id', '=', certificate?.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      item_id: b.item.id,
      item_refurb_step_id: step.id,
      account_id: A.demoBuyer,
      retailer_account_id: A.demoRetail,
      item_identification_number: b.item.identificationNumber,
      product_name: expect.stringContaining(b.product.name),
      imei: IMEI,
      serial_number: SERIAL,
      method: METHOD,
      operator_name: 'Wendy Janssens',
      warehouse_id: DEMO.orgs.warehouseSaintPriest,
      warehouse_name: 'Entrepôt Saint-Priest',
    });
    // the item's list: not masked in the back office
    const listed = ok<ItemErasureCertificatesResponse>(
      await get(`/api/items/${b.item.id}/erasure-certificates`, operator),
    );
    expect(listed.member).toEqual([
      expect.objectContaining({ id: certificate?.id, imei: IMEI, serialNumber: SERIAL, method: METHOD }),
    ]);
    // the service says which certificate it issued
    expect(
      ok<ItemRefurbStepResponse>(await get(`/api/item-refurb-steps/${step.id}`, operator)).certificate,
    ).toEqual(certificate);
  });

  it('a validation refused (412) issues no certificate', async () => {
    const b = await k.createBuyback();
    const [erasure] = (await itemInRefurbishment(manager, b.item.id, [
      { name: 'Effacement', costCents: 200, kind: 'data_erasure', erasureMethod: METHOD },
    ])) as [string];
    const post = (action: string, version: number) =>
      k.t.app.inject({
        method: 'POST',
        url: `/api/item-refurb-steps/${erasure}/${action}`,
        headers: { ...operator, 'if-match': `"${version}"` },
        payload: {},
      });
    ok(await post('start', 1));
    expectProblem(await post('validate', 1), 412, 'refurb_step_changed');
    const count = await k.t.db
      .selectFrom('erasure_certificates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('item_id', '=', b.item.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('the certificate’s PDF', () => {
  it('is a PDF in the retailer’s language naming the device, the method, the operator and the code to check', async () => {
    const { b, step } = await erased();
    const certificate = step.certificate as { id: string; verificationCode: string };
    const res = await get(`/api/erasure-certificates/${certificate.id}/document?lang=fr-FR`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="certificat-d-effacement-${b.item.identificationNumber}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    const grouped = certificate.verificationCode.match(/.{4}/g)?.join('-') as string;
    expect(text).toContain("Certificat d'effacement des données");
    expect(text).toContain(grouped);
    expect(text).toContain(IMEI);
    expect(text).toContain(SERIAL);
    expect(text).toContain(b.item.identificationNumber);
    expect(text).toContain('Wendy Janssens');
    expect(text).toContain('Entrepôt Saint-Priest');
    // checked on Demo Retail's public site
    expect(text).toContain(
      `http://demo-retail.localhost:3000/erasure-certificate/${certificate.verificationCode}`,
    );
  });

  it("is open to the retailer's users who see the buyback, not to another retailer's nor another buyer's", async () => {
    const { step } = await erased();
    const url = `/api/erasure-certificates/${step.certificate?.id}/document`;
    expect((await k.get('rmu', url)).statusCode).toBe(200);
    expect((await k.get('seller', url)).statusCode).toBe(200);
    expect((await k.get('warehouse', url)).statusCode).toBe(200);
    expectProblem(await k.get('otherRmu', url), 404, 'erasure_certificate_not_found');
    expectProblem(await get(url, otherWarehouse), 404, 'erasure_certificate_not_found');
    expectProblem(
      await get('/api/erasure-certificates/00000000-0000-4000-8000-00000000ffff/document', operator),
      404,
      'erasure_certificate_not_found',
    );
    expectProblem(
      await k.get('otherRmu', `/api/items/${step.itemId}/erasure-certificates`),
      404,
      'item_not_found',
    );
    expectProblem(
      await get(`/api/items/${step.itemId}/erasure-certificates`, otherWarehouse),
      404,
      'item_not_found',
    );
  });

  it('prints the base address when the retailer has no active site, and the file name in the user’s language', async () => {
    const { b, step } = await erased();
    await k.t.db.updateTable('accounts').set({ site_active: false }).where('id', '=', A.demoRetail).execute();
    try {
      const res = await get(
        `/api/erasure-certificates/${step.certificate?.id}/document?lang=en-GB`,
        operator,
      );
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="erasure-certificate-${b.item.identificationNumber}.pdf"`,
      );
      expect(await pdfText(res.rawPayload)).toContain(
        `http://localhost:3000/erasure-certificate/${step.certificate?.verificationCode}`,
      );
    } finally {
      await k.t.db
        .updateTable('accounts')
        .set({ site_active: true })
        .where('id', '=', A.demoRetail)
        .execute();
    }
  });
});

describe('the public check', () => {
  it('answers the certificate by its code, the IMEI and serial number masked but their last 4', async () => {
    const { b, step } = await erased();
    const code = step.certificate?.verificationCode as string;
    const res = await get(`/api/public/erasure-certificates/${code}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ok<ErasureCertificateResponse>(res)).toMatchObject({
      verificationCode: code,
      itemIdentificationNumber: b.item.identificationNumber,
      imei: '***********5678',
      serialNumber: '********CD12',
      method: METHOD,
      operatorName: 'Wendy Janssens',
      warehouseName: 'Entrepôt Saint-Priest',
    });
    // as printed: grouped, in any case
    const grouped = (code.match(/.{4}/g) as string[]).join('-').toLowerCase();
    expect(ok<ErasureCertificateResponse>(await get(`/api/public/erasure-certificates/${grouped}`)).id).toBe(
      step.certificate?.id,
    );
    // on the retailer's site
    expect(
      (
        await k.t.app.inject({
          method: 'GET',
          url: `/api/public/erasure-certificates/${code}`,
          headers: { host: 'demo-retail.localhost:3000' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an unknown code is not found, a malformed one refused; another retailer’s site does not answer it', async () => {
    const { step } = await erased();
    expectProblem(
      await get('/api/public/erasure-certificates/ABCDEFGHJKLMNPQR'),
      404,
      'erasure_certificate_not_found',
    );
    expectProblem(await get('/api/public/erasure-certificates/abc!'), 422, 'validation_failed');
    expectProblem(
      await k.t.app.inject({
        method: 'GET',
        url: `/api/public/erasure-certificates/${step.certificate?.verificationCode}`,
        headers: { host: 'other-retail.localhost:3000' },
      }),
      404,
      'erasure_certificate_not_found',
    );
  });
});
