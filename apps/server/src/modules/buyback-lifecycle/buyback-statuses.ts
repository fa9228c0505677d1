import type {
  BuybackCircuitType,
  BuybackStatus,
  CancelReason,
  ItemStatus,
  PaymentStatus,
} from '@reprise/shared';
import { AppError } from '../../platform/errors';

/**
 * The one transition table of buybacks, their items and their payments (docs/statuses.md).
 * Every status change goes through `assertTransition`; anything not listed is refused with
 * `transition_not_allowed`.
 */

/**
 * The buyback statuses of a completed buyback (completed, by price, with absorption, with
 * negotiation): where a buyback in processing ends, but not completed. Declared here only: the
 * payment job pays them, the webhooks announce them (`completesBuyback`, status-effects.ts).
 */
export const COMPLETED_BUYBACK_STATUSES: readonly BuybackStatus[] = [
  'bb_completed',
  'bb_completed_by_price',
  'bb_completed_with_absorption',
  'bb_completed_with_negociation',
];

export const BUYBACK_TRANSITIONS: Record<BuybackStatus, readonly BuybackStatus[]> = {
  // pre-declared on the web: the customer brings the product to a store
  bb_awaiting_store_drop: ['bb_awaiting_inventory', 'bb_cancelled'],
  // in the store (or awaiting the customer's parcel): the next shipment takes it
  bb_awaiting_inventory: ['bb_in_transit', 'bb_not_completed', 'bb_cancelled'],
  bb_in_transit: ['bb_in_processing', 'bb_not_completed'],
  bb_in_processing: [...COMPLETED_BUYBACK_STATUSES, 'bb_not_completed'],
  bb_completed: [],
  bb_completed_by_price: [],
  bb_completed_with_absorption: [],
  bb_completed_with_negociation: [],
  bb_not_completed: [],
  bb_cancelled: [],
};

export const ITEM_TRANSITIONS: Record<ItemStatus, readonly ItemStatus[]> = {
  // a parcel the carrier lost before its first event: lost in transport
  item_created: ['item_in_transit', 'item_cancelled', 'item_lost_transport'],
  item_awaiting_store_drop: ['item_awaiting_inventory', 'item_cancelled'],
  item_awaiting_inventory: ['item_in_transit', 'item_lost_store', 'item_cancelled'],
  item_in_transit: ['item_registered_in_warehouse', 'item_lost_transport'],
  item_registered_in_warehouse: [
    'item_awaiting_compliancy_tests',
    'item_in_quarantine',
    'item_lost_warehouse',
  ],
  item_awaiting_compliancy_tests: [
    'item_completed',
    'item_completed_by_price',
    'item_completed_with_absorption',
    'item_completed_with_negociation',
    'item_in_quarantine',
    // the customer rejected the counter-offer (litigation): the product goes back
    'item_to_return',
    'item_lost_warehouse',
  ],
  item_completed: ['item_refurb_diagnostic_in_progress', 'item_lost_warehouse'],
  item_completed_by_price: ['item_refurb_diagnostic_in_progress', 'item_lost_warehouse'],
  item_completed_with_absorption: ['item_refurb_diagnostic_in_progress', 'item_lost_warehouse'],
  item_completed_with_negociation: ['item_refurb_diagnostic_in_progress', 'item_lost_warehouse'],
  // a diagnosis that plans no service completes the refurbishment at once
  item_refurb_diagnostic_in_progress: [
    'item_refurb_in_progress',
    'item_refurb_completed',
    'item_lost_warehouse',
  ],
  item_refurb_in_progress: ['item_refurb_completed', 'item_lost_warehouse'],
  item_refurb_completed: ['item_lost_warehouse'],
  item_in_quarantine: ['item_to_return', 'item_to_reintegrate_to_stock', 'item_lost_warehouse'],
  item_to_return: ['item_returned', 'item_lost_warehouse'],
  item_to_reintegrate_to_stock: ['item_awaiting_compliancy_tests', 'item_lost_warehouse'],
  item_returned: [],
  item_lost_store: [],
  item_lost_transport: [],
  item_lost_warehouse: [],
  item_cancelled: [],
};

export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // the payment job (modules/payments/payment-execution.ts): nothing to pay once the price is
  // known, or no connector to pay with
  awaiting_payment: [
    'payment_created',
    'payment_completed',
    'payment_cancelled',
    'payment_not_needed',
    'payment_failed',
  ],
  payment_created: ['payment_initiated', 'payment_completed', 'payment_failed', 'payment_cancelled'],
  // the provider is executing it: it can only end
  payment_initiated: ['payment_completed', 'payment_failed'],
  // a failed payment can be relaunched (created again), marked paid by hand, or cancelled
  payment_failed: ['payment_created', 'payment_completed', 'payment_cancelled'],
  payment_completed: [],
  payment_cancelled: [],
  payment_not_needed: [],
};

export type Machine = 'buyback' | 'item' | 'payment';
const TABLES = {
  buyback: BUYBACK_TRANSITIONS,
  item: ITEM_TRANSITIONS,
  payment: PAYMENT_TRANSITIONS,
} as const;

