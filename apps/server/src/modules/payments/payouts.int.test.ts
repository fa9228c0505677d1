import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, expectProblem, PM } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';
import { DEMO } from '../../../test/test-app';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../test/test-keys';
import { ConfigError } from '../../platform/config';
import { systemContext } from '../../platform/request-context';
import { createKeyring, keyIdOf, parseKeys } from '../../platform/secrets';
import { protectSandboxPayoutKeysAtRest } from '../sandbox-payouts';
import { signPayload } from './payout-signature';

/**
 * Payouts through a provider (docs/payments.md, "Payouts through a provider"; payment-job.ts
 * `payByProvider`, payout-callbacks.service.ts, modules/sandbox-payouts): the app listens on a
 * loopback port; the sandbox bank pays bank transfers and the sandbox wallet transfers without IBAN,
 * over HTTP, from the payment job; their signed callbacks settle or fail the payment; a failed one is
 * relaunched; a refusal fails it for good; a callback with a bad signature or replayed changes nothing.
 */

let k: ControlKit;
let port: number;
const BANK_CONNECTOR = '00000000-0000-4000-c000-000000000009';
const WALLET_CONNECTOR = '00000000-0000-4000-c000-00000000000a';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const payment = (buybackId: string) =>
  k.t.db.selectFrom('payments').selectAll().where('buyback_id', '=', buybackId).executeTakeFirstOrThrow();

