import {
  BUYBACK_STATUSES,
  type BuybackStatus,
  ITEM_STATUSES,
  type ItemStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  BUYBACK_TRANSITIONS,
  canTransition,
  ITEM_TRANSITIONS,
  initialStatuses,
  PAYMENT_TRANSITIONS,
  planCancellation,
  planFinalize,
  planLostInStore,
} from './buyback-statuses';

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('transition table', () => {
  it('names every status of the spec, and only them', () => {
    expect(Object.keys(BUYBACK_TRANSITIONS).sort()).toEqual([...BUYBACK_STATUSES].sort());
    expect(Object.keys(ITEM_TRANSITIONS).sort()).toEqual([...ITEM_STATUSES].sort());
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const targets of Object.values(BUYBACK_TRANSITIONS))
      for (const t of targets) expect(BUYBACK_STATUSES).toContain(t);
    for (const targets of Object.values(ITEM_TRANSITIONS))
      for (const t of targets) expect(ITEM_STATUSES).toContain(t);
    for (const targets of Object.values(PAYMENT_TRANSITIONS))
      for (const t of targets) expect(PAYMENT_STATUSES).toContain(t);
  });

  it('refuses every pair it does not list with transition_not_allowed', () => {
    let refused = 0;
    for (const from of BUYBACK_STATUSES) {
      for (const to of BUYBACK_STATUSES) {
        const allowed = BUYBACK_TRANSITIONS[from].includes(to);
        expect(canTransition('buyback', from, to)).toBe(allowed);
        expect(code(() => assertTransition('buyback', from, to))).toBe(
          allowed ? null : 'transition_not_allowed',
        );
        if (!allowed) refused += 1;
      }
    }
    for (const from of ITEM_STATUSES) {
      for (const to of ITEM_STATUSES) {
        expect(code(() => assertTransition('item', from, to))).toBe(
          ITEM_TRANSITIONS[from].includes(to) ? null : 'transition_not_allowed',
        );
      }
    }
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        expect(code(() => assertTransition('payment', from, to))).toBe(
          PAYMENT_TRANSITIONS[from].includes(to) ? null : 'transition_not_allowed',
        );
      }
    }
    expect(refused).toBeGreaterThan(80);
  });

  it('has final statuses nothing leaves: cancelled, completed, not completed, lost, returned', () => {
    for (const s of [
      'bb_cancelled',
      'bb_completed',
      'bb_completed_by_price',
      'bb_not_completed',
    ] as BuybackStatus[]) {
      expect(BUYBACK_TRANSITIONS[s]).toEqual([]);
    }
    for (const s of [
      'item_cancelled',
      'item_lost_store',
      'item_lost_transport',
      'item_returned',
    ] as ItemStatus[]) {
      expect(ITEM_TRANSITIONS[s]).toEqual([]);
    }
    for (const s of ['payment_completed', 'payment_cancelled', 'payment_not_needed'] as PaymentStatus[]) {
      expect(PAYMENT_TRANSITIONS[s]).toEqual([]);
    }
  });
});

describe('initial statuses per circuit', () => {
  it('store circuits await the inventory; web_drop is pre-declared awaiting the store drop', () => {
    for (const type of ['store_drop', 'store_collect', 'store_drop_label'] as const) {
      expect(initialStatuses(type, 1000)).toEqual({
        status: 'bb_awaiting_inventory',
        itemStatus: 'item_awaiting_inventory',
        paymentStatus: 'awaiting_payment',
        predeclared: false,
      });
    }
    expect(initialStatuses('web_drop', 1000)).toEqual({
      status: 'bb_awaiting_store_drop',
      itemStatus: 'item_awaiting_store_drop',
      paymentStatus: 'awaiting_payment',
      predeclared: true,
    });
    for (const type of ['web_post', 'web_collect', 'web_drop_label'] as const) {
      expect(initialStatuses(type, 1000)).toMatchObject({
        status: 'bb_awaiting_inventory',
        itemStatus: 'item_created',
      });
    }
  });

  it('needs no payment for a buyback at zero', () => {
    expect(initialStatuses('store_drop', 0).paymentStatus).toBe('payment_not_needed');
  });
});

describe('cancellation', () => {
  const live = { status: 'bb_awaiting_inventory', itemStatus: 'item_awaiting_inventory' } as const;

  it('cancels the buyback, the item and a payment not yet executed', () => {
    for (const paymentStatus of ['awaiting_payment', 'payment_created', 'payment_failed'] as const) {
      expect(planCancellation({ ...live, paymentStatus }, { reason: 'other', force: false })).toEqual({
        status: 'bb_cancelled',
        itemStatus: 'item_cancelled',
        paymentStatus: 'payment_cancelled',
        forced: false,
      });
    }
  });

  it('refuses a payment being executed or already made unless forced, and then leaves it alone', () => {
    for (const paymentStatus of ['payment_initiated', 'payment_completed'] as const) {
      expect(
        code(() => planCancellation({ ...live, paymentStatus }, { reason: 'other', force: false })),
      ).toBe('payment_not_cancellable');
      expect(planCancellation({ ...live, paymentStatus }, { reason: 'other', force: true })).toEqual({
        status: 'bb_cancelled',
        itemStatus: 'item_cancelled',
        paymentStatus,
        forced: true,
      });
    }
  });

  it('is irreversible and refused once the product has left the store', () => {
    expect(
      code(() =>
        planCancellation(
          { status: 'bb_cancelled', itemStatus: 'item_cancelled', paymentStatus: 'payment_cancelled' },
          { reason: 'other', force: true },
        ),
      ),
    ).toBe('buyback_cancelled');
    expect(
      code(() =>
        planCancellation(
          { status: 'bb_in_transit', itemStatus: 'item_in_transit', paymentStatus: 'awaiting_payment' },
          { reason: 'other', force: true },
        ),
      ),
    ).toBe('transition_not_allowed');
  });
});

describe('loss in store and finalisation', () => {
  it('marks an item awaiting the inventory lost in store, nothing else', () => {
    expect(
      planLostInStore({ status: 'bb_awaiting_inventory', itemStatus: 'item_awaiting_inventory' }),
    ).toEqual({
      status: 'bb_not_completed',
      itemStatus: 'item_lost_store',
    });
    expect(code(() => planLostInStore({ status: 'bb_in_transit', itemStatus: 'item_in_transit' }))).toBe(
      'transition_not_allowed',
    );
    expect(code(() => planLostInStore({ status: 'bb_not_completed', itemStatus: 'item_lost_store' }))).toBe(
      'transition_not_allowed',
    );
  });

  it('finalises only a pre-declared buyback awaiting its store drop', () => {
    expect(
      planFinalize({
        status: 'bb_awaiting_store_drop',
        itemStatus: 'item_awaiting_store_drop',
        predeclared: true,
      }),
    ).toEqual({ status: 'bb_awaiting_inventory', itemStatus: 'item_awaiting_inventory' });
    expect(
      code(() =>
        planFinalize({
          status: 'bb_awaiting_inventory',
          itemStatus: 'item_awaiting_inventory',
          predeclared: false,
        }),
      ),
    ).toBe('predeclared_not_eligible');
  });
});
