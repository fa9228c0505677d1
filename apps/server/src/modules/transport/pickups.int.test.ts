import { createServer } from 'node:net';
import type { BuybackTransportResponse, PickupSlot } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, okJson, startApiKit } from '../../../test/api-kit';
import {
  answersFor,
  CAT,
  CIRCUIT,
  customer,
  expectProblem,
  IBAN,
  key,
  PM,
  PRICES,
  STORE,
  webCartOf,
} from '../../../test/buyback-kit';
import { waitFor } from '../../../test/wait-for';
import { systemContext } from '../../platform/request-context';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';
import { resolveConfiguration } from '../connectors';

/**
 * Home collection (docs/transport.md, "Pick-ups"): the app listens on a loopback port, and the
 * demo's carrier configuration talks to the sandbox carrier of the same server over HTTP. A
 * collect buyback made with a slot is booked by a job after its creation commits; the carrier
 * order's events (created, quoted, cancelled) show on the buyback's transport; a pick-up is
 * cancelled before its slot and booked again; the carrier's refusals and outages on command.
 */

let k: ApiKit;
let port: number;
let host: string;
let apiKey: string;
let product: string;
let answers: ReturnType<typeof answersFor>;

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

/** The sandbox carrier's own API, over HTTP on the listening port, with the demo's key. */
const carrier = (method: string, path: string, body?: unknown, key_ = apiKey) =>
  fetch(`http://localhost:${port}/api/sandbox-carrier${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key_}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const setOutcome = (pickupOutcome: 'booked' | 'refused' | 'unavailable') =>
  carrier('PATCH', '/accounts/me', { pickupOutcome });

async function slots(): Promise<PickupSlot[]> {
  const body = okJson(await k.get('seller', '/api/pickup-slots?country=FR&zip=75011'));
  expect(body.available).toBe(true);
  return body.slots;
}

async function collectBuyback(pickupSlot?: PickupSlot) {
  const res = await k.post(
    'seller',
    `/api/store/${STORE}/buybacks`,
    {
      productId: product,
      answers,
      shippingMethodId: CIRCUIT.storeCollect,
      paymentModeId: PM.bankTransfer,
      customer: customer({ iban: IBAN }),
      ...(pickupSlot ? { pickupSlot } : {}),
    },
    key(),
  );
  return okJson(res, 201) as { id: string };
}

const transportOf = async (id: string, who: 'seller' | 'rmu' = 'seller') =>
  okJson(await k.get(who, `/api/buybacks/${id}/transport`)) as BuybackTransportResponse;

const untilPickup = (id: string, status: string, events: number, who: 'seller' | 'rmu' = 'seller') =>
  waitFor(
    `the pick-up ${status} with ${events} events`,
    async () => {
      const transport = await transportOf(id, who);
      const last = transport.pickups.at(-1);
      return last?.status === status && last.events.length === events ? transport : undefined;
    },
    30_000,
  );

beforeAll(async () => {
  port = await freePort();
  host = `demo-retail.localhost:${port}`;
  k = await startApiKit({ PUBLIC_URL: `http://localhost:${port}` });
  await k.t.app.listen({ port, host: 'localhost' });
  const configuration = await resolveConfiguration(
    systemContext(k.t.deps, { kind: 'all' }),
    DEMO_TRANSPORT.configurationId,
  );
  apiKey = configuration?.values.api_key as string;
  product = okJson(
    await k.post('rmu', '/api/products', {
      name: 'Pick-up test phone',
      brand: 'Apple',
      mainCategoryId: CAT['smartphones-apple'],
      buybackPrices: PRICES,
      status: 'published',
    }),
    201,
  ).id;
  answers = answersFor(okJson(await k.get('seller', `/api/products/${product}/buyback-questionnaire`)));
}, 120_000);

afterAll(async () => {
  await k?.close();
});

