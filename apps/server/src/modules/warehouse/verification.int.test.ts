import type { BuybackResponse, VerificationLine } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../test/api-kit';
import { type BuybackKit, expectProblem, startBuybackKit, type Who } from '../../../test/buyback-kit';
import { multipartFile } from '../../../test/upload-kit';

/**
 * Verification (verification.service.ts): is a device verifiable (checked
 * in and held by the warehouse, or completed), asked by its number (HEAD is-verifiable; the
 * buyback found by 8 or 13 digits) or for a CSV list of codes.
 */

let k: BuybackKit;
let operator: Record<string, string>;
/** Checked in at Saint-Priest (verifiable), in transit (not), completed (verifiable), returned (not). */
let registered: BuybackResponse;
let inTransit: BuybackResponse;
let completed: BuybackResponse;
let returned: BuybackResponse;

async function sent(): Promise<BuybackResponse> {
  const b = await k.createBuyback();
  expect((await k.post('seller', `/api/buybacks/${b.id}/send`)).statusCode).toBe(200);
  return b;
}

async function setItemStatus(b: BuybackResponse, status: string): Promise<void> {
  await k.t.db.updateTable('buyback_items').set({ status }).where('id', '=', b.item.id).execute();
}

beforeAll(async () => {
  k = await startBuybackKit();
  operator = { authorization: (await k.t.login('warehouse_operator@demo.test')).authorization };
  registered = await sent();
  const res = await k.t.app.inject({
    method: 'POST',
    url: '/api/warehouse/checkin',
    headers: operator,
    payload: { code: registered.item.identificationNumber },
  });
  expect(res.statusCode, res.body).toBe(200);
  inTransit = await sent();
  completed = await sent();
  await setItemStatus(completed, 'item_completed_by_price');
  returned = await sent();
  await setItemStatus(returned, 'item_returned');
});
afterAll(() => k.close());

/** HEAD as a demo user (the API kit's requests have bodies). */
const heads: Partial<Record<Who, string>> = {};
async function isVerifiable(who: Who, n: string) {
  heads[who] ??= (await k.t.login(DEMO_USERS[who])).authorization;
  return k.t.app.inject({
    method: 'HEAD',
    url: `/api/buybacks/by-identification-number/${n}/is-verifiable`,
    headers: { authorization: heads[who] },
  });
}

