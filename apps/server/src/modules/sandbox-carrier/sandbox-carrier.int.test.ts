import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { s10CheckDigit } from './sandbox-carrier.rules';

/**
 * The sandbox carrier's own API (docs/transport.md, "The sandbox carrier"): its API keys, labels
 * made after a delay (425 until then), events posted signed to a real loopback HTTP server and
 * retried by the queue, cancellation, the public tracking page. A second shipper sees nothing of
 * the first's shipments.
 */

let t: TestApp;
let peer: Server;
let peerUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** The statuses the peer answers, in turn (then 204). */
const answers: number[] = [];

const shipmentBody = (reference = '2000000000011') => ({
  reference,
  kind: 'shipping',
  sender: { name: 'Søren Łukasiewicz', street: '12 Rue de Łódź', zip: '75011', city: 'Paris', country: 'FR' },
  recipient: {
    name: 'Entrepôt <Saint-Priest>',
    street: '8 Rue du Dauphiné',
    zip: '69800',
    city: 'Saint-Priest',
    country: 'FR',
  },
  parcel: { weightGrams: 190, lengthCm: 20, widthCm: 15, heightCm: 10 },
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, key?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/sandbox-carrier${url}`,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The platform admin's bearer token: only a platform admin makes sandbox carrier accounts. */
let adminToken: string;

async function signUp(body: Record<string, unknown> = {}) {
  const res = await api('POST', '/accounts', adminToken, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { accountNumber: string; apiKey: string; webhookSecret: string };
}

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000) =>
  waitFor(what, probe, ms);

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.login('admin@demo.test')).authorization.slice('Bearer '.length);
  peer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/carrier-events`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => peer?.close(resolve));
  await t?.close();
});

