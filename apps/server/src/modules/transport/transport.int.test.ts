import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { BuybackResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersFor, CAT, CIRCUIT, PM, PRICES, webCartOf } from '../../../test/buyback-kit';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { systemContext, transact } from '../../platform/request-context';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';
import { CONNECTOR_FQN, insertConfiguration, resolveConfiguration } from '../connectors';

/**
 * Transport end to end (docs/transport.md): the app listens on a loopback port, its public URL
 * is that port, and the demo's sandbox carrier configuration (paths resolved against it) talks to
 * the sandbox carrier of the same server over HTTP: checkout, shipment job, label polling, the
 * carrier's signed delivery events, their refusals, the return label and the tracking sheet.
 */

let t: TestApp;
let port: number;
let host: string;
let rmu: string;
let otherRmu: string;
let apiKey: string;
let webhookSecret: string;
let product: string;
let answers: ReturnType<typeof answersFor>;

const sys = () => systemContext(t.deps, { kind: 'all' });

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

const until = <T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 25_000) =>
  waitFor(what, probe, ms);

async function visitorCheckout(line: Record<string, unknown> = {}): Promise<{
  buyback: BuybackResponse;
  head: () => Promise<LightMyRequestResponse>;
  get: () => Promise<LightMyRequestResponse>;
}> {
  const started = await t.app.inject({ method: 'POST', url: '/api/white-label/visitor', headers: { host } });
  expect(started.statusCode, started.body).toBe(201);
  const token = started.cookies.find((c) => c.name === 'reprise_session')?.value as string;
  const as = (method: 'GET' | 'HEAD' | 'POST', url: string, payload?: unknown, headers = {}) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin: `http://${host}`, ...headers },
      cookies: { reprise_session: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const res = await as('POST', '/api/carts', webCartOf(product, answers, line), {
    'idempotency-key': randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const buyback = res.json().buybacks[0] as BuybackResponse;
  return {
    buyback,
    head: () => as('HEAD', `/api/buybacks/${buyback.id}/shipping-label`),
    get: () => as('GET', `/api/buybacks/${buyback.id}/shipping-label`),
  };
}

const shipmentOf = (buybackId: string, kind = 'shipping') =>
  t.db
    .selectFrom('shipments')
    .selectAll()
    .where('buyback_id', '=', buybackId)
    .where('kind', '=', kind)
    .executeTakeFirst();

const stateOf = async (buybackId: string) => {
  const row = await t.db
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .select([
      'b.status',
      'b.delivery_status',
      'b.shipping_label_status',
      'b.tracking_number',
      'i.status as item_status',
      'i.id as item_id',
    ])
    .where('b.id', '=', buybackId)
    .executeTakeFirstOrThrow();
  const events = await t.db
    .selectFrom('delivery_events as e')
    .innerJoin('shipments as s', 's.id', 'e.shipment_id')
    .select(['e.event_id', 'e.code'])
    .where('s.buyback_id', '=', buybackId)
    .orderBy('e.id')
    .execute();
  const shipment = await shipmentOf(buybackId);
  return { ...row, shipmentStatus: shipment?.status ?? null, events };
};

/** A buyback whose carrier label is ready (its shipment created at the carrier). */
async function labelledBuyback() {
  const checkout = await visitorCheckout();
  await until('the label', async () => (await checkout.head()).statusCode === 200);
  const shipment = (await shipmentOf(checkout.buyback.id)) as NonNullable<
    Awaited<ReturnType<typeof shipmentOf>>
  >;
  return { ...checkout, shipment };
}

const signed = (secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

function postWebhook(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; configurationId?: string; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/transport/${options.configurationId ?? DEMO_TRANSPORT.configurationId}`,
    headers: {
      'content-type': 'application/json',
      'x-carrier-signature':
        options.signature ?? signed(options.secret ?? webhookSecret, body, options.timestamp),
    },
    payload: body,
  });
}

const eventFor = (
  shipment: { carrier_shipment_id: string | null; tracking_number: string | null },
  code: string,
) => ({
  id: randomUUID(),
  shipmentId: shipment.carrier_shipment_id,
  trackingNumber: shipment.tracking_number,
  code,
  occurredAt: new Date().toISOString(),
});

/** The carrier's console (the sandbox's own API, over HTTP on the listening port). */
const carrierConsole = (path: string, payload?: unknown) =>
  fetch(`http://localhost:${port}/api/sandbox-carrier${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });

beforeAll(async () => {
  port = await freePort();
  host = `demo-retail.localhost:${port}`;
  t = await createTestApp({ PUBLIC_URL: `http://localhost:${port}` });
  await t.app.listen({ port, host: 'localhost' });
  // labels made in a second (the default is 4 s)
  await t.db.updateTable('sandbox_carrier_accounts').set({ label_delay_seconds: 1 }).execute();
  const configuration = await resolveConfiguration(sys(), DEMO_TRANSPORT.configurationId);
  apiKey = configuration?.values.api_key as string;
  webhookSecret = configuration?.values.webhook_secret as string;
  rmu = (await t.login('root_management_unit_manager@demo.test')).authorization;
  otherRmu = (await t.login('root_management_unit_manager@other.test')).authorization;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: rmu },
    payload: {
      name: 'Transport test phone',
      brand: 'Apple',
      mainCategoryId: CAT['smartphones-apple'],
      buybackPrices: PRICES,
      status: 'published',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  product = created.json().id;
  const questionnaire = await t.app.inject({
    method: 'GET',
    url: `/api/products/${product}/buyback-questionnaire`,
    headers: { authorization: rmu },
  });
  answers = answersFor(questionnaire.json());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('shipping label from the carrier', () => {
  it('a web_post checkout with a carrier: 425 while pending, then the carrier label PDF; tracking on the buyback', async () => {
    const { buyback, head, get } = await visitorCheckout();
    const first = await head();
    expect(first.statusCode).toBe(425);
    expect(first.headers['retry-after']).toBe('3');
    expect((await get()).json().code).toBe('shipping_label_not_ready');
    expect((await shipmentOf(buyback.id))?.status).toBe('label_pending');
    await until('the label', async () => (await head()).statusCode === 200);
    const state = await stateOf(buyback.id);
    expect(state.shipping_label_status).toBe('ready');
    expect(state.tracking_number).toMatch(/^SB\d{9}FR$/);
    const shipment = await shipmentOf(buyback.id);
    expect(shipment).toMatchObject({ status: 'label_ready', tracking_number: state.tracking_number });
    expect(shipment?.tracking_url).toBe(
      `http://localhost:${port}/api/sandbox-carrier/track/${state.tracking_number}`,
    );
    const pdf = await get();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('SANDBOX CARRIER');
    expect(text).toContain(state.tracking_number);
    expect(text).toContain(buyback.identificationNumber);
  }, 60_000);

  it('without an active transport configuration the platform label is ready at checkout (200 at once)', async () => {
    await t.db
      .updateTable('connector_configurations')
      .set({ status: 'inactive' })
      .where('id', '=', DEMO_TRANSPORT.configurationId)
      .execute();
    try {
      const { buyback, head } = await visitorCheckout();
      expect((await head()).statusCode).toBe(200);
      expect(await shipmentOf(buyback.id)).toBeUndefined();
    } finally {
      await t.db
        .updateTable('connector_configurations')
        .set({ status: 'active' })
        .where('id', '=', DEMO_TRANSPORT.configurationId)
        .execute();
    }
  });

  it('a circuit without a label: HEAD 404 and no shipment', async () => {
    const { buyback, head } = await visitorCheckout({
      shippingMethodId: CIRCUIT.webDrop,
      paymentModeId: PM.voucher,
    });
    expect((await head()).statusCode).toBe(404);
    expect(await shipmentOf(buyback.id)).toBeUndefined();
  });

  it('the carrier makes no label: the label is failed, HEAD and GET answer 410 shipping_label_unavailable', async () => {
    await t.db.updateTable('sandbox_carrier_accounts').set({ label_outcome: 'failed' }).execute();
    try {
      const { buyback, head, get } = await visitorCheckout();
      await until('the failed label', async () => (await head()).statusCode === 410);
      const problem = (await get()).json();
      expect(problem).toMatchObject({ status: 410, code: 'shipping_label_unavailable' });
      expect((await stateOf(buyback.id)).shipping_label_status).toBe('failed');
      expect((await shipmentOf(buyback.id))?.status).toBe('label_failed');
    } finally {
      await t.db.updateTable('sandbox_carrier_accounts').set({ label_outcome: 'ready' }).execute();
    }
  }, 60_000);
});

describe('a cancelled buyback', () => {
  it('cancels its shipment at the carrier; one not created at the carrier yet never is', async () => {
    const { buyback, shipment } = await labelledBuyback();
    const cancel = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/buybacks/${id}/cancel`,
        headers: { authorization: rmu },
        payload: { reason: 'customer_retraction' },
      });
    const res = await cancel(buyback.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await shipmentOf(buyback.id))?.status).toBe('cancelled');
    const atCarrier = () =>
      t.db
        .selectFrom('sandbox_carrier_shipments')
        .select('status')
        .where('id', '=', shipment.carrier_shipment_id as string)
        .executeTakeFirstOrThrow();
    await until('the cancellation at the carrier', async () => (await atCarrier()).status === 'cancelled');

    // cancelled right after the checkout: the create step finds it cancelled and asks nothing (or,
    // when the queue ran it first, the carrier's shipment is cancelled as above)
    const early = await visitorCheckout();
    expect((await cancel(early.buyback.id)).statusCode).toBe(200);
    await t.jobsSettled();
    const row = await shipmentOf(early.buyback.id);
    expect(row?.status).toBe('cancelled');
    if (row?.carrier_shipment_id) {
      const carrierId = row.carrier_shipment_id;
      await until('the cancellation at the carrier', async () => {
        const found = await t.db
          .selectFrom('sandbox_carrier_shipments')
          .select('status')
          .where('id', '=', carrierId)
          .executeTakeFirstOrThrow();
        return found.status === 'cancelled';
      });
    }
  }, 60_000);
});

describe('delivery events', () => {
  it("the carrier's console events reach the signed webhook: in transit, then delivered waits for the mandatory check-in", async () => {
    const { buyback, shipment } = await labelledBuyback();
    expect((await stateOf(buyback.id)).item_status).toBe('item_created');
    const sent = await carrierConsole(`/shipments/${shipment.carrier_shipment_id}/events`, {
      code: 'in_progress',
    });
    expect(sent.status).toBe(201);
    const moved = await until('the item in transit', async () => {
      const s = await stateOf(buyback.id);
      return s.item_status === 'item_in_transit' && s;
    });
    expect(moved).toMatchObject({
      status: 'bb_in_transit',
      delivery_status: 'in_progress',
      shipmentStatus: 'in_transit',
    });
    expect(moved.events.map((e) => e.code)).toEqual(['in_progress']);
    expect(
      (await carrierConsole(`/shipments/${shipment.carrier_shipment_id}/events`, { code: 'delivered' }))
        .status,
    ).toBe(201);
    const delivered = await until('delivered', async () => {
      const s = await stateOf(buyback.id);
      return s.delivery_status === 'delivered' && s;
    });
    // Demo Buyer's check-in is mandatory: the operator's scan registers it
    expect(delivered).toMatchObject({ item_status: 'item_in_transit', shipmentStatus: 'delivered' });
    const checkedIn = await t.app.inject({
      method: 'GET',
      url: `/api/buybacks/${buyback.id}/transport`,
      headers: { authorization: rmu },
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json()).toMatchObject({
      deliveryStatus: 'delivered',
      shippingLabel: 'ready',
      trackingSheet: true,
      shipments: [{ kind: 'shipping', status: 'delivered', carrierName: 'Transporteur de test' }],
    });
    expect(checkedIn.json().shipments[0].events.map((e: { code: string }) => e.code)).toEqual([
      'in_progress',
      'delivered',
    ]);
  }, 60_000);

  it('delivered with check-in disabled registers the item in the warehouse (stock awaiting control)', async () => {
    const { buyback, shipment } = await labelledBuyback();
    await t.db
      .updateTable('organization_root_details')
      .set({ warehouse_checkin_requirement: 'disabled' })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      const res = await postWebhook(eventFor(shipment, 'delivered'));
      expect(res.statusCode, res.body).toBe(204);
      const item = await t.db
        .selectFrom('buyback_items as i')
        .innerJoin('stocks as s', 's.id', 'i.stock_id')
        .select(['i.status', 's.native_kind', 'i.registered_at'])
        .where('i.buyback_id', '=', buyback.id)
        .executeTakeFirstOrThrow();
      expect(item).toMatchObject({ status: 'item_registered_in_warehouse', native_kind: 'awaiting_control' });
      expect(item.registered_at).not.toBeNull();
      expect((await stateOf(buyback.id)).status).toBe('bb_in_processing');
      const reasons = await t.db
        .selectFrom('item_events')
        .select(['reason', 'to_status'])
        .where('item_id', '=', (await stateOf(buyback.id)).item_id)
        .orderBy('id')
        .execute();
      expect(reasons.map((r) => r.reason)).toEqual(
        expect.arrayContaining(['carrier_in_transit', 'carrier_delivered']),
      );
    } finally {
      await t.db
        .updateTable('organization_root_details')
        .set({ warehouse_checkin_requirement: 'optional' })
        .where('account_id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  }, 60_000);

  it('lost: the item is lost in transport and the buyback not completed', async () => {
    const { buyback, shipment } = await labelledBuyback();
    expect((await postWebhook(eventFor(shipment, 'delivery_init'))).statusCode).toBe(204);
    expect((await postWebhook(eventFor(shipment, 'lost'))).statusCode).toBe(204);
    expect(await stateOf(buyback.id)).toMatchObject({
      item_status: 'item_lost_transport',
      status: 'bb_not_completed',
      delivery_status: 'lost',
      shipmentStatus: 'delivery_failed',
    });
  }, 60_000);

  it('failed, cancelled and returned events record the delivery status and move nothing', async () => {
    const { buyback, shipment } = await labelledBuyback();
    for (const code of ['failed', 'returned', 'cancelled']) {
      expect((await postWebhook(eventFor(shipment, code))).statusCode).toBe(204);
      expect(await stateOf(buyback.id)).toMatchObject({ item_status: 'item_created', delivery_status: code });
    }
  }, 60_000);

  describe('refusals change nothing', () => {
    let target: Awaited<ReturnType<typeof labelledBuyback>>;
    let before: Awaited<ReturnType<typeof stateOf>>;
    beforeAll(async () => {
      target = await labelledBuyback();
      expect((await postWebhook(eventFor(target.shipment, 'in_progress'))).statusCode).toBe(204);
      before = await stateOf(target.buyback.id);
    }, 60_000);
    const unchanged = async () => expect(await stateOf(target.buyback.id)).toEqual(before);

    it('a wrong signature: 401 webhook_signature_invalid', async () => {
      const res = await postWebhook(eventFor(target.shipment, 'delivered'), { secret: 'not-the-secret' });
      expect(res.json()).toMatchObject({ status: 401, code: 'webhook_signature_invalid' });
      const missing = await postWebhook(eventFor(target.shipment, 'delivered'), { signature: '' });
      expect(missing.json().code).toBe('webhook_signature_invalid');
      await unchanged();
    });

    it('a body changed after signing: 401 webhook_signature_invalid', async () => {
      const event = eventFor(target.shipment, 'delivered');
      const signature = signed(webhookSecret, JSON.stringify({ ...event, code: 'in_progress' }));
      const res = await postWebhook(event, { signature });
      expect(res.json().code).toBe('webhook_signature_invalid');
      await unchanged();
    });

    it('a timestamp more than 5 minutes old or ahead: 401 webhook_timestamp_out_of_window', async () => {
      const now = Math.floor(Date.now() / 1000);
      for (const timestamp of [now - 310, now + 310]) {
        const res = await postWebhook(eventFor(target.shipment, 'delivered'), { timestamp });
        expect(res.json()).toMatchObject({ status: 401, code: 'webhook_timestamp_out_of_window' });
      }
      await unchanged();
    });

    it('an event id seen before: 409 webhook_replayed', async () => {
      const [first] = before.events;
      const res = await postWebhook({ ...eventFor(target.shipment, 'delivered'), id: first?.event_id });
      expect(res.json()).toMatchObject({ status: 409, code: 'webhook_replayed' });
      await unchanged();
    });

    it('an unknown shipment: 404', async () => {
      const res = await postWebhook({ ...eventFor(target.shipment, 'delivered'), shipmentId: randomUUID() });
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
      await unchanged();
    });

    it('an unknown configuration: 404', async () => {
      const res = await postWebhook(eventFor(target.shipment, 'delivered'), {
        configurationId: randomUUID(),
      });
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
      await unchanged();
    });

    it('a body that is not an event: 422', async () => {
      const res = await postWebhook({ ...eventFor(target.shipment, 'delivered'), code: 'teleported' });
      expect(res.json()).toMatchObject({ status: 422, code: 'validation_failed' });
      await unchanged();
    });

    it("another tenant's configuration, rightly signed with its own secret, cannot reach this shipment: 404", async () => {
      const otherId = await transact(sys(), (tx) =>
        insertConfiguration(tx, {
          accountId: DEMO.accounts.otherRetail,
          organizationId: DEMO.orgs.otherRoot,
          fqn: CONNECTOR_FQN.sandboxCarrier,
          name: 'Other carrier',
          values: {
            api_url: '/api/sandbox-carrier',
            account_number: 'SBX0000001',
            api_key: 'k',
            webhook_secret: 'other-secret',
          },
        }),
      );
      const res = await postWebhook(eventFor(target.shipment, 'delivered'), {
        configurationId: otherId,
        secret: 'other-secret',
      });
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
      await unchanged();
    });
  });
});

describe('return label, transport read and tracking sheet', () => {
  it('an item to return: the first download asks the carrier (425), then its label; delivered returns the item', async () => {
    const { buyback } = await labelledBuyback();
    const { item_id: itemId } = await stateOf(buyback.id);
    // the quarantine's outcome, set directly: the item goes back to its customer
    await t.db
      .updateTable('buyback_items')
      .set({ status: 'item_to_return', warehouse_id: DEMO.orgs.warehouseSaintPriest })
      .where('id', '=', itemId)
      .execute();
    await t.db
      .updateTable('buybacks')
      .set({ status: 'bb_not_completed' })
      .where('id', '=', buyback.id)
      .execute();
    const download = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/items/${itemId}/documents/return-label`,
        headers: { authorization: rmu },
      });
    const first = await download();
    expect(first.statusCode, first.body).toBe(425);
    expect(first.json().code).toBe('shipping_label_not_ready');
    const ready = await until('the return label', async () => {
      const res = await download();
      return res.statusCode === 200 && res;
    });
    expect(ready.headers['content-type']).toBe('application/pdf');
    const returned = (await shipmentOf(buyback.id, 'return')) as NonNullable<
      Awaited<ReturnType<typeof shipmentOf>>
    >;
    expect(returned.status).toBe('label_ready');
    // a return parcel's events leave the buyback's own delivery status alone; delivered returns the item
    expect((await postWebhook(eventFor(returned, 'in_progress'))).statusCode).toBe(204);
    expect((await stateOf(buyback.id)).item_status).toBe('item_to_return');
    expect((await postWebhook(eventFor(returned, 'delivered'))).statusCode).toBe(204);
    expect((await stateOf(buyback.id)).item_status).toBe('item_returned');
  }, 90_000);

  it('the tracking sheet lists the carrier, the tracking number and every event; another tenant gets 404', async () => {
    const { buyback, shipment } = await labelledBuyback();
    expect((await postWebhook(eventFor(shipment, 'delivery_init'))).statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buybacks/${buyback.id}/documents/tracking-sheet?lang=fr-FR`,
      headers: { authorization: rmu },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fiche-de-suivi-${buyback.identificationNumber}.pdf"`,
    );
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Fiche de suivi');
    expect(text).toContain('Transporteur de test');
    expect(text).toContain(shipment.tracking_number as string);
    expect(text).toContain('Colis pris en charge');
    for (const url of [
      `/api/buybacks/${buyback.id}/documents/tracking-sheet`,
      `/api/buybacks/${buyback.id}/transport`,
    ]) {
      const other = await t.app.inject({ method: 'GET', url, headers: { authorization: otherRmu } });
      expect(other.statusCode, url).toBe(404);
    }
  }, 60_000);

  it('a buyback no carrier carries has no tracking sheet (404 document_unavailable)', async () => {
    const { buyback } = await visitorCheckout({
      shippingMethodId: CIRCUIT.webDrop,
      paymentModeId: PM.voucher,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buybacks/${buyback.id}/documents/tracking-sheet`,
      headers: { authorization: rmu },
    });
    expect(res.json()).toMatchObject({ status: 404, code: 'document_unavailable' });
  });
});
