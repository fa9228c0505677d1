import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BuybackResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, DEMO, expectProblem, startBuybackKit } from '../../../test/buyback-kit';
import { advanceItem, warehouseManagerContext } from '../../../test/item-moves-kit';
import { itemInRefurbishment } from '../../../test/refurb-kit';
import { type RequestContext, systemContext, transact } from '../../platform/request-context';
import { moveItem, resolveItem } from '../buyback-lifecycle';
import { CONNECTOR_FQN, insertConfiguration } from '../connectors';
import { deliverWebhook, WEBHOOK_MAX_ATTEMPTS } from './webhook-delivery.job';

/**
 * Buyer resale webhooks (docs/connectors.md, "Buyer resale webhooks"): which configurations an
 * event reaches, the signed POST a real HTTP peer on loopback receives and checks, each failure
 * mode of an attempt (status, timeout, redirect, refused address, inactive configuration), the
 * last attempt, the delivery log and its redeliver, who may read it, and a second tenant.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let k: BuybackKit;
let peer: Server;
let base: string;
let warehouse: RequestContext;
let operator: string;
let productId: string;
const received: Received[] = [];
/** How many times each path was asked (a flaky path fails its first request). */
const asked = new Map<string, number>();

const SECRET = 'whsec-test-0123456789';

beforeAll(async () => {
  peer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const count = (asked.get(path) ?? 0) + 1;
      asked.set(path, count);
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path.startsWith('/hang')) return; // never answers
      if (path.startsWith('/fail')) return void response.writeHead(500).end('boom');
      if (path.startsWith('/flaky')) return void response.writeHead(count === 1 ? 500 : 200).end();
      if (path.startsWith('/redirect')) return void response.writeHead(302, { location: '/ok' }).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  k = await startBuybackKit();
  warehouse = await warehouseManagerContext(k.t);
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  productId = await k.newProduct();
});
afterAll(async () => {
  peer.closeAllConnections();
  await new Promise((resolve) => peer.close(resolve));
  await k.close();
});

const system = () => systemContext(k.t.deps, { kind: 'all' });

/** A buyer resale webhooks configuration (as the configuration screens save it). */
async function configure(
  path: string,
  over: { accountId?: string; organizationId?: string; status?: 'active' | 'inactive'; url?: string } = {},
): Promise<string> {
  return transact(system(), (tx) =>
    insertConfiguration(tx, {
      accountId: over.accountId ?? DEMO.accounts.demoRetail,
      organizationId: over.organizationId ?? DEMO.orgs.retailRoot,
      fqn: CONNECTOR_FQN.buyerResaleWebhook,
      name: `Webhooks ${randomUUID().slice(0, 8)}`,
      status: over.status ?? 'active',
      values: { url: over.url ?? `${base}${path}`, webhook_secret: SECRET, referrer: 'reprise-test' },
    }),
  );
}

const setStatus = (ids: string[], status: 'active' | 'inactive') =>
  k.t.db.updateTable('connector_configurations').set({ status }).where('id', 'in', ids).execute();

const deliveriesOf = (buybackId: string) =>
  k.t.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('buyback_id', '=', buybackId)
    .orderBy('created_at')
    .execute();

const delivery = (id: string) =>
  k.t.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A delivery written without its job: the test runs the handler itself, as the queue would. */
async function pendingDelivery(configurationId: string, accountId: string = DEMO.accounts.demoRetail) {
  const id = randomUUID();
  await k.t.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      account_id: accountId,
      connector_configuration_id: configurationId,
      event: 'buyback.completed',
      payload: JSON.stringify({
        id,
        event: 'buyback.completed',
        createdAt: new Date().toISOString(),
        data: {},
      }),
    })
    .execute();
  return id;
}

const requestsTo = (path: string) => received.filter((r) => r.path === path);

