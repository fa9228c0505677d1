import { createHmac } from 'node:crypto';
import type { DeliveryEventCode, ShipmentKind } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  deliveryMoves,
  deliveryOutcome,
  type RecordedDeliveryEvent,
  SHIPMENT_STATUS_OF_EVENT,
} from './delivery-events.rules';
import { checkSignature } from './webhook-signature';

describe('delivery event moves', () => {
  it('the first moving event takes an item not yet sent in transit, once', () => {
    for (const from of ['item_created', 'item_awaiting_inventory'])
      expect(deliveryMoves('shipping', 'delivery_init', from, false)).toEqual([
        { to: 'item_in_transit', reason: 'carrier_in_transit' },
      ]);
    expect(deliveryMoves('shipping', 'in_progress', 'item_in_transit', false)).toEqual([]);
  });

  it('delivered waits for the check-in unless check-in is disabled', () => {
    expect(deliveryMoves('shipping', 'delivered', 'item_in_transit', false)).toEqual([]);
    expect(deliveryMoves('shipping', 'delivered', 'item_in_transit', true)).toEqual([
      { to: 'item_registered_in_warehouse', reason: 'carrier_delivered' },
    ]);
    expect(deliveryMoves('shipping', 'delivered', 'item_created', true).map((m) => m.to)).toEqual([
      'item_in_transit',
      'item_registered_in_warehouse',
    ]);
    // checked in already: nothing
    expect(deliveryMoves('shipping', 'delivered', 'item_registered_in_warehouse', true)).toEqual([]);
  });

  it('lost is a loss in transport; failed, cancelled and returned move nothing', () => {
    expect(deliveryMoves('shipping', 'lost', 'item_in_transit', false)).toEqual([
      { to: 'item_lost_transport', reason: 'carrier_lost' },
    ]);
    for (const code of ['failed', 'cancelled', 'returned'] as const)
      expect(deliveryMoves('shipping', code, 'item_created', true)).toEqual([]);
  });

  it("a return parcel's delivery returns an item to return; its other events move nothing", () => {
    expect(deliveryMoves('return', 'delivered', 'item_to_return', false)).toEqual([
      { to: 'item_returned', reason: 'carrier_returned' },
    ]);
    expect(deliveryMoves('return', 'in_progress', 'item_to_return', false)).toEqual([]);
    expect(deliveryMoves('return', 'delivered', 'item_in_quarantine', false)).toEqual([]);
    expect(SHIPMENT_STATUS_OF_EVENT.lost).toBe('delivery_failed');
  });
});

/** Every order of `items` (n! of them). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The item statuses' order along a parcel's journey (a move never goes back along it). */
const RANK: Record<string, number> = {
  item_created: 0,
  item_awaiting_inventory: 0,
  item_in_transit: 1,
  item_registered_in_warehouse: 2,
  item_lost_transport: 2,
  item_to_return: 0,
  item_returned: 1,
};

interface Delivery {
  /** The carrier's event id: the same id twice is a replay (the webhook answers 409, changes nothing). */
  id: string;
  code: DeliveryEventCode;
  at: number;
}

/** The webhook as the service runs it: each received event recorded once, then its outcome applied. */
function receive(
  kind: ShipmentKind,
  deliveries: readonly Delivery[],
  itemStatus: string,
  checkinDisabled: boolean,
) {
  const seen = new Set<string>();
  const recorded: RecordedDeliveryEvent[] = [];
  let status: string = 'label_ready';
  let deliveryStatus: string | null = null;
  let item = itemStatus;
  const items = [item];
  for (const delivery of deliveries) {
    if (seen.has(delivery.id)) continue;
    seen.add(delivery.id);
    const received = {
      code: delivery.code,
      occurredAt: new Date(delivery.at),
      sequence: recorded.length + 1,
    };
    recorded.push(received);
    const outcome = deliveryOutcome(kind, recorded, received, item, checkinDisabled);
    status = outcome.status ?? status;
    deliveryStatus = outcome.deliveryStatus ?? deliveryStatus;
    for (const move of outcome.moves) {
      item = move.to;
      items.push(item);
    }
  }
  return { status, deliveryStatus, item, items };
}

/** Real journeys of a parcel, each event at its carrier time (seconds; some share one). */
const JOURNEYS: { name: string; kind: ShipmentKind; from: string; events: [DeliveryEventCode, number][] }[] =
  [
    {
      name: 'taken, on its way twice, delivered',
      kind: 'shipping',
      from: 'item_created',
      events: [
        ['delivery_init', 1000],
        ['in_progress', 2000],
        ['in_progress', 3000],
        ['delivered', 4000],
      ],
    },
    {
      name: 'on its way and delivered within the same second',
      kind: 'shipping',
      from: 'item_awaiting_inventory',
      events: [
        ['delivery_init', 1000],
        ['in_progress', 2000],
        ['delivered', 2000],
      ],
    },
    {
      name: 'a failed delivery, then delivered',
      kind: 'shipping',
      from: 'item_created',
      events: [
        ['in_progress', 1000],
        ['failed', 2000],
        ['in_progress', 3000],
        ['delivered', 4000],
      ],
    },
    {
      name: 'lost',
      kind: 'shipping',
      from: 'item_created',
      events: [
        ['delivery_init', 1000],
        ['in_progress', 2000],
        ['lost', 3000],
      ],
    },
    {
      name: 'a return parcel delivered to the customer',
      kind: 'return',
      from: 'item_to_return',
      events: [
        ['delivery_init', 1000],
        ['in_progress', 2000],
        ['delivered', 3000],
      ],
    },
  ];