export function canTransition<M extends Machine>(
  machine: M,
  from: keyof (typeof TABLES)[M],
  to: keyof (typeof TABLES)[M],
): boolean {
  const table = TABLES[machine] as Record<string, readonly string[]>;
  return table[from as string]?.includes(to as string) ?? false;
}

/** Refuses a status change the table does not list (409 `transition_not_allowed`). */
export function assertTransition<M extends Machine>(
  machine: M,
  from: keyof (typeof TABLES)[M],
  to: keyof (typeof TABLES)[M],
): void {
  if (!canTransition(machine, from, to)) {
    throw new AppError(
      'transition_not_allowed',
      `The ${machine} cannot go from ${String(from)} to ${String(to)}.`,
    );
  }
}

/**
 * The buyback's status its item's status brings (buyback statuses follow
 * the items). Absent, deliberately, the refurbishment statuses only: the buyback keeps its status
 * (refurbishment happens after completion, and a completed buyback stays completed whatever
 * becomes of the device). `buyback-statuses.test.ts` checks every item status is one or the other.
 */
export const BUYBACK_STATUS_OF_ITEM: Partial<Record<ItemStatus, BuybackStatus>> = {
  item_created: 'bb_awaiting_inventory',
  item_awaiting_store_drop: 'bb_awaiting_store_drop',
  item_awaiting_inventory: 'bb_awaiting_inventory',
  item_in_transit: 'bb_in_transit',
  item_registered_in_warehouse: 'bb_in_processing',
  item_awaiting_compliancy_tests: 'bb_in_processing',
  item_in_quarantine: 'bb_in_processing',
  item_to_reintegrate_to_stock: 'bb_in_processing',
  item_completed: 'bb_completed',
  item_completed_by_price: 'bb_completed_by_price',
  item_completed_with_absorption: 'bb_completed_with_absorption',
  item_completed_with_negociation: 'bb_completed_with_negociation',
  item_to_return: 'bb_not_completed',
  item_returned: 'bb_not_completed',
  item_lost_store: 'bb_not_completed',
  item_lost_transport: 'bb_not_completed',
  item_lost_warehouse: 'bb_not_completed',
  item_cancelled: 'bb_cancelled',
};

const FINAL_BUYBACK: readonly BuybackStatus[] = [
  ...COMPLETED_BUYBACK_STATUSES,
  'bb_not_completed',
  'bb_cancelled',
];

/**
 * The item statuses at which the product goes back to its customer (a counter-offer declined, a
 * release from quarantine to the customer return stock, then returned): the buyback ends without
 * purchase and its payment is cancelled (docs/payments.md). The losses are not among them: the
 * customer handed the product over and is still owed its price.
 */
export const BACK_TO_CUSTOMER_ITEM_STATUSES: readonly ItemStatus[] = ['item_to_return', 'item_returned'];

/** The loss statuses; an admin may undo them with a reason (`planLossReversal`). */
export const LOST_ITEM_STATUSES: readonly ItemStatus[] = [
  'item_lost_store',
  'item_lost_transport',
  'item_lost_warehouse',
];

/**
 * Moving an item: the item table must list the change; the buyback follows
 * (`BUYBACK_STATUS_OF_ITEM`) unless it is already final, and its table must list that change too.
 * Returns the buyback's new status, or null when it keeps its own.
 */
export function planItemMove(
  current: { status: BuybackStatus; itemStatus: ItemStatus },
  to: ItemStatus,
): { itemStatus: ItemStatus; status: BuybackStatus | null } {
  if (current.status === 'bb_cancelled')
    throw new AppError('buyback_cancelled', 'This buyback is cancelled.');
  assertTransition('item', current.itemStatus, to);
  const next = BUYBACK_STATUS_OF_ITEM[to];
  if (!next || next === current.status || FINAL_BUYBACK.includes(current.status))
    return { itemStatus: to, status: null };
  assertTransition('buyback', current.status, next);
  return { itemStatus: to, status: next };
}

/**
 * Undoing a loss (an admin, with a reason): the item goes back to the status it had before it was
 * declared lost, and the buyback to the status that item status brings.
 */
export function planLossReversal(
  current: { status: BuybackStatus; itemStatus: ItemStatus },
  previousItemStatus: ItemStatus,
): { itemStatus: ItemStatus; status: BuybackStatus | null } {
  if (!LOST_ITEM_STATUSES.includes(current.itemStatus))
    throw new AppError('not_lost', 'This item is not declared lost.');
  const next = BUYBACK_STATUS_OF_ITEM[previousItemStatus];
  return {
    itemStatus: previousItemStatus,
    status: current.status === 'bb_not_completed' && next && next !== current.status ? next : null,
  };
}

