import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuybackResponse, normalizeIban } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersFor,
  type BuybackKit,
  CIRCUIT,
  customer,
  IBAN,
  key,
  PM,
  STORE,
  startBuybackKit,
} from '../../../test/buyback-kit';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test/test-keys';
import { ConfigError } from '../../platform/config';
import { migrate } from '../../platform/migrate';
import { systemContext } from '../../platform/request-context';
import {
  createKeyring,
  KEY_FILE_NAME,
  type Keyring,
  keyIdOf,
  loadKeyring,
  parseKeys,
} from '../../platform/secrets';
import { IBAN_PURPOSE } from './iban-at-rest';
import { protectIbansAtRest } from './iban-at-rest.service';

/** Issue 10: IBANs encrypted at rest (docs/security.md), and kept by the lines that take one only. */

const CLEAR = normalizeIban(IBAN);
const MASKED = 'FR76 **** **** **** **** ***0 189';
const testKeyring = createKeyring(parseKeys(TEST_DATA_ENCRYPTION_KEY));

/** The start-up step as `npm start` runs it, with this keyring (platform/request-context.ts systemContext). */
const startWith = (keyring: Keyring, batch?: number) =>
  protectIbansAtRest(systemContext({ ...k.t.deps, keyring }, { kind: 'all' }), batch);
let k: BuybackKit;
let product: string;
let answers: ReturnType<typeof answersFor>;
beforeAll(async () => {
  k = await startBuybackKit();
  product = await k.newProduct();
  answers = answersFor(await k.questionnaire(product));
});
afterAll(() => k.close());

