import { createHmac, randomUUID } from 'node:crypto';
import type { DeliveryEventCode } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuybackKit, startBuybackKit } from '../../../test/buyback-kit';
import { DEMO } from '../../../test/test-app';
import { systemContext } from '../../platform/request-context';
import { DEMO_TRANSPORT } from '../../seed/demo-transport';
import { resolveConfiguration } from '../connectors';

/**
 * The carrier's delivery events apply by the carrier's time, not by their arrival
 * (docs/transport.md, "Event order"): a parcel's events delivered in every order, replayed, or
 * all at once end where the carrier's own order ends, and an older event never moves the
 * shipment, the buyback's delivery status or the item back.
 */

let k: BuybackKit;
let secret: string;
let product: string;

beforeAll(async () => {
  k = await startBuybackKit();
  const configuration = await resolveConfiguration(
    systemContext(k.t.deps, { kind: 'all' }),
    DEMO_TRANSPORT.configurationId,
  );
  secret = configuration?.values.webhook_secret as string;
  product = await k.newProduct();
}, 120_000);
afterAll(() => k.close());

/** A Paris store buyback (its item awaiting inventory) whose parcel the demo's carrier carries. */
async function parcel() {
  const b = await k.createBuyback({ productId: product });
  const carrierId = `SBX-${randomUUID()}`;
  await k.t.db
    .insertInto('shipments')
    .values({
      account_id: DEMO.accounts.demoRetail,
      buyback_id: b.id,
      kind: 'shipping',
      connector_configuration_id: DEMO_TRANSPORT.configurationId,
      carrier_shipment_id: carrierId,
      tracking_number: 'SB000000000FR',
      status: 'label_ready',
      updated_at: new Date(),
    })
    .execute();
  return { buybackId: b.id, carrierId };
}

interface Sent {
  id: string;
  code: DeliveryEventCode;
  at: string;
}

function post(carrierId: string, event: Sent) {
  const body = JSON.stringify({
    id: event.id,
    shipmentId: carrierId,
    trackingNumber: 'SB000000000FR',
    code: event.code,
    occurredAt: event.at,
  });
  const t = Math.floor(Date.now() / 1000);
  return k.t.app.inject({
    method: 'POST',
    url: `/api/webhooks/transport/${DEMO_TRANSPORT.configurationId}`,
    headers: {
      'content-type': 'application/json',
      'x-carrier-signature': `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`,
    },
    payload: body,
  });
}

async function stateOf(buybackId: string) {
  return k.t.db
    .selectFrom('buybacks as b')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .innerJoin('shipments as s', 's.buyback_id', 'b.id')
    .select(['b.delivery_status', 's.status as shipment_status', 'i.status as item_status'])
    .where('b.id', '=', buybackId)
    .executeTakeFirstOrThrow();
}

/** The item's statuses, in the order its moves wrote them. */
async function itemPath(buybackId: string) {
  const rows = await k.t.db
    .selectFrom('item_events as e')
    .innerJoin('buyback_items as i', 'i.id', 'e.item_id')
    .select('e.to_status')
    .where('i.buyback_id', '=', buybackId)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => r.to_status);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 2, 9, 0, second)).toISOString();

/** A journey: taken, on its way twice, delivered. */
const journey = (): Sent[] => [
  { id: randomUUID(), code: 'delivery_init', at: at(1) },
  { id: randomUUID(), code: 'in_progress', at: at(2) },
  { id: randomUUID(), code: 'in_progress', at: at(3) },
  { id: randomUUID(), code: 'delivered', at: at(4) },
];

/** Delivers `events` in the order given; a replay of an event id answers 409 and changes nothing. */
async function deliver(carrierId: string, events: Sent[]) {
  const seen = new Set<string>();
  for (const event of events) {
    const res = await post(carrierId, event);
    expect(res.statusCode, res.body).toBe(seen.has(event.id) ? 409 : 204);
    seen.add(event.id);
  }
}

