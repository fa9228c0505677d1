import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryMoves, SHIPMENT_STATUS_OF_EVENT } from './delivery-events.rules';
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
