import {
  BUYBACK_STATUSES,
  type BuybackStatus,
  COMPLETED_ITEM_STATUSES,
  ITEM_STATUSES,
  type ItemStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  BUYBACK_STATUS_OF_ITEM,
  BUYBACK_TRANSITIONS,
  COMPLETED_BUYBACK_STATUSES,
  canTransition,
  ITEM_TRANSITIONS,
  initialStatuses,
  LOST_ITEM_STATUSES,
  PAYMENT_TRANSITIONS,
  planCancellation,
  planFinalize,
  planItemMove,
  planLossReversal,
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

/** The buyback statuses nothing leaves (completed, not completed, cancelled). */
const FINAL_BUYBACK = BUYBACK_STATUSES.filter((s) => BUYBACK_TRANSITIONS[s].length === 0);

/**
 * The buyback status an item at `itemStatus` goes with: the one its status brings, else (the
 * refurbishment statuses, after completion) each completed status.
 */
const buybackStatusesWith = (itemStatus: ItemStatus): BuybackStatus[] => {
  const mapped = BUYBACK_STATUS_OF_ITEM[itemStatus];
  return mapped ? [mapped] : BUYBACK_STATUSES.filter((s) => s.startsWith('bb_completed'));
};

describe('the buyback follows its item (BUYBACK_STATUS_OF_ITEM)', () => {
  it('maps every item status, but the refurbishment ones, deliberately absent (the buyback keeps its status)', () => {
    const absent = ITEM_STATUSES.filter((s) => BUYBACK_STATUS_OF_ITEM[s] === undefined);
    expect(absent.sort()).toEqual([
      'item_refurb_completed',
      'item_refurb_diagnostic_in_progress',
      'item_refurb_in_progress',
    ]);
    for (const target of Object.values(BUYBACK_STATUS_OF_ITEM)) expect(BUYBACK_STATUSES).toContain(target);
  });

  it('completes the buyback as its item is completed, and ends it not completed when the device is lost or sent back', () => {
    for (const way of ['', '_by_price', '_with_absorption', '_with_negociation'])
      expect(BUYBACK_STATUS_OF_ITEM[`item_completed${way}` as ItemStatus]).toBe(`bb_completed${way}`);
    for (const s of [...LOST_ITEM_STATUSES, 'item_to_return', 'item_returned'] as ItemStatus[])
      expect(BUYBACK_STATUS_OF_ITEM[s]).toBe('bb_not_completed');
    expect(BUYBACK_STATUS_OF_ITEM.item_cancelled).toBe('bb_cancelled');
    for (const s of [
      'item_registered_in_warehouse',
      'item_awaiting_compliancy_tests',
      'item_in_quarantine',
      'item_to_reintegrate_to_stock',
    ] as ItemStatus[])
      expect(BUYBACK_STATUS_OF_ITEM[s]).toBe('bb_in_processing');
  });

  it('lets every move the item table lists happen, from the buyback status its item goes with, the buyback following', () => {
    let moves = 0;
    for (const from of ITEM_STATUSES)
      for (const status of buybackStatusesWith(from))
        for (const to of ITEM_TRANSITIONS[from]) {
          if (status === 'bb_cancelled') continue;
          const plan = planItemMove({ status, itemStatus: from }, to);
          const next = BUYBACK_STATUS_OF_ITEM[to];
          const follows = next !== undefined && next !== status && !FINAL_BUYBACK.includes(status);
          expect([from, status, to, plan]).toEqual([
            from,
            status,
            to,
            { itemStatus: to, status: follows ? next : null },
          ]);
          moves += 1;
        }
    expect(moves).toBeGreaterThan(40);
  });

  it('refuses with transition_not_allowed every pair the item table does not list', () => {
    let refused = 0;
    for (const from of ITEM_STATUSES)
      for (const to of ITEM_STATUSES) {
        if (ITEM_TRANSITIONS[from].includes(to)) continue;
        for (const status of buybackStatusesWith(from)) {
          if (status === 'bb_cancelled') continue;
          expect([from, to, code(() => planItemMove({ status, itemStatus: from }, to))]).toEqual([
            from,
            to,
            'transition_not_allowed',
          ]);
          refused += 1;
        }
      }
    expect(refused).toBeGreaterThan(300);
  });

  it("checks the buyback's table too: a buyback that cannot follow refuses the move", () => {
    // an item checked in while its buyback was never sent: awaiting inventory cannot go to in processing
    expect(
      code(() =>
        planItemMove(
          { status: 'bb_awaiting_inventory', itemStatus: 'item_in_transit' },
          'item_registered_in_warehouse',
        ),
      ),
    ).toBe('transition_not_allowed');
  });

  it('lets a final buyback keep its status, and a buyback already at the status keep it', () => {
    expect(
      planItemMove(
        { status: 'bb_completed_by_price', itemStatus: 'item_completed_by_price' },
        'item_lost_warehouse',
      ),
    ).toEqual({ itemStatus: 'item_lost_warehouse', status: null });
    expect(
      planItemMove({ status: 'bb_not_completed', itemStatus: 'item_to_return' }, 'item_returned'),
    ).toEqual({
      itemStatus: 'item_returned',
      status: null,
    });
    expect(
      planItemMove(
        { status: 'bb_completed', itemStatus: 'item_completed' },
        'item_refurb_diagnostic_in_progress',
      ),
    ).toEqual({ itemStatus: 'item_refurb_diagnostic_in_progress', status: null });
    expect(
      planItemMove(
        { status: 'bb_in_processing', itemStatus: 'item_registered_in_warehouse' },
        'item_awaiting_compliancy_tests',
      ),
    ).toEqual({ itemStatus: 'item_awaiting_compliancy_tests', status: null });
  });

  it('sends back the product of a declined counter-offer: awaiting compliancy tests → to return, the buyback not completed', () => {
    expect(
      planItemMove(
        { status: 'bb_in_processing', itemStatus: 'item_awaiting_compliancy_tests' },
        'item_to_return',
      ),
    ).toEqual({ itemStatus: 'item_to_return', status: 'bb_not_completed' });
  });

  it('moves nothing of a cancelled buyback (buyback_cancelled)', () => {
    for (const to of ITEM_STATUSES)
      expect(code(() => planItemMove({ status: 'bb_cancelled', itemStatus: 'item_cancelled' }, to))).toBe(
        'buyback_cancelled',
      );
  });
});

describe('undoing a loss (planLossReversal)', () => {
  it('brings the item back to its previous status and the not-completed buyback to the status that one brings', () => {
    expect(
      planLossReversal({ status: 'bb_not_completed', itemStatus: 'item_lost_transport' }, 'item_in_transit'),
    ).toEqual({ itemStatus: 'item_in_transit', status: 'bb_in_transit' });
    expect(
      planLossReversal(
        { status: 'bb_not_completed', itemStatus: 'item_lost_store' },
        'item_awaiting_inventory',
      ),
    ).toEqual({ itemStatus: 'item_awaiting_inventory', status: 'bb_awaiting_inventory' });
    expect(
      planLossReversal(
        { status: 'bb_not_completed', itemStatus: 'item_lost_warehouse' },
        'item_awaiting_compliancy_tests',
      ),
    ).toEqual({ itemStatus: 'item_awaiting_compliancy_tests', status: 'bb_in_processing' });
  });

  it('leaves a completed buyback completed, and a buyback already not completed for its previous status', () => {
    expect(
      planLossReversal(
        { status: 'bb_completed_by_price', itemStatus: 'item_lost_warehouse' },
        'item_completed_by_price',
      ),
    ).toEqual({ itemStatus: 'item_completed_by_price', status: null });
    expect(
      planLossReversal({ status: 'bb_not_completed', itemStatus: 'item_lost_warehouse' }, 'item_to_return'),
    ).toEqual({ itemStatus: 'item_to_return', status: null });
    expect(
      planLossReversal(
        { status: 'bb_completed', itemStatus: 'item_lost_warehouse' },
        'item_refurb_in_progress',
      ),
    ).toEqual({ itemStatus: 'item_refurb_in_progress', status: null });
  });

  it('answers not_lost for an item that is not lost', () => {
    for (const itemStatus of ITEM_STATUSES.filter((s) => !LOST_ITEM_STATUSES.includes(s)))
      expect(
        code(() => planLossReversal({ status: 'bb_in_processing', itemStatus }, 'item_in_transit')),
      ).toBe('not_lost');
  });
});

describe('the completed statuses, declared once', () => {
  it('are the buyback statuses a buyback in processing ends at, but not completed', () => {
    expect([...COMPLETED_BUYBACK_STATUSES].sort()).toEqual(
      BUYBACK_STATUSES.filter((status) => status.startsWith('bb_completed')).sort(),
    );
  });

  it('are the item statuses that complete the buyback, and only those', () => {
    expect(
      ITEM_STATUSES.filter((status) => {
        const brings = BUYBACK_STATUS_OF_ITEM[status];
        return brings !== undefined && COMPLETED_BUYBACK_STATUSES.includes(brings);
      }).sort(),
    ).toEqual([...COMPLETED_ITEM_STATUSES].sort());
  });
});