describe('delivery events apply by the carrier’s time, not by their arrival', () => {
  for (const journey of JOURNEYS)
    for (const checkinDisabled of [false, true])
      it(`${journey.name} (check-in ${checkinDisabled ? 'disabled' : 'required'}): every order, with replays, ends as the carrier's order does`, () => {
        const deliveries = journey.events.map(([code, at], i) => ({ id: `e${i}`, code, at }));
        const expected = receive(journey.kind, deliveries, journey.from, checkinDisabled);
        const last = journey.events.at(-1)?.[0] as DeliveryEventCode;
        expect(expected.status).toBe(SHIPMENT_STATUS_OF_EVENT[last]);
        expect(expected.deliveryStatus).toBe(journey.kind === 'shipping' ? last : null);
        for (const order of permutations(deliveries)) {
          // each order, then each order with every event delivered a second time (a carrier's retry)
          for (const arrival of [
            order,
            [...order, ...order.slice().reverse()],
            order.flatMap((d) => [d, d]),
          ]) {
            const got = receive(journey.kind, arrival, journey.from, checkinDisabled);
            expect(got.status, arrival.map((d) => d.code).join(' ')).toBe(expected.status);
            expect(got.deliveryStatus).toBe(expected.deliveryStatus);
            expect(got.item).toBe(expected.item);
            // the item never moves back along its journey
            for (let i = 1; i < got.items.length; i += 1)
              expect(RANK[got.items[i] as string]).toBeGreaterThan(
                RANK[got.items[i - 1] as string] as number,
              );
          }
        }
      });

  it('"in progress" received just after "delivered" changes nothing (the 2 runs of 6 seen)', () => {
    const got = receive(
      'shipping',
      [
        { id: 'a', code: 'in_progress', at: 1000 },
        { id: 'c', code: 'delivered', at: 3000 },
        { id: 'b', code: 'in_progress', at: 2000 },
      ],
      'item_created',
      false,
    );
    expect(got).toMatchObject({ status: 'delivered', deliveryStatus: 'delivered', item: 'item_in_transit' });
  });

  it('an older "lost" after "delivered" loses nothing; a failure received before an older move still takes the item in transit', () => {
    expect(
      receive(
        'shipping',
        [
          { id: 'd', code: 'delivered', at: 3000 },
          { id: 'l', code: 'lost', at: 2000 },
        ],
        'item_created',
        false,
      ),
    ).toMatchObject({ status: 'delivered', item: 'item_in_transit' });
    expect(
      receive(
        'shipping',
        [
          { id: 'f', code: 'failed', at: 2000 },
          { id: 'p', code: 'in_progress', at: 1000 },
        ],
        'item_created',
        false,
      ),
    ).toMatchObject({ status: 'delivery_failed', deliveryStatus: 'failed', item: 'item_in_transit' });
  });
});

describe('webhook signature', () => {
  const secret = 'whsec_test';
  const body = Buffer.from('{"id":"e1"}');
  const sign = (t: number, payload = body) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(payload).digest('hex')}`;

  it('valid within 5 minutes either way, stale beyond', () => {
    expect(checkSignature(secret, sign(1000), body, 1300)).toBe('valid');
    expect(checkSignature(secret, sign(1000), body, 700)).toBe('valid');
    expect(checkSignature(secret, sign(1000), body, 1301)).toBe('stale');
  });

  it('invalid: missing, malformed, another secret, another body', () => {
    expect(checkSignature(secret, undefined, body, 1000)).toBe('invalid');
    expect(checkSignature(secret, 't=1000', body, 1000)).toBe('invalid');
    expect(checkSignature(secret, 't=1000,v1=zz', body, 1000)).toBe('invalid');
    expect(checkSignature('other', sign(1000), body, 1000)).toBe('invalid');
    expect(checkSignature(secret, sign(1000, Buffer.from('{"id":"e2"}')), body, 1000)).toBe('invalid');
    // a stale time with a wrong signature is a wrong signature
    expect(checkSignature('other', sign(1), body, 1000)).toBe('invalid');
  });

  it('accepts any of several v1 (a secret being rotated)', () => {
    const good = sign(1000).split(',')[1];
    expect(checkSignature(secret, `t=1000,v1=${'0'.repeat(64)},${good}`, body, 1000)).toBe('valid');
  });
});
