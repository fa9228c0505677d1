import type {
  BuybackEditionRefusal,
  BuybackEditionStep,
  BuybackStatus,
  ItemStatus,
  PaymentStatus,
} from '@reprise/shared';
import { COMPLETED_BUYBACK_STATUSES } from '../buyback-lifecycle';

/**
 * What the edition of a buyback may still change (docs/statuses.md, "Editing a buyback"): nothing
 * once cancelled or ended; the customer until then; the diagnosis and the payment mode only before
 * the warehouse controls the item (the control sets the price), the payment mode only while its
 * payment has not started.
 */

/** The item statuses before the control: the declared diagnosis still sets the price. */
const BEFORE_CONTROL: readonly ItemStatus[] = [
  'item_created',
  'item_awaiting_inventory',
  'item_awaiting_store_drop',
  'item_in_transit',
  'item_registered_in_warehouse',
];

/** A payment that has not started: nothing sent to a provider, nothing paid. */
const PAYMENT_NOT_STARTED: readonly PaymentStatus[] = ['awaiting_payment', 'payment_not_needed'];

export interface EditionState {
  status: BuybackStatus;
  itemStatus: ItemStatus;
  paymentStatus: PaymentStatus;
}

export function editionRefusal(step: BuybackEditionStep, state: EditionState): BuybackEditionRefusal | null {
  if (state.status === 'bb_cancelled') return 'cancelled';
  if (state.status === 'bb_not_completed' || COMPLETED_BUYBACK_STATUSES.includes(state.status))
    return 'ended';
  if (step === 'customer') return null;
  if (!BEFORE_CONTROL.includes(state.itemStatus)) return 'controlled';
  if (step === 'paymentMode' && !PAYMENT_NOT_STARTED.includes(state.paymentStatus)) return 'payment_started';
  return null;
}

/** The payment status that follows a new total: none is needed for a zero price. */
export function paymentStatusForTotal(current: PaymentStatus, totalCents: number): PaymentStatus {
  if (!PAYMENT_NOT_STARTED.includes(current)) return current;
  return totalCents === 0 ? 'payment_not_needed' : 'awaiting_payment';
}
