import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersFor, CIRCUIT, customer, IBAN, PM, STORE, webCartOf } from '../../../test/buyback-kit';
import { type ControlKit, startControlKit } from '../../../test/control-kit';
import { DEMO } from '../../../test/test-app';
import { systemContext, transact } from '../../platform/request-context';
import { DEMO_DEVICE_CHECK } from '../../seed/demo-device-check';
import { latestDeviceChecks } from './index';

/**
 * The stolen-device check (docs/device-check.md) against the sandbox IMEI blacklist over HTTP:
 * the app listens on a loopback port and Demo Retail's connector points at it. Each answer, the
 * day's cache (the sandbox counts its requests), the rate limit, the outage and its retry job, the
 * store wizard's warn and block, the checkout's flag kept from the visitor, the check-in's
 * quarantine proposal, the item's history, and another tenant seeing nothing.
 */

let k: ControlKit;
let port: number;
let product: string;
const IMEI = DEMO_DEVICE_CHECK.imeis;

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

/** A 15-digit IMEI of TAC 35345678 never seen before, with its Luhn digit. */
let serial = 100_000;
function freshImei(): string {
  serial += 1;
  const body = `35345678${serial}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The lookups the sandbox received for an IMEI (its own API, with the demo's key). */
async function sandboxRequests(imei: string): Promise<number> {
  const res = await fetch(`http://localhost:${port}/api/sandbox-device-check/imeis/${imei}/requests`, {
    headers: { authorization: `Bearer ${DEMO_DEVICE_CHECK.apiKey}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

async function sandboxAnswers(imei: string, answer: string) {
  const res = await fetch(`http://localhost:${port}/api/sandbox-device-check/imeis/${imei}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${DEMO_DEVICE_CHECK.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ answer }),
  });
  expect(res.status).toBe(204);
}

const check = (imei: string, who: 'seller' | 'otherSeller' = 'seller') =>
  k.post(who, '/api/device-checks', { imei });

async function settings(patch: Record<string, unknown>) {
  const detail = await k.t.db
    .selectFrom('organization_root_details')
    .select('id')
    .where('account_id', '=', DEMO.accounts.demoRetail)
    .executeTakeFirstOrThrow();
  const res = await k.t.app.inject({
    method: 'PATCH',
    url: `/api/organization-root-details/${detail.id}`,
    headers: {
      authorization: (await k.t.login('root_management_unit_manager@demo.test')).authorization,
      'content-type': 'application/merge-patch+json',
    },
    payload: JSON.stringify(patch),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const storeBuyback = async (imei: string) => {
  const q = await k.questionnaire(product);
  return k.post(
    'seller',
    `/api/store/${STORE}/buybacks`,
    {
      productId: product,
      answers: answersFor(q),
      shippingMethodId: CIRCUIT.storeDrop,
      paymentModeId: PM.bankTransfer,
      customer: customer({ iban: IBAN }),
      imei,
    },
    { 'idempotency-key': randomUUID() },
  );
};

const checksOf = (imei: string) =>
  k.t.db.selectFrom('device_checks').selectAll().where('imei', '=', imei).orderBy('checked_at').execute();

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > 20_000) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  port = await freePort();
  k = await startControlKit();
  await k.t.app.listen({ port, host: 'localhost' });
  await k.t.db
    .updateTable('connector_configurations')
    .set({
      properties: sql`jsonb_set(properties, '{api_url}', to_jsonb(${`http://localhost:${port}/api/sandbox-device-check`}::text))`,
    })
    .where('id', '=', DEMO_DEVICE_CHECK.configurationId)
    .execute();
  product = await k.newProduct({ name: 'Device check phone', isCollectingIMEI: true });
}, 120_000);
afterAll(() => k.close(), 120_000);