async function until<T>(
  read: () => Promise<T | undefined | null | false>,
  what: string,
  ms = 15_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The signature of a request, checked as a receiver checks it: HMAC-SHA256 of "<t>.<body>" with the secret. */
function expectSigned(request: Received, secret = SECRET) {
  const header = String(request.headers['x-reprise-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, t, v1] = match as RegExpExecArray;
  expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex'));
}

/** A Paris store buyback brought to "completed by price" at Saint-Priest, by item moves. */
async function completedBuyback(): Promise<BuybackResponse> {
  const b = await k.createBuyback({ productId });
  await advanceItem(warehouse, b.item.id, 'item_completed_by_price');
  return b;
}

describe('events and their receivers', () => {
  it('a completed buyback reaches each active configuration of its retailer and of its buyer once, signed', async () => {
    const retailer = await configure('/retailer');
    const buyer = await configure('/buyer', {
      accountId: DEMO.accounts.demoBuyer,
      organizationId: DEMO.orgs.buyer,
    });
    const inactive = await configure('/inactive', { status: 'inactive' });
    const other = await configure('/other', {
      accountId: DEMO.accounts.otherRetail,
      organizationId: DEMO.orgs.otherRoot,
    });
    try {
      const b = await completedBuyback();
      const rows = await deliveriesOf(b.id);
      expect(rows.map((r) => [r.connector_configuration_id, r.account_id, r.event]).sort()).toEqual(
        [
          [retailer, DEMO.accounts.demoRetail, 'buyback.completed'],
          [buyer, DEMO.accounts.demoBuyer, 'buyback.completed'],
        ].sort(),
      );
      // each with its job, whose id is the delivery's
      const { rows: jobs } = await sql<{ id: string; name: string }>`
        SELECT id, name FROM pgboss.job WHERE id = ANY(${rows.map((r) => r.id)}::uuid[])`.execute(k.t.db);
      expect(jobs.map((job) => job.name)).toEqual(['webhook', 'webhook']);

      // the worker posts them; the peer checks what it receives
      const got = await until(async () => requestsTo('/retailer')[0], 'the retailer webhook');
      expectSigned(got);
      expect(got.headers).toMatchObject({
        'content-type': 'application/json',
        'x-reprise-event': 'buyback.completed',
        'x-reprise-delivery': rows.find((r) => r.connector_configuration_id === retailer)?.id,
      });
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        id: got.headers['x-reprise-delivery'],
        event: 'buyback.completed',
        referrer: 'reprise-test',
        data: {
          buyback: { id: b.id, code: b.identificationNumber, status: 'bb_completed_by_price' },
          item: { id: b.item.id, code: b.item.identificationNumber, status: 'item_completed_by_price' },
          product: { id: productId },
          category: { id: b.category.id },
          price: { currency: 'EUR' },
          warehouse: { id: DEMO.orgs.warehouseSaintPriest },
        },
      });
      expect(body.data).not.toHaveProperty('customer');
      expect(JSON.stringify(body)).not.toContain('Łukasiewicz');
      expectSigned(await until(async () => requestsTo('/buyer')[0], 'the buyer webhook'));
      await until(
        async () => (await deliveriesOf(b.id)).every((r) => r.status === 'delivered' && r.attempts === 1),
        'both delivered',
      );
      expect(requestsTo('/inactive')).toHaveLength(0);
      expect(requestsTo('/other')).toHaveLength(0);
    } finally {
      await setStatus([retailer, buyer, inactive, other], 'inactive');
    }
  });

  it('a refurbished item, then its dispatch in a closed warehouse package, are announced once each', async () => {
    const configuration = await configure('/lifecycle');
    try {
      const b = await k.createBuyback({ productId });
      await itemInRefurbishment(warehouse, b.item.id, []);
      await transact(warehouse, async (tx) => {
        const item = await resolveItem(tx, { id: b.item.id }, { forUpdate: true });
        await moveItem(tx, item, { to: 'item_refurb_completed', reason: 'refurb_completed' });
      });
      const opened = await k.t.app.inject({
        method: 'POST',
        url: '/api/packages',
        headers: { authorization: operator },
        payload: { withLabel: true },
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const pack = opened.json();
      const added = await k.t.app.inject({
        method: 'POST',
        url: `/api/packages/${pack.id}/items`,
        headers: { authorization: operator },
        payload: { code: b.item.identificationNumber },
      });
      expect(added.statusCode, added.body).toBe(200);
      const closed = await k.t.app.inject({
        method: 'POST',
        url: `/api/packages/${pack.id}/close`,
        headers: { authorization: operator },
        payload: {},
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const rows = await deliveriesOf(b.id);
      expect(rows.map((r) => r.event)).toEqual(['buyback.completed', 'item.refurbished', 'item.dispatched']);
      expect(rows[2]?.payload).toMatchObject({
        data: { package: { number: pack.number, trackingNumber: closed.json().trackingNumber } },
      });
      await until(async () => requestsTo('/lifecycle').length === 3, 'three webhooks');
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('a cancelled buyback is announced with its reason', async () => {
    const configuration = await configure('/cancelled');
    try {
      const b = await k.createBuyback({ productId });
      const res = await k.post('storeManager', `/api/buybacks/${b.id}/cancel`, {
        reason: 'customer_retraction',
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await deliveriesOf(b.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        event: 'buyback.cancelled',
        connector_configuration_id: configuration,
        payload: { data: { cancellation: { reason: 'customer_retraction' } } },
      });
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('a step that rolls back announces nothing', async () => {
    const configuration = await configure('/rolled-back');
    try {
      const b = await k.createBuyback({ productId });
      await expect(
        transact(warehouse, async (tx) => {
          await advanceItem(tx, b.item.id, 'item_completed_by_price');
          const inside = await tx.trx
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('buyback_id', '=', b.id)
            .execute();
          expect(inside).toHaveLength(1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await deliveriesOf(b.id)).toHaveLength(0);
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });
});

describe('an attempt (the webhook job)', () => {
  it('a 500 is recorded and thrown for the queue to retry; the next attempt delivers; a third run does nothing', async () => {
    const configuration = await configure('/flaky');
    const id = await pendingDelivery(configuration);
    try {
      await expect(deliverWebhook(system(), { deliveryId: id })).rejects.toThrow('http_status 500');
      expect(await delivery(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_status_code: 500,
        last_error: 'http_status',
      });
      await deliverWebhook(system(), { deliveryId: id });
      const row = await delivery(id);
      expect(row).toMatchObject({
        status: 'delivered',
        attempts: 2,
        last_status_code: 200,
        last_error: null,
      });
      expect(row.delivered_at).not.toBeNull();
      const sent = requestsTo('/flaky');
      expect(sent).toHaveLength(2);
      for (const request of sent) expectSigned(request);
      await deliverWebhook(system(), { deliveryId: id });
      expect(requestsTo('/flaky')).toHaveLength(2);
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('no answer within the timeout: a `timeout` failure, retried', async () => {
    const configuration = await configure('/hang');
    const id = await pendingDelivery(configuration);
    try {
      await expect(deliverWebhook(system(), { deliveryId: id }, { timeoutMs: 300 })).rejects.toThrow(
        'timeout',
      );
      expect(await delivery(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'timeout' });
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('a redirect is not followed: a failure', async () => {
    const configuration = await configure('/redirect');
    const id = await pendingDelivery(configuration);
    try {
      const before = requestsTo('/ok').length;
      await expect(deliverWebhook(system(), { deliveryId: id })).rejects.toThrow('redirect_not_followed');
      expect(await delivery(id)).toMatchObject({
        last_status_code: 302,
        last_error: 'redirect_not_followed',
      });
      expect(requestsTo('/ok')).toHaveLength(before);
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it(`the last of the queue's ${WEBHOOK_MAX_ATTEMPTS} attempts leaves the delivery failed`, async () => {
    const configuration = await configure('/fail');
    const id = await pendingDelivery(configuration);
    try {
      await k.t.db
        .updateTable('webhook_deliveries')
        .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 2 })
        .where('id', '=', id)
        .execute();
      await expect(deliverWebhook(system(), { deliveryId: id })).rejects.toThrow('http_status 500');
      expect(await delivery(id)).toMatchObject({ status: 'pending', attempts: WEBHOOK_MAX_ATTEMPTS - 1 });
      await expect(deliverWebhook(system(), { deliveryId: id })).rejects.toThrow('http_status 500');
      expect(await delivery(id)).toMatchObject({
        status: 'failed',
        attempts: WEBHOOK_MAX_ATTEMPTS,
        last_status_code: 500,
        last_error: 'http_status',
      });
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('an inactive configuration: the delivery fails without a request', async () => {
    const configuration = await configure('/deactivated');
    const id = await pendingDelivery(configuration);
    await setStatus([configuration], 'inactive');
    await deliverWebhook(system(), { deliveryId: id });
    expect(await delivery(id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'configuration_inactive',
    });
    expect(requestsTo('/deactivated')).toHaveLength(0);
  });

  it('a URL that is not http(s) fails without a request', async () => {
    const configuration = await configure('', { url: 'ftp://127.0.0.1/hooks' });
    const id = await pendingDelivery(configuration);
    try {
      await deliverWebhook(system(), { deliveryId: id });
      expect(await delivery(id)).toMatchObject({ status: 'failed', last_error: 'url_not_allowed' });
    } finally {
      await setStatus([configuration], 'inactive');
    }
  });

  it('where private addresses are not allowed (production), loopback is refused, by address or by name', async () => {
    const byAddress = await configure('/private');
    const byName = await configure('', { url: `${base.replace('127.0.0.1', 'localhost')}/private` });
    const strict = {
      ...system(),
      deps: { ...k.t.deps, config: { ...k.t.deps.config, webhookPrivateHosts: false } },
    };
    try {
      // an address in the URL cannot change: failed at once
      const literal = await pendingDelivery(byAddress);
      await deliverWebhook(strict, { deliveryId: literal });
      expect(await delivery(literal)).toMatchObject({ status: 'failed', last_error: 'address_not_allowed' });
      // a host name may resolve elsewhere later: a failed attempt, retried
      const named = await pendingDelivery(byName);
      await expect(deliverWebhook(strict, { deliveryId: named })).rejects.toThrow('address_not_allowed');
      expect(await delivery(named)).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'address_not_allowed',
      });
      expect(requestsTo('/private')).toHaveLength(0);
    } finally {
      await setStatus([byAddress, byName], 'inactive');
    }
  });
});

describe('the delivery log', () => {
  let configuration: string;
  let delivered: string;
  let failed: string;

  beforeAll(async () => {
    configuration = await configure('/log');
    const b = await completedBuyback();
    delivered = (await deliveriesOf(b.id))[0]?.id as string;
    await until(async () => (await delivery(delivered)).status === 'delivered', 'the delivery');
    failed = await pendingDelivery(configuration);
    await k.t.db
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        attempts: WEBHOOK_MAX_ATTEMPTS,
        last_status_code: 500,
        last_error: 'http_status',
      })
      .where('id', '=', failed)
      .execute();
  });

  const log = (who: Parameters<BuybackKit['get']>[0], query = '') =>
    k.get(who, `/api/connector-organizations/${configuration}/webhook-deliveries${query}`);

  it('lists the configuration’s deliveries, newest first, with their outcome and payload; filters by status', async () => {
    const res = await log('rmu');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.totalItems).toBe(2);
    expect(page.member.map((d: { id: string }) => d.id)).toEqual([failed, delivered]);
    expect(page.member[1]).toMatchObject({
      configurationId: configuration,
      event: 'buyback.completed',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      payload: { id: delivered, event: 'buyback.completed' },
    });
    expect(page.member[1].buybackCode).toMatch(/^\d{13}$/);
    const onlyFailed = (await log('rmu', '?status=failed')).json();
    expect(onlyFailed.member.map((d: { id: string }) => d.id)).toEqual([failed]);
    expect((await log('rmu', '?status=lost')).statusCode).toBe(422);
  });

  it('a store seller may not read it; another retailer gets 404', async () => {
    expectProblem(await log('seller'), 403, 'forbidden');
    expectProblem(await log('otherRmu'), 404, 'not_found');
    expectProblem(await k.post('otherRmu', `/api/webhook-deliveries/${failed}/redeliver`), 404, 'not_found');
    expectProblem(await k.post('seller', `/api/webhook-deliveries/${failed}/redeliver`), 403, 'forbidden');
  });

  it('another connector’s configuration has no delivery log', async () => {
    const sepa = DEMO.connectorConfigurations.sepaCreditTransfer.id;
    expectProblem(
      await k.get('rmu', `/api/connector-organizations/${sepa}/webhook-deliveries`),
      404,
      'not_found',
    );
  });

  it('redelivers a failed delivery: attempts from zero, a new job, the same body; delivered again', async () => {
    const before = requestsTo('/log').length;
    const res = await k.post('rmu', `/api/webhook-deliveries/${failed}/redeliver`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ id: failed, status: 'pending', attempts: 0, lastError: null });
    await until(async () => (await delivery(failed)).status === 'delivered', 'the redelivery');
    const sent = requestsTo('/log').slice(before);
    expect(sent.map((r) => r.headers['x-reprise-delivery'])).toContain(failed);
    expect(JSON.parse(sent.at(-1)?.body ?? '{}').id).toBe(failed);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'connector_configuration')
      .where('entity_id', '=', configuration)
      .where('action', '=', 'update')
      .execute();
    expect(audit.map((a) => a.after)).toContainEqual(
      expect.objectContaining({ delivery: failed, redelivered: true }),
    );
  });

  it('a pending delivery is under way: it is not sent again at the same time', async () => {
    const pending = await pendingDelivery(configuration);
    expectProblem(
      await k.post('rmu', `/api/webhook-deliveries/${pending}/redeliver`),
      409,
      'webhook_delivery_pending',
    );
  });

  it('redelivers a delivered one too, but not while its configuration is inactive', async () => {
    await setStatus([configuration], 'inactive');
    expectProblem(
      await k.post('rmu', `/api/webhook-deliveries/${delivered}/redeliver`),
      409,
      'webhook_configuration_inactive',
    );
    await setStatus([configuration], 'active');
    const res = await k.post('rmu', `/api/webhook-deliveries/${delivered}/redeliver`);
    expect(res.statusCode, res.body).toBe(202);
    await until(async () => (await delivery(delivered)).status === 'delivered', 'the redelivery');
    await setStatus([configuration], 'inactive');
  });
});
