import { describe, expect, it } from 'vitest';
import { progressStepOf } from './status-reactions';
import {
  addBusinessDays,
  customerDocuments,
  endedAt,
  linkExpiresAt,
  nextStep,
  type TrackingFacts,
  timeline,
} from './tracking.rules';

const day = (n: number) => new Date(Date.UTC(2026, 2, 2 + n, 10)); // Monday 2 March 2026 + n days

const facts = (over: Partial<TrackingFacts> = {}): TrackingFacts => ({
  createdAt: day(0),
  circuitType: 'store_drop',
  predeclared: false,
  status: 'bb_awaiting_inventory',
  itemStatus: 'item_awaiting_inventory',
  moves: [{ from_status: null, to_status: 'item_awaiting_inventory', at: day(0) }],
  trackingNumber: null,
  trackingUrl: null,
  controlledAt: null,
  counterOffer: null,
  payment: { status: 'awaiting_payment', type: 'bank_transfer', paidAt: null, voucherCode: null },
  shippingLabelStatus: null,
  cancelledAt: null,
  finalizedAt: null,
  ...over,
});

const move = (from: string | null, to: string, at: Date) => ({ from_status: from, to_status: to, at });

describe('the next step', () => {
  it('a store buyback waits for the store shipment, 7 days after the drop', () => {
    expect(nextStep(facts(), day(1))).toEqual({ step: 'store_shipment', expectedBy: day(7).toISOString() });
  });

  it('a parcel is expected 3 days after it was sent, then controlled 5 days after it arrived', () => {
    const sent = facts({
      itemStatus: 'item_in_transit',
      moves: [move('item_awaiting_inventory', 'item_in_transit', day(2))],
    });
    expect(nextStep(sent, day(3))).toEqual({ step: 'delivery', expectedBy: day(5).toISOString() });
    const received = facts({
      itemStatus: 'item_registered_in_warehouse',
      moves: [move('item_in_transit', 'item_registered_in_warehouse', day(4))],
    });
    expect(nextStep(received, day(4))).toEqual({ step: 'control', expectedBy: day(9).toISOString() });
  });

  it('a step the customer takes has no date; an estimate already past is given without one', () => {
    expect(nextStep(facts({ itemStatus: 'item_awaiting_store_drop' }), day(1))).toEqual({
      step: 'drop_at_store',
      expectedBy: null,
    });
    expect(nextStep(facts({ itemStatus: 'item_created' }), day(1))).toEqual({
      step: 'send_parcel',
      expectedBy: null,
    });
    expect(nextStep(facts(), day(30))).toEqual({ step: 'store_shipment', expectedBy: null });
  });

  it('an open counter-offer awaits the answer, whatever the item', () => {
    const offer = {
      status: 'open' as const,
      proposedPriceCents: 100,
      createdAt: day(5),
      acceptUrl: null,
      rejectUrl: null,
    };
    expect(
      nextStep(facts({ itemStatus: 'item_awaiting_compliancy_tests', counterOffer: offer }), day(6)),
    ).toEqual({
      step: 'answer_counter_offer',
      expectedBy: null,
    });
  });

  it('a completed buyback is paid within 5 business days; a voucher at once', () => {
    const completed = facts({
      itemStatus: 'item_completed',
      moves: [move('item_awaiting_compliancy_tests', 'item_completed', day(4))], // Friday
    });
    expect(nextStep(completed, day(4))).toEqual({ step: 'payment', expectedBy: day(11).toISOString() });
    const voucher = { ...completed, payment: { ...completed.payment, type: 'voucher' as const } };
    expect(nextStep(voucher, day(3))).toEqual({ step: 'payment', expectedBy: day(4).toISOString() });
  });

  it('an ended buyback has no next step', () => {
    const paid = facts({
      itemStatus: 'item_completed',
      payment: { status: 'payment_completed', type: 'bank_transfer', paidAt: day(6), voucherCode: null },
    });
    expect(nextStep(paid, day(7))).toBeNull();
  });
});