/** The tables (of every schema of ours) with a row whose text holds `text`. */
async function tablesHolding(text: string): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(
    k.t.db,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.raw(name)} AS t WHERE t::text LIKE ${`%${text}%`}`.execute(k.t.db);
    if ((rows[0]?.n ?? 0) > 0) holding.push(name);
  }
  return holding;
}

const paymentOf = (buybackId: string) =>
  k.t.db
    .selectFrom('payments')
    .select(['type', 'iban_encrypted', 'iban_masked'])
    .where('buyback_id', '=', buybackId)
    .executeTakeFirstOrThrow();

async function pdfText(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const storeCart = (lines: Record<string, unknown>[]) =>
  k.post(
    'seller',
    '/api/carts',
    {
      channel: 'store',
      storeId: STORE,
      buybacks: lines.map((line, i) => ({
        inCartId: `line-${i}`,
        productId: product,
        answers,
        shippingMethodId: CIRCUIT.storeDrop,
        ...line,
      })),
      customer: customer({ iban: IBAN }),
      termsAccepted: true,
    },
    key(),
  );

describe('IBANs at rest', () => {
  it('a bank-transfer buyback keeps its IBAN encrypted with the current key: no table holds it in clear', async () => {
    const buyback = await k.createBuyback({ productId: product });
    const payment = await paymentOf(buyback.id);
    expect(keyIdOf(payment.iban_encrypted as string)).toBe(testKeyring.currentKeyId);
    expect(testKeyring.decrypt(IBAN_PURPOSE, payment.iban_encrypted as string)).toBe(CLEAR);
    expect(payment.iban_masked).toBe(MASKED);
    expect(await tablesHolding(CLEAR)).toEqual([]);
    expect(await tablesHolding(IBAN)).toEqual([]);
    // two buybacks with one IBAN: nothing tells that it is the same account
    const again = await paymentOf((await k.createBuyback({ productId: product })).id);
    expect(again.iban_encrypted).not.toBe(payment.iban_encrypted);
  });

  it('the API and the transfer order show the masked IBAN, as before', async () => {
    const buyback = await k.createBuyback({ productId: product });
    expect(buyback.ibanMasked).toBe(MASKED);
    expect((await k.get('seller', `/api/buybacks/${buyback.id}`)).json().ibanMasked).toBe(MASKED);
    const text = await pdfText(await k.get('seller', `/api/buybacks/${buyback.id}/documents/transfer-order`));
    expect(text).toContain(MASKED);
    expect(text.replaceAll(/\s/g, '')).not.toContain(CLEAR);
  });

  it('the seeded demo IBANs are encrypted too', async () => {
    expect(await tablesHolding(CLEAR)).toEqual([]);
    expect(await tablesHolding('BE68539007547034')).toEqual([]);
    const seeded = await k.t.db
      .selectFrom('payments')
      .select('iban_encrypted')
      .where('iban_encrypted', 'is not', null)
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) expect(keyIdOf(row.iban_encrypted as string)).toBe(testKeyring.currentKeyId);
  });
});

describe('a cart keeps each line’s own payment data', () => {
  it('store cart paid by bank transfer and by voucher: the voucher line stores and prints no IBAN', async () => {
    const res = await storeCart([{ paymentModeId: PM.bankTransfer }, { paymentModeId: PM.voucher }]);
    expect(res.statusCode, res.body).toBe(201);
    const [transfer, voucher] = res.json().buybacks as BuybackResponse[];
    expect(transfer?.ibanMasked).toBe(MASKED);
    expect(voucher?.ibanMasked).toBeNull();
    expect(await paymentOf(voucher?.id as string)).toEqual({
      type: 'voucher',
      iban_encrypted: null,
      iban_masked: null,
    });
    expect((await k.get('seller', `/api/buybacks/${voucher?.id}`)).json().ibanMasked).toBeNull();
    const order = (id: string) => k.get('seller', `/api/buybacks/${id}/documents/transfer-order`);
    expect(await pdfText(await order(transfer?.id as string))).toContain(MASKED);
    const voucherText = await pdfText(await order(voucher?.id as string));
    expect(voucherText).not.toContain('FR76');
    expect(voucherText).not.toContain('0 189');
  });

  it('web cart paid by bank transfer and by transfer without IBAN: only the first keeps the IBAN', async () => {
    const host = 'demo-retail.localhost:3000';
    const visitor = await k.t.app.inject({
      method: 'POST',
      url: '/api/white-label/visitor',
      headers: { host },
    });
    expect(visitor.statusCode, visitor.body).toBe(201);
    const cookies = {
      reprise_session: visitor.cookies.find((c) => c.name === 'reprise_session')?.value as string,
    };
    const send = (
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) =>
      k.t.app.inject({
        method,
        url,
        headers: { host, origin: `http://${host}`, ...headers },
        cookies,
        payload,
      });
    const line = (i: number, paymentModeId: string) => ({
      inCartId: `line-${i}`,
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.webPost,
      paymentModeId,
    });
    const res = await send(
      'POST',
      '/api/carts',
      {
        channel: 'web',
        buybacks: [line(0, PM.bankTransfer), line(1, PM.noIbanTransfer)],
        customer: customer(),
        iban: IBAN,
        termsAccepted: true,
      },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [transfer, noIban] = res.json().buybacks as BuybackResponse[];
    expect(transfer?.ibanMasked).toBe(MASKED);
    expect(noIban?.ibanMasked).toBeNull();
    expect(await paymentOf(noIban?.id as string)).toEqual({
      type: 'no_iban_transfer',
      iban_encrypted: null,
      iban_masked: null,
    });
    const noIbanText = await pdfText(
      await send('GET', `/api/buybacks/${noIban?.id}/documents/transfer-order`),
    );
    expect(noIbanText).not.toContain('FR76');
    expect(
      await pdfText(await send('GET', `/api/buybacks/${transfer?.id}/documents/transfer-order`)),
    ).toContain(MASKED);
  });
});