describe('the sandbox carrier’s pick-up API', () => {
  it('offers two slots a day on the next days but Sundays, to an account’s key only', async () => {
    expect((await carrier('GET', '/pickups/slots?country=FR&zip=75011', undefined, 'sbx_nope')).status).toBe(
      401,
    );
    const res = await carrier('GET', '/pickups/slots?country=FR&zip=75011');
    expect(res.status).toBe(200);
    const { slots: offered } = (await res.json()) as { slots: PickupSlot[] };
    expect(offered.length).toBeGreaterThanOrEqual(10);
    for (const slot of offered) {
      expect(Date.parse(slot.start)).toBeGreaterThan(Date.now());
      expect(new Date(slot.start).getUTCDay()).not.toBe(0);
    }
  });

  it('books an offered slot only (422 pickup_slot_unavailable), answers created and quoted, cancels once', async () => {
    const [slot] = await slots();
    const request = {
      reference: '1234567890123',
      address: { name: 'A B', street: '1 rue X', zip: '75011', city: 'Paris', country: 'FR' },
      parcel: { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 },
    };
    const odd = await carrier('POST', '/pickups', {
      ...request,
      slot: { start: '2030-01-01T09:30:00.000Z', end: '2030-01-01T10:30:00.000Z' },
    });
    expect(odd.status).toBe(422);
    expect(((await odd.json()) as { code: string }).code).toBe('pickup_slot_unavailable');
    const booked = await carrier('POST', '/pickups', { ...request, slot });
    expect(booked.status).toBe(201);
    const order = (await booked.json()) as { id: string; priceCents: number; events: { code: string }[] };
    expect(order.priceCents).toBe(990);
    expect(order.events.map((e) => e.code)).toEqual(['order_created', 'order_quoted']);
    const cancelled = await carrier('POST', `/pickups/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const after = (await cancelled.json()) as { status: string; events: { code: string }[] };
    expect(after.status).toBe('cancelled');
    expect(after.events.map((e) => e.code)).toEqual(['order_created', 'order_quoted', 'order_cancelled']);
  });

  it('refuses (422 pickup_refused) or answers 503 on command', async () => {
    const [slot] = await slots();
    const body = {
      reference: '1234567890123',
      address: { name: 'A B', street: '1 rue X', zip: '75011', city: 'Paris', country: 'FR' },
      parcel: { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 },
      slot,
    };
    try {
      expect((await setOutcome('refused')).status).toBe(200);
      expect((await carrier('POST', '/pickups', body)).status).toBe(422);
      await setOutcome('unavailable');
      expect((await carrier('POST', '/pickups', body)).status).toBe(503);
      expect((await carrier('GET', '/pickups/slots?country=FR&zip=75011')).status).toBe(503);
      // the platform says so, never a 500
      expectProblem(
        await k.get('seller', '/api/pickup-slots?country=FR&zip=75011'),
        503,
        'service_unavailable',
      );
    } finally {
      await setOutcome('booked');
    }
  });
});

describe('a collect buyback’s pick-up', () => {
  it('the slots of the account’s carrier; none for an account without one', async () => {
    expect((await slots()).length).toBeGreaterThan(0);
    const other = okJson(await k.get('otherSeller', '/api/pickup-slots?country=FR&zip=75011'));
    expect(other).toEqual({ available: false, slots: [] });
    expectProblem(
      await k.get('seller', '/api/pickup-slots?country=France&zip=75011'),
      422,
      'validation_failed',
    );
  });

  it('a store_collect buyback with a slot is booked by a job: created and quoted, shown on its transport', async () => {
    const [slot] = await slots();
    const buyback = await collectBuyback(slot);
    const transport = await untilPickup(buyback.id, 'booked', 2);
    const pickup = transport.pickups[0];
    expect(pickup?.slot).toEqual({ start: slot?.start, end: slot?.end });
    expect(pickup?.priceCents).toBe(990);
    expect(pickup?.carrierName).toBeTruthy();
    expect(pickup?.events.map((e) => e.code)).toEqual(['order_created', 'order_quoted']);
    expect(transport.pickupCancellable).toBe(true);
    expect(transport.pickupBookable).toBe(false);
    // the carrier has the order at the customer's address
    const row = await k.t.db
      .selectFrom('pickups')
      .select('carrier_pickup_id')
      .where('buyback_id', '=', buyback.id)
      .executeTakeFirstOrThrow();
    const order = await carrier('GET', `/pickups/${row.carrier_pickup_id}`);
    expect(order.status).toBe(200);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'pickup')
      .where('entity_id', '=', pickup?.id as string)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'update']));
  });

  it('a slot that has passed is refused (422 pickup_slot_unavailable) and nothing is created', async () => {
    const before = await k.t.db
      .selectFrom('buybacks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await k.post(
      'seller',
      `/api/store/${STORE}/buybacks`,
      {
        productId: product,
        answers,
        shippingMethodId: CIRCUIT.storeCollect,
        paymentModeId: PM.bankTransfer,
        customer: customer({ iban: IBAN }),
        pickupSlot: { start: '2020-01-02T08:00:00.000Z', end: '2020-01-02T12:00:00.000Z' },
      },
      key(),
    );
    expectProblem(res, 422, 'pickup_slot_unavailable');
    const after = await k.t.db
      .selectFrom('buybacks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
  });

  it('cancelled before its slot (the carrier adds order_cancelled), then booked again on another slot', async () => {
    const [first, second] = await slots();
    const buyback = await collectBuyback(first);
    await untilPickup(buyback.id, 'booked', 2);
    // a second booking while one is booked: refused
    expectProblem(
      await k.post('seller', `/api/buybacks/${buyback.id}/pickup`, { slot: second }),
      409,
      'pickup_not_bookable',
    );
    const cancelled = okJson(await k.post('seller', `/api/buybacks/${buyback.id}/pickup/cancel`));
    expect(cancelled.pickups[0].status).toBe('cancelled');
    expect(cancelled.pickupBookable).toBe(true);
    await untilPickup(buyback.id, 'cancelled', 3);
    expectProblem(
      await k.post('seller', `/api/buybacks/${buyback.id}/pickup/cancel`),
      409,
      'pickup_not_cancellable',
    );
    const rebooked = okJson(await k.post('seller', `/api/buybacks/${buyback.id}/pickup`, { slot: second }));
    expect(rebooked.pickups).toHaveLength(2);
    const transport = await untilPickup(buyback.id, 'booked', 2);
    expect(transport.pickups[1]?.slot.start).toBe(second?.start);
  });

  it('a collect buyback made without a slot is booked from its detail; a drop buyback never', async () => {
    const [slot] = await slots();
    const buyback = await collectBuyback();
    const before = await transportOf(buyback.id);
    expect(before.pickups).toEqual([]);
    expect(before.pickupBookable).toBe(true);
    okJson(await k.post('seller', `/api/buybacks/${buyback.id}/pickup`, { slot }));
    await untilPickup(buyback.id, 'booked', 2);
    const drop = okJson(
      await k.post(
        'seller',
        `/api/store/${STORE}/buybacks`,
        {
          productId: product,
          answers,
          shippingMethodId: CIRCUIT.storeDrop,
          paymentModeId: PM.bankTransfer,
          customer: customer({ iban: IBAN }),
          pickupSlot: slot,
        },
        key(),
      ),
      201,
    );
    expect((await transportOf(drop.id)).pickupBookable).toBe(false);
    expectProblem(
      await k.post('seller', `/api/buybacks/${drop.id}/pickup`, { slot }),
      409,
      'pickup_not_bookable',
    );
  });

  it('a carrier refusal fails the pick-up with its reason; it may be booked again', async () => {
    const [slot] = await slots();
    await setOutcome('refused');
    let buyback: { id: string };
    try {
      buyback = await collectBuyback(slot);
      const transport = await untilPickup(buyback.id, 'failed', 0);
      expect(transport.pickups[0]?.lastError).toMatch(/refused/);
      expect(transport.pickupBookable).toBe(true);
    } finally {
      await setOutcome('booked');
    }
    okJson(await k.post('seller', `/api/buybacks/${buyback.id}/pickup`, { slot }));
    await untilPickup(buyback.id, 'booked', 2);
  });

  it('a carrier that does not answer is tried again by the queue until it books', async () => {
    const [slot] = await slots();
    await setOutcome('unavailable');
    let buyback: { id: string };
    try {
      buyback = await collectBuyback(slot);
      await waitFor(
        'a failed attempt',
        async () => {
          const row = await k.t.db
            .selectFrom('pickups')
            .select(['attempts', 'status'])
            .where('buyback_id', '=', buyback.id)
            .executeTakeFirst();
          return row && row.attempts >= 1 && row.status === 'requested';
        },
        20_000,
      );
    } finally {
      await setOutcome('booked');
    }
    await untilPickup(buyback.id, 'booked', 2);
  }, 60_000);

  it('cancelling the buyback cancels its pick-up at the carrier', async () => {
    const [slot] = await slots();
    const buyback = await collectBuyback(slot);
    await untilPickup(buyback.id, 'booked', 2);
    okJson(
      await k.post('storeManager', `/api/buybacks/${buyback.id}/cancel`, { reason: 'customer_retraction' }),
    );
    const transport = await untilPickup(buyback.id, 'cancelled', 3);
    expect(transport.pickups[0]?.events.at(-1)?.code).toBe('order_cancelled');
    expect(transport.pickupBookable).toBe(false);
  });

  it('a web_collect checkout books the slot the customer chose', async () => {
    const [slot] = await slots();
    const started = await k.t.app.inject({
      method: 'POST',
      url: '/api/white-label/visitor',
      headers: { host },
    });
    expect(started.statusCode, started.body).toBe(201);
    const token = started.cookies.find((c) => c.name === 'reprise_session')?.value as string;
    const visitor = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      k.t.app.inject({
        method,
        url,
        headers: { host, origin: `http://${host}`, ...key() },
        cookies: { reprise_session: token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    // home collection serves bulky products only (the demo's web_collect rule: laptops, consoles)
    const laptopCategory = Object.entries(CAT).find(([identifier]) => identifier.startsWith('laptops-'))?.[1];
    const laptop = okJson(
      await k.post('rmu', '/api/products', {
        name: 'Pick-up test laptop',
        brand: 'Apple',
        mainCategoryId: laptopCategory,
        buybackPrices: PRICES,
        status: 'published',
      }),
      201,
    ).id as string;
    const laptopAnswers = answersFor(
      okJson(await k.get('seller', `/api/products/${laptop}/buyback-questionnaire`)),
    );
    const offered = okJson(await visitor('GET', '/api/pickup-slots?country=FR&zip=75011'));
    expect(offered.slots).toContainEqual(slot);
    const cart = okJson(
      await visitor('POST', '/api/carts', {
        ...webCartOf(laptop, laptopAnswers, { shippingMethodId: CIRCUIT.webCollect }),
        pickupSlot: slot,
      }),
      201,
    );
    // a web buyback is seen from the account's root
    await untilPickup(cart.buybacks[0].id, 'booked', 2, 'rmu');
  });

  it('another retailer’s seller gets 404 on this buyback’s pick-up', async () => {
    const [slot] = await slots();
    const buyback = await collectBuyback();
    expectProblem(
      await k.post('otherSeller', `/api/buybacks/${buyback.id}/pickup`, { slot }),
      404,
      'not_found',
    );
    expectProblem(await k.post('otherSeller', `/api/buybacks/${buyback.id}/pickup/cancel`), 404, 'not_found');
    expectProblem(await k.get('otherSeller', `/api/buybacks/${buyback.id}/transport`), 404, 'not_found');
    // the analyst reads it but may not book
    expect((await k.post('analyst', `/api/buybacks/${buyback.id}/pickup`, { slot })).statusCode).toBe(403);
  });
});