describe('the end and the expiry', () => {
  it('a buyback ends when paid, returned, cancelled or lost; the link expires the set days after', () => {
    expect(endedAt(facts())).toBeNull();
    expect(linkExpiresAt(facts(), 90)).toBeNull();
    const paid = facts({
      itemStatus: 'item_refurb_completed',
      payment: { status: 'payment_completed', type: 'bank_transfer', paidAt: day(6), voucherCode: null },
    });
    expect(endedAt(paid)).toEqual(day(6));
    expect(linkExpiresAt(paid, 10)).toEqual(day(16));
    expect(endedAt(facts({ moves: [move('item_to_return', 'item_returned', day(8))] }))).toEqual(day(8));
    expect(endedAt(facts({ cancelledAt: day(1) }))).toEqual(day(1));
    expect(endedAt(facts({ moves: [move('item_in_transit', 'item_lost_transport', day(3))] }))).toEqual(
      day(3),
    );
  });

  it('counts business days over the weekend', () => {
    expect(addBusinessDays(day(4), 1)).toEqual(day(7)); // Friday → Monday
  });
});

describe('the timeline', () => {
  it('lists the steps in order with the carrier, the control outcome and the payment mode', () => {
    const steps = timeline(
      facts({
        moves: [
          move('item_awaiting_store_drop', 'item_awaiting_inventory', day(1)),
          move('item_awaiting_inventory', 'item_in_transit', day(2)),
          move('item_in_transit', 'item_registered_in_warehouse', day(3)),
        ],
        trackingNumber: 'TRK1',
        trackingUrl: null,
        controlledAt: day(4),
        payment: { status: 'payment_completed', type: 'gift_card', paidAt: day(5), voucherCode: null },
      }),
    );
    expect(steps.map((s) => s.step)).toEqual([
      'declared',
      'dropped',
      'sent',
      'received',
      'controlled',
      'paid',
    ]);
    expect(steps[2]?.carrier).toEqual({ trackingNumber: 'TRK1', trackingUrl: null });
    expect(steps[4]?.outcome).toBe('accepted');
    expect(steps[5]?.paymentType).toBe('gift_card');
  });

  it('shows the answer links of a counter-offer only while it is open', () => {
    const offer = { proposedPriceCents: 100, createdAt: day(5), acceptUrl: '/a', rejectUrl: '/r' };
    const open = timeline(facts({ controlledAt: day(5), counterOffer: { ...offer, status: 'open' } }));
    expect(open.find((s) => s.step === 'controlled')?.outcome).toBe('counter_offer');
    expect(open.find((s) => s.step === 'counter_offer')?.counterOffer?.acceptUrl).toBe('/a');
    const answered = timeline(facts({ counterOffer: { ...offer, status: 'accepted' } }));
    expect(answered.find((s) => s.step === 'counter_offer')?.counterOffer).toMatchObject({
      acceptUrl: null,
      rejectUrl: null,
    });
  });
});

describe('the documents and the mails', () => {
  it('offers the documents the back office offers, none of a cancelled buyback', () => {
    expect(customerDocuments(facts())).toEqual(['transfer-order']);
    expect(customerDocuments(facts({ status: 'bb_cancelled' }))).toEqual([]);
    expect(customerDocuments(facts({ predeclared: true, status: 'bb_awaiting_store_drop' }))).toEqual([
      'drop-slip',
    ]);
    expect(
      customerDocuments(
        facts({ circuitType: 'web_post', itemStatus: 'item_created', shippingLabelStatus: 'ready' }),
      ),
    ).toEqual(['transfer-order', 'shipping-label']);
  });

  it('mails received on arrival, controlled on a control accepted, returned; nothing else', () => {
    expect(
      progressStepOf({ fromItemStatus: 'item_in_transit', toItemStatus: 'item_registered_in_warehouse' }),
    ).toBe('received');
    expect(
      progressStepOf({ fromItemStatus: 'item_awaiting_compliancy_tests', toItemStatus: 'item_completed' }),
    ).toBe('controlled');
    // a counter-offer accepted: its own mail, then the payment notice
    expect(
      progressStepOf({
        fromItemStatus: 'item_awaiting_compliancy_tests',
        toItemStatus: 'item_completed_with_negociation',
      }),
    ).toBeNull();
    expect(progressStepOf({ fromItemStatus: 'item_to_return', toItemStatus: 'item_returned' })).toBe(
      'returned',
    );
    expect(progressStepOf({ fromItemStatus: 'item_created', toItemStatus: 'item_in_transit' })).toBeNull();
  });
});