describe('who may make a sandbox carrier account (issue 23)', () => {
  it('nobody anonymously (401), nor a retailer (403): a platform admin only (201)', async () => {
    expect((await api('POST', '/accounts', undefined, {})).statusCode).toBe(401);
    const rmu = (await t.login('root_management_unit_manager@demo.test')).authorization;
    const retailer = await api('POST', '/accounts', rmu.slice('Bearer '.length), {});
    expect(retailer.statusCode, retailer.body).toBe(403);
    expect((await api('POST', '/accounts', adminToken, {})).statusCode).toBe(201);
  });

  it('with SANDBOX_CARRIER off, none of its routes exists (404), and the platform still answers', async () => {
    const off = await createTestApp({ SANDBOX_CARRIER: 'false' });
    try {
      const offAdmin = (await off.login('admin@demo.test')).authorization;
      for (const [method, url] of [
        ['POST', '/api/sandbox-carrier/accounts'],
        ['GET', '/api/sandbox-carrier/accounts/me'],
        ['POST', '/api/sandbox-carrier/shipments'],
        ['GET', '/api/sandbox-carrier/track/SB000000000FR'],
      ] as const) {
        const res = await off.app.inject({
          method,
          url,
          headers: { authorization: offAdmin },
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await off.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const doc = (await off.app.inject({ url: '/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/sandbox-carrier'))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('sandbox carrier', () => {
  it('signs up: an account number, an API key and a webhook secret shown once (the key kept hashed)', async () => {
    const account = await signUp({ webhookUrl: peerUrl });
    expect(account.accountNumber).toMatch(/^SBX\d{7}$/);
    expect(account.apiKey).toMatch(/^sbx_/);
    expect(account.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const row = await t.db
      .selectFrom('sandbox_carrier_accounts')
      .selectAll()
      .where('account_number', '=', account.accountNumber)
      .executeTakeFirstOrThrow();
    expect(row.api_key_hash).not.toContain(account.apiKey);
    expect(row.webhook_secret_encrypted).not.toContain(account.webhookSecret);
    const me = await api('GET', '/accounts/me', account.apiKey);
    expect(me.json()).toEqual({
      accountNumber: account.accountNumber,
      webhookUrl: peerUrl,
      labelDelaySeconds: 4,
      labelOutcome: 'ready',
      pickupOutcome: 'booked',
    });
  });

  it('refuses a missing or unknown API key (401)', async () => {
    expect((await api('POST', '/shipments', undefined, shipmentBody())).json().code).toBe('unauthenticated');
    expect((await api('POST', '/shipments', 'sbx_wrong', shipmentBody())).statusCode).toBe(401);
    expect((await api('GET', '/accounts/me', 'sbx_wrong')).statusCode).toBe(401);
  });

  it('a shipment gets an S10 tracking number at once; its label answers 425 until made, then the PDF', async () => {
    const account = await signUp({ labelDelaySeconds: 1 });
    const created = await api('POST', '/shipments', account.apiKey, shipmentBody());
    expect(created.statusCode, created.body).toBe(201);
    const shipment = created.json();
    expect(shipment.trackingNumber).toMatch(/^SB\d{9}FR$/);
    expect(Number(shipment.trackingNumber[10])).toBe(s10CheckDigit(shipment.trackingNumber.slice(2, 10)));
    expect(shipment.trackingUrl).toBe(
      `http://localhost:3000/api/sandbox-carrier/track/${shipment.trackingNumber}`,
    );
    const early = await api('GET', `/shipments/${shipment.id}/label`, account.apiKey);
    expect(early.statusCode).toBe(425);
    expect(early.headers['retry-after']).toBe('2');
    const label = await until('the label', async () => {
      const res = await api('GET', `/shipments/${shipment.id}/label`, account.apiKey);
      return res.statusCode === 200 && res;
    });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // another shipper sees nothing of it
    const other = await signUp();
    const found = await api(
      'GET',
      `/shipments/by-tracking-number/${shipment.trackingNumber}`,
      account.apiKey,
    );
    expect(found.json().id).toBe(shipment.id);
    for (const url of [
      `/shipments/${shipment.id}`,
      `/shipments/${shipment.id}/label`,
      `/shipments/by-tracking-number/${shipment.trackingNumber}`,
    ])
      expect((await api('GET', url, other.apiKey)).statusCode, url).toBe(404);
    expect(
      (await api('POST', `/shipments/${shipment.id}/events`, other.apiKey, { code: 'lost' })).statusCode,
    ).toBe(404);
  }, 60_000);

  it('an account set to fail its labels: 422 carrier_label_failed', async () => {
    const account = await signUp({ labelDelaySeconds: 0 });
    const patched = await api('PATCH', '/accounts/me', account.apiKey, { labelOutcome: 'failed' });
    expect(patched.json().labelOutcome).toBe('failed');
    const shipment = (await api('POST', '/shipments', account.apiKey, shipmentBody())).json();
    const failed = await until('the failed label', async () => {
      const res = await api('GET', `/shipments/${shipment.id}/label`, account.apiKey);
      return res.statusCode === 422 && res;
    });
    expect(failed.json().code).toBe('carrier_label_failed');
  }, 60_000);

  it('posts each event to the webhook, signed with HMAC-SHA256 over "<t>.<raw body>", retried until it is taken', async () => {
    const account = await signUp({ webhookUrl: peerUrl });
    const shipment = (await api('POST', '/shipments', account.apiKey, shipmentBody('2000000000028'))).json();
    received.length = 0;
    answers.push(500);
    const event = await api('POST', `/shipments/${shipment.id}/events`, account.apiKey, {
      code: 'in_progress',
    });
    expect(event.statusCode, event.body).toBe(201);
    // the first post answered 500: the queue posts it again later
    await until('the retried post', async () => received.length >= 2, 40_000);
    for (const post of received) {
      const [, t1, v1] =
        /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(post.headers['x-carrier-signature'])) ?? [];
      expect(Math.abs(Date.now() / 1000 - Number(t1))).toBeLessThan(60);
      expect(v1).toBe(createHmac('sha256', account.webhookSecret).update(`${t1}.${post.body}`).digest('hex'));
      expect(JSON.parse(post.body)).toEqual({
        id: event.json().id,
        shipmentId: shipment.id,
        trackingNumber: shipment.trackingNumber,
        code: 'in_progress',
        occurredAt: event.json().occurredAt,
      });
    }
    const row = await until('the delivered post', () =>
      t.db
        .selectFrom('sandbox_carrier_events')
        .selectAll()
        .where('id', '=', event.json().id)
        .where('webhook_status', '=', 'delivered')
        .executeTakeFirst(),
    );
    expect(row.webhook_attempts).toBe(2);
  }, 60_000);

  it('cancels a shipment that has not moved; a moving one answers 409 shipment_not_cancellable', async () => {
    const account = await signUp();
    const idle = (await api('POST', '/shipments', account.apiKey, shipmentBody())).json();
    const cancelled = await api('POST', `/shipments/${idle.id}/cancel`, account.apiKey);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const moving = (await api('POST', '/shipments', account.apiKey, shipmentBody())).json();
    await api('POST', `/shipments/${moving.id}/events`, account.apiKey, { code: 'delivery_init' });
    expect((await api('POST', `/shipments/${moving.id}/cancel`, account.apiKey)).json().code).toBe(
      'shipment_not_cancellable',
    );
  });

  it('an unknown event code: 422; the tracking page lists the events, escaped', async () => {
    const account = await signUp();
    const shipment = (await api('POST', '/shipments', account.apiKey, shipmentBody())).json();
    expect(
      (await api('POST', `/shipments/${shipment.id}/events`, account.apiKey, { code: 'teleported' }))
        .statusCode,
    ).toBe(422);
    await api('POST', `/shipments/${shipment.id}/events`, account.apiKey, { code: 'delivered' });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox-carrier/track/${shipment.trackingNumber}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(shipment.trackingNumber);
    expect(page.body).toContain('Delivered');
    expect(page.body).not.toContain('<Saint-Priest>');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sandbox-carrier/track/SB000000000FR' })).statusCode,
    ).toBe(404);
  });
});