async function paymentIn(buybackId: string, status: string) {
  const start = Date.now();
  for (;;) {
    const row = await payment(buybackId);
    if (row.status === status) return row;
    if (Date.now() - start > 20_000)
      throw new Error(`payment of ${buybackId} still ${row.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function complete(b: Awaited<ReturnType<ControlKit['underControl']>>) {
  const res = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
    answers: await k.declaredAnswers(b),
  });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

/** The sandbox provider's API, as a client calls it (its app secret as bearer). */
const provider = (secret: string, method: 'GET' | 'PATCH' | 'POST', path: string, payload?: unknown) =>
  k.t.app.inject({
    method,
    url: `/api/sandbox-payouts${path}`,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface Provider {
  configurationId: string;
  appSecret: string;
  privateKey: string;
}

/** A sandbox account of `kind` and Demo Retail's configuration of it, its callbacks to the platform. */
async function connect(kind: 'bank' | 'wallet', name: string): Promise<Provider> {
  const signUp = await k.post('admin', '/api/sandbox-payouts/accounts', { kind, settleDelaySeconds: 0 });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const account = signUp.json();
  const created = await k.post('rmu', '/api/connector-organizations', {
    organizationId: DEMO.orgs.retailRoot,
    connectorId: kind === 'bank' ? BANK_CONNECTOR : WALLET_CONNECTOR,
    name,
    status: 'active',
    properties: {
      app_id: account.appId,
      app_secret: account.appSecret,
      private_key: account.privateKey,
      uri: `http://localhost:${port}/api/sandbox-payouts`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const configurationId = created.json().id;
  const patched = await provider(account.appSecret, 'PATCH', '/accounts/me', {
    webhookUrl: `http://localhost:${port}/api/webhooks/payments/${configurationId}`,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return { configurationId, appSecret: account.appSecret, privateKey: account.privateKey };
}

const payoutsOf = (reference: string) =>
  k.t.db
    .selectFrom('sandbox_payouts')
    .selectAll()
    .where('reference', '=', reference)
    .orderBy('created_at')
    .execute();

let bank: Provider;

beforeAll(async () => {
  port = await freePort();
  k = await startControlKit();
  await k.t.app.listen({ port, host: 'localhost' });
  bank = await connect('bank', 'Banque de test');
}, 120_000);
afterAll(() => k.close());

describe('the sandbox bank', () => {
  it('pays a bank transfer over its API: initiated with its payout id, then completed by its signed callback; no batch', async () => {
    const b = await complete(await k.underControl());
    const initiated = await paymentIn(b.id, 'payment_completed');
    expect(initiated).toMatchObject({
      provider: 'reprise.payment.bank_payout',
      connector_configuration_id: bank.configurationId,
      transfer_batch_id: null,
      payer_account_id: DEMO.accounts.demoRetail,
    });
    const [payout] = await payoutsOf(b.identificationNumber);
    expect(payout).toMatchObject({
      id: initiated.provider_payment_id,
      status: 'settled',
      amount_cents: initiated.amount_cents,
    });
    expect((payout?.beneficiary as { iban?: string } | undefined)?.iban).toMatch(/^[A-Z]{2}\d{2}/);
    await expect
      .poll(async () => (await payoutsOf(b.identificationNumber))[0]?.callback_status)
      .toBe('delivered');
    const history = await k.t.db
      .selectFrom('buyback_status_events')
      .select('payment_status')
      .where('buyback_id', '=', b.id)
      .where('payment_status', 'is not', null)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.payment_status)).toEqual([
      'awaiting_payment',
      'payment_created',
      'payment_initiated',
      'payment_completed',
    ]);
  });

  it('a payout failed on command fails the payment with the bank reason; relaunched, a new payout pays it', async () => {
    await provider(bank.appSecret, 'PATCH', '/accounts/me', { outcome: 'failed' });
    const b = await complete(await k.underControl());
    const failed = await paymentIn(b.id, 'payment_failed');
    expect(failed.failure_reason).toBe('AC04 account closed');
    await provider(bank.appSecret, 'PATCH', '/accounts/me', { outcome: 'settled' });
    const relaunched = await k.post('rmu', `/api/payments/${failed.id}/relaunch`);
    expect(relaunched.statusCode, relaunched.body).toBe(200);
    await paymentIn(b.id, 'payment_completed');
    const payouts = await payoutsOf(b.identificationNumber);
    expect(payouts.map((p) => p.status)).toEqual(['failed', 'settled']);
    expect(new Set(payouts.map((p) => p.idempotency_key)).size).toBe(2);
  });

  it('a payout refused at once fails the payment for good, with the provider code', async () => {
    await provider(bank.appSecret, 'PATCH', '/accounts/me', { outcome: 'refused' });
    const b = await complete(await k.underControl());
    const failed = await paymentIn(b.id, 'payment_failed');
    expect(failed.failure_reason).toBe('payout_refused');
    expect(await payoutsOf(b.identificationNumber)).toEqual([]);
    await provider(bank.appSecret, 'PATCH', '/accounts/me', { outcome: 'manual' });
  });

  it('a callback with a bad signature is 401, one replayed 409; neither changes the payment', async () => {
    const b = await complete(await k.underControl());
    const initiated = await paymentIn(b.id, 'payment_initiated');
    const body = JSON.stringify({
      payoutId: initiated.provider_payment_id,
      reference: b.identificationNumber,
      status: 'settled',
      reason: null,
    });
    const now = Math.floor(Date.now() / 1000);
    const callback = (signature: string) =>
      k.t.app.inject({
        method: 'POST',
        url: `/api/webhooks/payments/${bank.configurationId}`,
        headers: { 'content-type': 'application/json', 'x-payout-signature': signature },
        payload: body,
      });
    expectProblem(await callback(signPayload('not-the-key', now, body)), 401, 'webhook_signature_invalid');
    expectProblem(
      await callback(signPayload(bank.privateKey, now - 3600, body)),
      401,
      'webhook_timestamp_out_of_window',
    );
    expect((await payment(b.id)).status).toBe('payment_initiated');
    // the console settles it: the sandbox posts its callback
    const decided = await provider(
      bank.appSecret,
      'POST',
      `/payouts/${initiated.provider_payment_id}/outcome`,
      {
        status: 'settled',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    await paymentIn(b.id, 'payment_completed');
    expectProblem(await callback(signPayload(bank.privateKey, now, body)), 409, 'webhook_replayed');
    expectProblem(
      await provider(bank.appSecret, 'POST', `/payouts/${initiated.provider_payment_id}/outcome`, {
        status: 'failed',
      }),
      409,
      'payout_not_pending',
    );
  });

  it('refuses a payout request without a valid signature or app secret', async () => {
    const payload = {
      reference: '2000000000000',
      amountCents: 100,
      currency: 'EUR',
      beneficiary: { name: 'A B', iban: 'DE89370400440532013000' },
    };
    const request = (headers: Record<string, string>) =>
      k.t.app.inject({ method: 'POST', url: '/api/sandbox-payouts/payouts', headers, payload });
    expectProblem(
      await request({ authorization: 'Bearer unknown', 'idempotency-key': 'key-12345678' }),
      401,
      'unauthenticated',
    );
    expectProblem(
      await request({
        authorization: `Bearer ${bank.appSecret}`,
        'idempotency-key': 'key-12345678',
        'x-payout-signature': signPayload('wrong', Math.floor(Date.now() / 1000), 'x'),
      }),
      401,
      'webhook_signature_invalid',
    );
  });
});

describe('the sandbox wallet', () => {
  it("pays a transfer without IBAN to the customer's e-mail, not by the IBAN link", async () => {
    await provider(bank.appSecret, 'PATCH', '/accounts/me', { outcome: 'settled' });
    await connect('wallet', 'Portefeuille de test');
    const email = 'wallet-payee@example.test';
    const b = await k.createBuyback({ paymentModeId: PM.noIbanTransfer, customer: customer({ email }) });
    expect((await k.post('seller', `/api/buybacks/${b.id}/send`)).statusCode).toBe(200);
    const started = await k.asOperator('POST', '/api/warehouse/control/start', {
      code: b.item.identificationNumber,
    });
    expect(started.statusCode, started.body).toBe(200);
    await complete(b as Awaited<ReturnType<ControlKit['underControl']>>);
    const paid = await paymentIn(b.id, 'payment_completed');
    expect(paid).toMatchObject({ provider: 'reprise.payment.wallet_payout', iban_token_hash: null });
    const [payout] = await payoutsOf(b.identificationNumber);
    expect(payout?.beneficiary).toMatchObject({ email });
    expect(k.mailsTo(email)).toEqual([]);
  });
});

describe("the sandbox accounts' private keys at rest", () => {
  it('a data key that did not encrypt them stops the start; a rotation encrypts them again with the new key', async () => {
    const withKeys = (keys: string) =>
      systemContext({ ...k.t.deps, keyring: createKeyring(parseKeys(keys)) }, { kind: 'all' });
    await expect(protectSandboxPayoutKeysAtRest(withKeys('ab'.repeat(32)))).rejects.toThrow(ConfigError);
    expect(await protectSandboxPayoutKeysAtRest(withKeys(TEST_DATA_ENCRYPTION_KEY))).toBe(0);
    const newKey = 'cd'.repeat(32);
    expect(
      await protectSandboxPayoutKeysAtRest(withKeys(`${newKey},${TEST_DATA_ENCRYPTION_KEY}`)),
    ).toBeGreaterThan(0);
    const stored = await k.t.db
      .selectFrom('sandbox_payout_accounts')
      .select('private_key_encrypted')
      .execute();
    const newId = createKeyring(parseKeys(newKey)).currentKeyId;
    expect(new Set(stored.map((row) => keyIdOf(row.private_key_encrypted)))).toEqual(new Set([newId]));
  });
});