describe('the wizard check', () => {
  it.each([
    ['stolen', IMEI.stolen, 'warn'],
    ['lost', IMEI.lost, 'warn'],
    ['unknown', IMEI.unknown, 'none'],
  ] as const)('answers %s for an IMEI the blacklist answers so', async (result, imei, action) => {
    const res = await check(imei);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imei, result, action });
  });

  it('answers clean for an IMEI the blacklist does not list, and stores the check (source wizard, no item)', async () => {
    const imei = freshImei();
    const res = await check(imei);
    expect(res.json()).toMatchObject({ result: 'clean', action: 'none' });
    const [row] = await checksOf(imei);
    expect(row).toMatchObject({
      result: 'clean',
      source: 'wizard',
      item_id: null,
      account_id: DEMO.accounts.demoRetail,
    });
    expect(row?.provider_summary).toMatch(/^clean, reference SBX-/);
  });

  it('never calls the provider with an invalid IMEI (Luhn): 422 imei_invalid', async () => {
    const imei = `${IMEI.stolen.slice(0, 14)}${(Number(IMEI.stolen[14]) + 1) % 10}`;
    const res = await check(imei);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toMatchObject({ propertyPath: 'imei', code: 'imei_invalid' });
    expect(await sandboxRequests(imei)).toBe(0);
  });

  it('asks the provider once a day: a second check of the IMEI is answered from the cache', async () => {
    const imei = freshImei();
    await check(imei);
    await check(imei);
    expect(await sandboxRequests(imei)).toBe(1);
    expect((await checksOf(imei)).map((c) => c.result)).toEqual(['clean', 'clean']);
    // a day later the answer is stale: the provider is asked again
    await k.t.db
      .updateTable('device_check_answers')
      .set({ answered_at: sql`now() - interval '25 hours'` })
      .where('imei', '=', imei)
      .execute();
    await check(imei);
    expect(await sandboxRequests(imei)).toBe(2);
  });

  it('records an outage (503) or a timeout as not_checked, never cached, and lets the seller go on', async () => {
    const res = await check(IMEI.outage);
    expect(res.json()).toMatchObject({ result: 'not_checked', action: 'none' });
    await check(IMEI.outage);
    expect(await sandboxRequests(IMEI.outage)).toBe(2);
    const timedOut = await check(IMEI.timeout);
    expect(timedOut.json()).toMatchObject({ result: 'not_checked' });
    expect((await checksOf(IMEI.timeout))[0]?.provider_summary).toMatch(/no answer within/);
  });

  it('makes no call without a token of the account bucket: not_checked, rate limited', async () => {
    await k.t.db
      .updateTable('device_check_buckets')
      .set({ tokens: 0, refilled_at: sql`now()` })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    const imei = freshImei();
    const res = await check(imei);
    expect(res.json()).toMatchObject({ result: 'not_checked' });
    expect(await sandboxRequests(imei)).toBe(0);
    expect((await checksOf(imei))[0]?.provider_summary).toMatch(/rate limited/);
    // a full bucket again
    await k.t.db
      .updateTable('device_check_buckets')
      .set({ tokens: 20 })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    expect((await check(imei)).json()).toMatchObject({ result: 'clean' });
  });

  it('takes one token per call: an almost empty bucket allows its last calls, then none', async () => {
    const fill = (tokens: number) =>
      k.t.db
        .updateTable('device_check_buckets')
        .set({ tokens, refilled_at: sql`now()` })
        .where('account_id', '=', DEMO.accounts.demoRetail)
        .execute();
    await fill(2);
    try {
      const results: string[] = [];
      for (const imei of [freshImei(), freshImei(), freshImei()])
        results.push((await check(imei)).json().result);
      // one token comes back every 3 s: the three calls are made well within that
      expect(results).toEqual(['clean', 'clean', 'not_checked']);
    } finally {
      await fill(20);
    }
  });
});

