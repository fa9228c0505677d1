import { describe, expect, it } from 'vitest';
import { type EditionState, editionRefusal, paymentStatusForTotal } from './edition.rules';

const open: EditionState = {
  status: 'bb_awaiting_inventory',
  itemStatus: 'item_awaiting_inventory',
  paymentStatus: 'awaiting_payment',
};

describe('what the edition of a buyback may change', () => {
  it('everything before the control while its payment has not started', () => {
    for (const step of ['customer', 'paymentMode', 'diagnosis'] as const)
      expect(editionRefusal(step, open)).toBeNull();
  });

  it('nothing once cancelled or ended', () => {
    for (const status of ['bb_cancelled', 'bb_completed', 'bb_not_completed'] as const) {
      const expected = status === 'bb_cancelled' ? 'cancelled' : 'ended';
      expect(editionRefusal('customer', { ...open, status })).toBe(expected);
    }
  });

  it('the customer only, once the item is controlled', () => {
    const controlled = {
      ...open,
      status: 'bb_in_processing',
      itemStatus: 'item_awaiting_compliancy_tests',
    } as const;
    expect(editionRefusal('customer', controlled)).toBeNull();
    expect(editionRefusal('diagnosis', controlled)).toBe('controlled');
    expect(editionRefusal('paymentMode', controlled)).toBe('controlled');
  });

  it('no new payment mode once its payment has started', () => {
    const started = { ...open, paymentStatus: 'payment_initiated' } as const;
    expect(editionRefusal('paymentMode', started)).toBe('payment_started');
    expect(editionRefusal('diagnosis', started)).toBeNull();
  });

  it('a zero price needs no payment; a payment under way keeps its status', () => {
    expect(paymentStatusForTotal('awaiting_payment', 0)).toBe('payment_not_needed');
    expect(paymentStatusForTotal('payment_not_needed', 500)).toBe('awaiting_payment');
    expect(paymentStatusForTotal('payment_initiated', 0)).toBe('payment_initiated');
  });
});
