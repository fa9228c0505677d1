import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, customer, expectProblem, PM, startBuybackKit } from '../../../test/buyback-kit';

let k: BuybackKit;
beforeAll(async () => {
  k = await startBuybackKit();
});
afterAll(() => k.close());

const fileNameOf = (contentDisposition: unknown) =>
  /filename="([^"]+)"/.exec(String(contentDisposition))?.[1];

describe('PDF file names', () => {
  it("names the transfer order in the language the user asks for, the back office's download name", async () => {
    const b = await k.createBuyback();
    const names: Record<string, string | undefined> = {};
    for (const lang of ['fr-FR', 'en-GB', 'nl-BE', 'de-DE']) {
      const res = await k.get('seller', `/api/buybacks/${b.id}/documents/transfer-order?lang=${lang}`);
      expect(res.statusCode, res.body).toBe(200);
      names[lang] = fileNameOf(res.headers['content-disposition']);
    }
    expect(names).toEqual({
      'fr-FR': `bon-de-cession-${b.identificationNumber}.pdf`,
      'en-GB': `transfer-order-${b.identificationNumber}.pdf`,
      'nl-BE': `overdrachtsbon-${b.identificationNumber}.pdf`,
      'de-DE': `abtretungsbeleg-${b.identificationNumber}.pdf`,
    });
  });

  it('names the voucher in the same language as the transfer order', async () => {
    const voucher = await k.createBuyback({ paymentModeId: PM.voucher, customer: customer() });
    const res = await k.get('seller', `/api/buybacks/${voucher.id}/documents/voucher?lang=fr-FR`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'])).toBe(`bon-d-achat-${voucher.voucherCode}.pdf`);
  });

  it('names documents in English for an API client that asks for no language', async () => {
    const b = await k.createBuyback();
    const res = await k.get('seller', `/api/buybacks/${b.id}/documents/transfer-order`);
    expect(fileNameOf(res.headers['content-disposition'])).toBe(
      `transfer-order-${b.identificationNumber}.pdf`,
    );
  });

  it('refuses a language it does not know', async () => {
    const b = await k.createBuyback();
    expectProblem(
      await k.get('seller', `/api/buybacks/${b.id}/documents/transfer-order?lang=xx-XX`),
      422,
      'validation_failed',
    );
  });
});