describe('HEAD is-verifiable', () => {
  it('answers 200 for a verifiable item, by its 13 or 8 digits or its buyback number, with no body', async () => {
    for (const n of [
      registered.item.identificationNumber,
      registered.item.identificationNumber.slice(-8),
      registered.identificationNumber,
      completed.item.identificationNumber,
    ]) {
      const res = await isVerifiable('warehouse', n);
      expect(res.statusCode, n).toBe(200);
      expect(res.body).toBe('');
    }
    expect((await isVerifiable('seller', registered.identificationNumber)).statusCode).toBe(200);
  });

  it('answers 409 for a known item that is not verifiable (in transit, returned)', async () => {
    expect((await isVerifiable('warehouse', inTransit.item.identificationNumber)).statusCode).toBe(409);
    expect((await isVerifiable('seller', returned.identificationNumber)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown number or one the user does not see, 422 for another length', async () => {
    expect((await isVerifiable('warehouse', '2199999999999')).statusCode).toBe(404);
    expect((await isVerifiable('otherRmu', registered.item.identificationNumber)).statusCode).toBe(404);
    expect((await isVerifiable('warehouse', '1234567')).statusCode).toBe(422);
    expect((await isVerifiable('warehouse', '12345678a')).statusCode).toBe(422);
  });

  it('needs item.verify or buyback.detail', async () => {
    // the analyst reads buybacks (buyback.detail); a signed-out caller nothing
    expect((await isVerifiable('analyst', registered.identificationNumber)).statusCode).toBe(200);
    const res = await k.t.app.inject({
      method: 'HEAD',
      url: `/api/buybacks/by-identification-number/${registered.identificationNumber}/is-verifiable`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET by-identification-number with 8 or 13 digits', () => {
  it("finds the buyback by the last 8 digits of its item's number, or by its item's 13 digits", async () => {
    const short = await k.get(
      'seller',
      `/api/buybacks/by-identification-number/${inTransit.item.identificationNumber.slice(-8)}`,
    );
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().id).toBe(inTransit.id);
    const full = await k.get(
      'warehouse',
      `/api/buybacks/by-identification-number/${inTransit.item.identificationNumber}`,
    );
    expect(full.json().id).toBe(inTransit.id);
  });

  it('answers several_items_match, not_found, code_length_invalid', async () => {
    const a = await k.createBuyback();
    const b = await k.createBuyback();
    await k.t.db
      .updateTable('buyback_items')
      .set({ identification_number: `29999${a.item.identificationNumber.slice(-8)}` })
      .where('id', '=', b.item.id)
      .execute();
    expectProblem(
      await k.get(
        'seller',
        `/api/buybacks/by-identification-number/${a.item.identificationNumber.slice(-8)}`,
      ),
      409,
      'several_items_match',
    );
    expectProblem(
      await k.get(
        'otherRmu',
        `/api/buybacks/by-identification-number/${inTransit.item.identificationNumber.slice(-8)}`,
      ),
      404,
      'not_found',
    );
    for (const n of ['1234567', '123456789', '12345678901234'])
      expectProblem(
        await k.get('seller', `/api/buybacks/by-identification-number/${n}`),
        422,
        'code_length_invalid',
      );
  });
});

function multipart(data: Buffer | string, field = 'file') {
  return multipartFile(data, { filename: 'codes.csv', type: 'text/csv', field });
}

const verify = (who: Who, data: Buffer | string, field?: string) => {
  const body = multipart(data, field);
  return k.send('POST', who, '/api/items/verification', body.payload, body.headers);
};

describe('POST /items/verification (a CSV list)', () => {
  it('answers each line with its outcome, the header and empty lines skipped', async () => {
    const csv = [
      'code;comment',
      `${registered.item.identificationNumber};checked in`,
      '',
      `"${inTransit.item.identificationNumber}";in transit`,
      `${completed.item.identificationNumber.slice(-8)},completed`,
      `${returned.identificationNumber}\tthe buyback's number`,
      '2199999999999',
      'abc',
      '1234',
    ].join('\r\n');
    const res = await verify('warehouse', `\ufeff${csv}\n`);
    expect(res.statusCode, res.body).toBe(200);
    const results: VerificationLine[] = res.json().results;
    expect(results).toEqual([
      {
        line: 2,
        code: registered.item.identificationNumber,
        outcome: 'verifiable',
        status: 'item_registered_in_warehouse',
        itemId: registered.item.id,
        buybackId: registered.id,
        identificationNumber: registered.item.identificationNumber,
        productName: registered.product.name,
        warehouse: { id: expect.any(String), commonName: expect.stringContaining('Saint-Priest') },
      },
      expect.objectContaining({
        line: 4,
        code: inTransit.item.identificationNumber,
        outcome: 'not_verifiable',
        status: 'item_in_transit',
      }),
      expect.objectContaining({ line: 5, outcome: 'verifiable', itemId: completed.item.id }),
      expect.objectContaining({
        line: 6,
        outcome: 'not_verifiable',
        itemId: returned.item.id,
        status: 'item_returned',
      }),
      { line: 7, code: '2199999999999', outcome: 'not_found' },
      { line: 8, code: 'abc', outcome: 'invalid' },
      { line: 9, code: '1234', outcome: 'invalid' },
    ]);
  });

  it('finds only the items the user sees', async () => {
    const res = await verify('otherRmu', `${registered.item.identificationNumber}\n`);
    expect(res.json().results).toEqual([
      { line: 1, code: registered.item.identificationNumber, outcome: 'not_found' },
    ]);
  });

  it('takes up to 5,000 codes in one go', async () => {
    const codes = Array.from({ length: 4999 }, (_, i) => String(2190000000000 + i));
    const res = await verify('warehouse', [registered.item.identificationNumber, ...codes].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const results: VerificationLine[] = res.json().results;
    expect(results).toHaveLength(5000);
    expect(results[0]?.outcome).toBe('verifiable');
    expect(results.filter((r) => r.outcome === 'not_found')).toHaveLength(4999);
  });

  it('refuses more than 5,000 codes, more than 1 MB, a file that is not text, an empty list', async () => {
    const tooMany = Array.from({ length: 5001 }, (_, i) => String(21900000 + i)).join('\n');
    const many = expectProblem(await verify('warehouse', tooMany), 422, 'invalid_file');
    expect(many.violations).toEqual([
      expect.objectContaining({ propertyPath: 'file', code: 'too_many_codes' }),
    ]);
    const big = `${'2190000000000\n'.repeat(80_000)}`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expectProblem(await verify('warehouse', big), 413, 'file_too_large');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const binary = expectProblem(await verify('warehouse', png), 422, 'invalid_file');
    expect(binary.violations[0].code).toBe('not_text');
    const latin1 = Buffer.from([0x63, 0x6f, 0x64, 0xe9, 0x0a]);
    expect(expectProblem(await verify('warehouse', latin1), 422, 'invalid_file').violations[0].code).toBe(
      'not_text',
    );
    const empty = expectProblem(await verify('warehouse', 'code\n\n'), 422, 'invalid_file');
    expect(empty.violations[0].code).toBe('no_codes');
    expectProblem(await verify('warehouse', 'x', 'other'), 422, 'invalid_file');
    expectProblem(
      await k.post('warehouse', '/api/items/verification', { codes: ['2190000000000'] }),
      422,
      'invalid_file',
    );
  });

  it('needs item.verify', async () => {
    expectProblem(await verify('seller', registered.item.identificationNumber), 403, 'forbidden');
    expectProblem(await verify('analyst', registered.item.identificationNumber), 403, 'forbidden');
  });
});