describe('every order of a journey ends where the carrier’s order ends', () => {
  it('24 orders of 4 events, each also replayed: delivered, the item in transit awaiting its check-in', async () => {
    const orders = permutations([0, 1, 2, 3]);
    for (const [n, order] of orders.entries()) {
      const { buybackId, carrierId } = await parcel();
      const events = journey();
      const arrival = order.map((i) => events[i] as Sent);
      // every third order gets its events a second time (the carrier's retries), in reverse
      await deliver(carrierId, n % 3 === 0 ? [...arrival, ...arrival.slice().reverse()] : arrival);
      const state = await stateOf(buybackId);
      expect(state, order.join(',')).toEqual({
        delivery_status: 'delivered',
        shipment_status: 'delivered',
        // Demo Buyer's check-in is mandatory: the operator's scan registers it
        item_status: 'item_in_transit',
      });
      expect(await itemPath(buybackId)).toEqual(['item_in_transit']);
      // each event recorded once, whatever the replays
      const recorded = await k.t.db
        .selectFrom('delivery_events')
        .select('event_id')
        .where(
          'event_id',
          'in',
          events.map((e) => e.id),
        )
        .execute();
      expect(recorded).toHaveLength(4);
    }
  }, 240_000);

  it('"in progress" arriving just after "delivered" leaves the parcel delivered', async () => {
    const { buybackId, carrierId } = await parcel();
    const [init, early, late, delivered] = journey() as [Sent, Sent, Sent, Sent];
    await deliver(carrierId, [init, early, delivered, late]);
    expect(await stateOf(buybackId)).toMatchObject({
      delivery_status: 'delivered',
      shipment_status: 'delivered',
    });
  });

  it('with check-in disabled, every order registers the item once and never moves it back', async () => {
    await k.t.db
      .updateTable('organization_root_details')
      .set({ warehouse_checkin_requirement: 'disabled' })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    try {
      const [init, , progress, delivered] = journey() as [Sent, Sent, Sent, Sent];
      for (const order of permutations([init, progress, delivered])) {
        const { buybackId, carrierId } = await parcel();
        await deliver(carrierId, [...order, ...order]);
        expect(await stateOf(buybackId)).toEqual({
          delivery_status: 'delivered',
          shipment_status: 'delivered',
          item_status: 'item_registered_in_warehouse',
        });
        expect(await itemPath(buybackId)).toEqual(['item_in_transit', 'item_registered_in_warehouse']);
      }
    } finally {
      await k.t.db
        .updateTable('organization_root_details')
        .set({ warehouse_checkin_requirement: 'optional' })
        .where('account_id', '=', DEMO.accounts.demoRetail)
        .execute();
    }
  }, 120_000);

  it('an older "lost" arriving after "delivered" loses nothing; a newer one loses the item', async () => {
    const first = await parcel();
    await deliver(first.carrierId, [
      { id: randomUUID(), code: 'delivered', at: at(5) },
      { id: randomUUID(), code: 'lost', at: at(3) },
    ]);
    expect(await stateOf(first.buybackId)).toEqual({
      delivery_status: 'delivered',
      shipment_status: 'delivered',
      item_status: 'item_in_transit',
    });
    const second = await parcel();
    await deliver(second.carrierId, [
      { id: randomUUID(), code: 'in_progress', at: at(5) },
      { id: randomUUID(), code: 'lost', at: at(7) },
    ]);
    expect(await stateOf(second.buybackId)).toEqual({
      delivery_status: 'lost',
      shipment_status: 'delivery_failed',
      item_status: 'item_lost_transport',
    });
  });

  it('a journey delivered all at once, in a shuffled order, ends delivered', async () => {
    for (const order of [
      [3, 1, 0, 2],
      [2, 3, 1, 0],
    ]) {
      const { buybackId, carrierId } = await parcel();
      const events = journey();
      const answers = await Promise.all(order.map((i) => post(carrierId, events[i] as Sent)));
      expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204]);
      expect(await stateOf(buybackId)).toMatchObject({
        delivery_status: 'delivered',
        shipment_status: 'delivered',
        item_status: 'item_in_transit',
      });
    }
  });
});