describe('buyback creation', () => {
  it('warns by default: the store buyback of a stolen device is created and flagged, with its history row', async () => {
    const res = await storeBuyback(IMEI.stolen);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b.deviceCheckFlag).toBe('stolen');
    const detail = await k.get('rmu', `/api/buybacks/${b.id}`);
    expect(detail.json().deviceCheckFlag).toBe('stolen');
    const list = await k.get('rmu', `/api/buybacks?code=${b.identificationNumber}`);
    expect(list.json().member[0].deviceCheckFlag).toBe('stolen');
    const history = await k.get('rmu', `/api/items/${b.item.id}/history`);
    expect(history.json().member.map((e: { reason: string }) => e.reason)).toContain('device_check_stolen');
    const checks = await k.get('rmu', `/api/items/${b.item.id}/device-checks`);
    expect(checks.json().member[0]).toMatchObject({ result: 'stolen', source: 'wizard', imei: IMEI.stolen });
    const latest = await transact(systemContext(k.t.deps, { kind: 'all' }), (tx) =>
      latestDeviceChecks(tx, [b.item.id, randomUUID()]),
    );
    expect(latest.get(b.item.id)?.result).toBe('stolen');
    expect(latest.size).toBe(1);
  });

  it('blocks when the account says so: 422 device_check_flagged on imei, nothing created', async () => {
    await settings({ deviceCheckFlaggedAction: 'block' });
    try {
      expect((await check(IMEI.lost)).json().action).toBe('block');
      const before = await k.t.db.selectFrom('buybacks').select('id').execute();
      const res = await storeBuyback(IMEI.lost);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'device_check_flagged' });
      expect(res.json().violations[0]).toMatchObject({ propertyPath: 'imei', code: 'device_check_flagged' });
      expect((await k.t.db.selectFrom('buybacks').select('id').execute()).length).toBe(before.length);
      // a clean device goes through
      expect((await storeBuyback(freshImei())).statusCode).toBe(201);
    } finally {
      await settings({ deviceCheckFlaggedAction: 'warn' });
    }
  });

  it('an outage does not block unless the account asks (422 device_check_unavailable)', async () => {
    await settings({ deviceCheckOutageBlocks: true });
    try {
      const res = await storeBuyback(IMEI.outage);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('device_check_unavailable');
    } finally {
      await settings({ deviceCheckOutageBlocks: false });
    }
    expect((await storeBuyback(IMEI.outage)).statusCode).toBe(201);
  });

  it('an outage is retried by a job: the later answer flags the buyback (source retry)', async () => {
    const imei = freshImei();
    await sandboxAnswers(imei, 'outage');
    const res = await storeBuyback(imei);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b.deviceCheckFlag).toBeNull();
    expect((await checksOf(imei)).at(-1)).toMatchObject({ result: 'not_checked', item_id: b.item.id });
    const job = await k.t.db
      .selectFrom(sql`pgboss.job`.as('j'))
      .select(sql<string>`j.id`.as('id'))
      .where(sql`j.name`, '=', 'device-check')
      .where(sql`j.data->>'itemId'`, '=', b.item.id)
      .executeTakeFirst();
    expect(job).toBeDefined();
    await sandboxAnswers(imei, 'stolen');
    // the retry's wait (2 minutes) is over
    await sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'device-check' AND data->>'itemId' = ${b.item.id}`.execute(
      k.t.db,
    );
    const retried = await until(
      async () => (await checksOf(imei)).find((c) => c.source === 'retry'),
      'the retry',
    );
    expect(retried).toMatchObject({ result: 'stolen', item_id: b.item.id });
    expect((await k.get('rmu', `/api/buybacks/${b.id}`)).json().deviceCheckFlag).toBe('stolen');
    // the history: the translated result, and beside it only the provider's reference (no English)
    const events = await k.t.db
      .selectFrom('item_events')
      .select(['reason', 'comment'])
      .where('item_id', '=', b.item.id)
      .where('reason', 'like', 'device_check_%')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { reason: 'device_check_not_checked', comment: null },
      { reason: 'device_check_stolen', comment: expect.stringMatching(/^SBX-[A-Z0-9-]+$/) },
    ]);
  });

  it('checkout flags the pre-declaration and tells the visitor nothing', async () => {
    const visitor = await k.t.app.inject({
      method: 'POST',
      url: '/api/white-label/visitor',
      headers: { host: 'demo-retail.localhost:3000' },
    });
    const token = visitor.cookies.find((c) => c.name === 'reprise_session')?.value as string;
    const q = await k.questionnaire(product);
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: {
        host: 'demo-retail.localhost:3000',
        origin: 'http://demo-retail.localhost:3000',
        'idempotency-key': randomUUID(),
      },
      cookies: { reprise_session: token },
      payload: webCartOf(product, answersFor(q), { imei: IMEI.stolen }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().buybacks[0];
    expect(b.deviceCheckFlag).toBeNull();
    expect(res.body).not.toMatch(/stolen|device_check/);
    expect((await k.get('rmu', `/api/buybacks/${b.id}`)).json().deviceCheckFlag).toBe('stolen');
    expect((await checksOf(IMEI.stolen)).find((c) => c.buyback_id === b.id)?.source).toBe('checkout');
  });
});

describe('warehouse check-in', () => {
  it('checks the device and proposes quarantine (stolen suspicion) for a stolen one', async () => {
    const b = await k.sentBuyback({ productId: product, imei: IMEI.stolen });
    const res = await k.asOperator('POST', '/api/warehouse/checkin', { code: b.item.identificationNumber });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deviceCheck).toMatchObject({ result: 'stolen', quarantineProposed: true });
    const quarantined = await k.asOperator('POST', `/api/warehouse/control/${b.item.id}/quarantine`, {
      reason: 'stolen_suspicion',
      comment: null,
    });
    expect(quarantined.statusCode, quarantined.body).toBe(200);
    expect(quarantined.json()).toMatchObject({
      status: 'item_in_quarantine',
      quarantineReason: 'stolen_suspicion',
    });
    const sources = (await checksOf(IMEI.stolen)).filter((c) => c.item_id === b.item.id).map((c) => c.source);
    expect(sources).toEqual(['wizard', 'check_in']);
  });

  it('proposes nothing for a clean device', async () => {
    const b = await k.sentBuyback({ productId: product, imei: freshImei() });
    const res = await k.asOperator('POST', '/api/warehouse/checkin', { code: b.item.identificationNumber });
    expect(res.json().deviceCheck).toMatchObject({ result: 'clean', quarantineProposed: false });
  });
});

describe('another tenant', () => {
  it("sees none of Demo Retail's checks, and checks nothing without its own connector", async () => {
    const b = (await storeBuyback(IMEI.lost)).json();
    expect((await k.get('otherRmu', `/api/items/${b.item.id}/device-checks`)).statusCode).toBe(404);
    const res = await check(IMEI.stolen, 'otherSeller');
    expect(res.json()).toMatchObject({ result: null, action: 'none' });
    const rows = await k.t.db
      .selectFrom('device_checks')
      .select('id')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .execute();
    expect(rows).toEqual([]);
  });
});