/** The statuses a new buyback, its item and its payment start in. */
export function initialStatuses(
  circuitType: BuybackCircuitType,
  totalCents: number,
): { status: BuybackStatus; itemStatus: ItemStatus; paymentStatus: PaymentStatus; predeclared: boolean } {
  const paymentStatus: PaymentStatus = totalCents === 0 ? 'payment_not_needed' : 'awaiting_payment';
  if (circuitType === 'web_drop') {
    // pre-declared on the web; finalised when the customer hands the product in at a store
    return {
      status: 'bb_awaiting_store_drop',
      itemStatus: 'item_awaiting_store_drop',
      paymentStatus,
      predeclared: true,
    };
  }
  if (circuitType.startsWith('store_')) {
    return {
      status: 'bb_awaiting_inventory',
      itemStatus: 'item_awaiting_inventory',
      paymentStatus,
      predeclared: false,
    };
  }
  // web_post, web_collect, web_drop_label: the customer ships it (or it is collected); the item
  // is created and moves to in transit with the carrier's first event
  return { status: 'bb_awaiting_inventory', itemStatus: 'item_created', paymentStatus, predeclared: false };
}

/** Finalising a pre-declared buyback at the counter. */
const FINALIZED = { status: 'bb_awaiting_inventory', itemStatus: 'item_awaiting_inventory' } as const;

/**
 * Payment statuses a buyback that ends without purchase cancels (a cancellation, or its item going
 * back to the customer); any other (initiated, completed) is never cancelled automatically.
 */
export const CANCELLABLE_PAYMENTS: readonly PaymentStatus[] = [
  'awaiting_payment',
  'payment_created',
  'payment_failed',
];
/** Nothing to cancel: the payment is not touched. */
const SETTLED_PAYMENTS: readonly PaymentStatus[] = ['payment_cancelled', 'payment_not_needed'];

export interface CancellationPlan {
  status: 'bb_cancelled';
  itemStatus: 'item_cancelled';
  /** The payment's new status; unchanged when forced past a payment that cannot be cancelled. */
  paymentStatus: PaymentStatus;
  forced: boolean;
}

/**
 * What cancelling does: irreversible; the buyback and its item are
 * cancelled and so is the payment. A payment being executed (payment_initiated) or already made
 * (payment_completed) cannot be cancelled: `payment_not_cancellable` unless `force`, and then the
 * payment is left as it is (a completed payment is never reversed automatically).
 */
export function planCancellation(
  current: { status: BuybackStatus; itemStatus: ItemStatus; paymentStatus: PaymentStatus },
  input: { reason: CancelReason; force: boolean },
): CancellationPlan {
  if (current.status === 'bb_cancelled') {
    throw new AppError('buyback_cancelled', 'This buyback is already cancelled.');
  }
  assertTransition('buyback', current.status, 'bb_cancelled');
  assertTransition('item', current.itemStatus, 'item_cancelled');
  if (CANCELLABLE_PAYMENTS.includes(current.paymentStatus)) {
    assertTransition('payment', current.paymentStatus, 'payment_cancelled');
    return {
      status: 'bb_cancelled',
      itemStatus: 'item_cancelled',
      paymentStatus: 'payment_cancelled',
      forced: false,
    };
  }
  if (SETTLED_PAYMENTS.includes(current.paymentStatus)) {
    return {
      status: 'bb_cancelled',
      itemStatus: 'item_cancelled',
      paymentStatus: current.paymentStatus,
      forced: false,
    };
  }
  if (!input.force) {
    throw new AppError(
      'payment_not_cancellable',
      current.paymentStatus === 'payment_completed'
        ? 'The customer has already been paid; the payment is not cancelled automatically. Cancel with force to cancel the buyback anyway.'
        : 'The payment is being executed and cannot be cancelled. Cancel with force to cancel the buyback anyway.',
    );
  }
  return {
    status: 'bb_cancelled',
    itemStatus: 'item_cancelled',
    paymentStatus: current.paymentStatus,
    forced: true,
  };
}

/** Marking the item lost in store: the item is lost, the buyback cannot be completed. */
export function planLostInStore(current: { status: BuybackStatus; itemStatus: ItemStatus }) {
  if (current.status === 'bb_cancelled')
    throw new AppError('buyback_cancelled', 'This buyback is cancelled.');
  assertTransition('item', current.itemStatus, 'item_lost_store');
  assertTransition('buyback', current.status, 'bb_not_completed');
  return { status: 'bb_not_completed', itemStatus: 'item_lost_store' } as const;
}

/** Finalising at the counter: only a pre-declared buyback awaiting its store drop. */
export function planFinalize(current: {
  status: BuybackStatus;
  itemStatus: ItemStatus;
  predeclared: boolean;
}) {
  if (current.status === 'bb_cancelled')
    throw new AppError('buyback_cancelled', 'This buyback is cancelled.');
  if (!current.predeclared || current.status !== 'bb_awaiting_store_drop') {
    throw new AppError(
      'predeclared_not_eligible',
      'This buyback is not a pre-declared buyback awaiting its drop in store.',
    );
  }
  assertTransition('buyback', current.status, FINALIZED.status);
  assertTransition('item', current.itemStatus, FINALIZED.itemStatus);
  return FINALIZED;
}