// These change the keys and the schema of this file's database: they run last.
describe('start-up: migration, wrong key, rotation', () => {
  it('IBANs stored in clear before migration 010 move to the bank-transfer payments and are encrypted before serving', async () => {
    const res = await storeCart([{ paymentModeId: PM.bankTransfer }, { paymentModeId: PM.voucher }]);
    expect(res.statusCode, res.body).toBe(201);
    const [transfer, voucher] = res.json().buybacks as BuybackResponse[];
    // the database as migration 009 left it: the IBAN in clear on the cart's one customer
    const { customer_id } = await k.t.db
      .selectFrom('buybacks')
      .select('customer_id')
      .where('id', '=', transfer?.id as string)
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE payments DROP COLUMN iban_encrypted, DROP COLUMN iban_masked`.execute(k.t.db);
    await sql`ALTER TABLE customers ADD COLUMN iban text`.execute(k.t.db);
    await sql`UPDATE customers SET iban = ${CLEAR} WHERE id = ${customer_id}`.execute(k.t.db);
    await sql`DELETE FROM schema_migrations WHERE version = '010_iban_at_rest'`.execute(k.t.db);

    expect(await migrate(k.t.db)).toEqual(['010_iban_at_rest']);
    expect(await tablesHolding(CLEAR)).toEqual(['public.payments']);
    expect((await paymentOf(voucher?.id as string)).iban_encrypted).toBeNull();

    expect(await startWith(testKeyring)).toBe(1);
    expect(await tablesHolding(CLEAR)).toEqual([]);
    const payment = await paymentOf(transfer?.id as string);
    expect(testKeyring.decrypt(IBAN_PURPOSE, payment.iban_encrypted as string)).toBe(CLEAR);
    expect((await k.get('seller', `/api/buybacks/${transfer?.id}`)).json().ibanMasked).toBe(MASKED);
    expect((await k.get('seller', `/api/buybacks/${voucher?.id}`)).json().ibanMasked).toBeNull();
    // a second start has nothing left to do
    expect(await startWith(testKeyring)).toBe(0);
  });

  it('a key that did not encrypt the stored IBANs stops the start with a message naming both keys', async () => {
    const wrong = createKeyring(parseKeys('ab'.repeat(32)));
    const start = startWith(wrong);
    await expect(start).rejects.toThrow(ConfigError);
    await expect(startWith(wrong)).rejects.toThrow(
      new RegExp(`encrypted with the key ${testKeyring.currentKeyId}.*holds ${wrong.currentKeyId}`),
    );
    const stored = await k.t.db
      .selectFrom('payments')
      .select('iban_encrypted')
      .where('iban_encrypted', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(() => wrong.decrypt(IBAN_PURPOSE, stored.iban_encrypted as string)).toThrow(/does not hold/);
  });

  it('rotation: with the new key first and the old one after, every IBAN is encrypted again with the new key', async () => {
    for (let i = 0; i < 3; i += 1) await k.createBuyback({ productId: product });
    const newKey = 'cd'.repeat(32);
    const rotating = createKeyring(parseKeys(`${newKey},${TEST_DATA_ENCRYPTION_KEY}`));
    expect(await startWith(rotating, 2)).toBeGreaterThan(2);
    const newOnly = createKeyring(parseKeys(newKey));
    expect(await startWith(newOnly)).toBe(0);
    const rows = await k.t.db
      .selectFrom('payments')
      .select('iban_encrypted')
      .where('iban_encrypted', 'is not', null)
      .execute();
    for (const row of rows) {
      expect(keyIdOf(row.iban_encrypted as string)).toBe(newOnly.currentKeyId);
      expect(newOnly.decrypt(IBAN_PURPOSE, row.iban_encrypted as string)).toMatch(/^[A-Z]{2}\d{2}/);
    }
  });
});

describe('the key of the embedded default', () => {
  it('without DATA_ENCRYPTION_KEY, a key is generated once into DATA_DIR, readable by its owner only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-keys-'));
    try {
      const first = loadKeyring({ dataEncryptionKey: undefined, dataDir });
      const file = path.join(dataDir, KEY_FILE_NAME);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
      expect(loadKeyring({ dataEncryptionKey: undefined, dataDir }).currentKeyId).toBe(first.currentKeyId);
      // DATA_ENCRYPTION_KEY wins over the file
      expect(loadKeyring({ dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY, dataDir }).currentKeyId).toBe(
        testKeyring.currentKeyId,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a DATA_ENCRYPTION_KEY that is not a 32-byte key stops the start', () => {
    for (const value of ['secret', 'ab'.repeat(31), `${TEST_DATA_ENCRYPTION_KEY},short`]) {
      expect(() => loadKeyring({ dataEncryptionKey: value, dataDir: tmpdir() }), value).toThrow(ConfigError);
    }
  });
});
