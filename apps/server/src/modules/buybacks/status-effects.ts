import type { BuybackStatus, ItemStatus } from '@reprise/shared';
import type { BaseContext, InTransaction } from '../../platform/request-context';
import { cancelPaymentOnReturn, enqueuePaymentOnCompletion } from '../payments/payment-execution';
import { announceStatusChange } from '../webhooks/webhook-events';

/**
 * What follows a change of an item's (and so its buyback's) status, in the transaction of the
 * move (modules/warehouse/item-moves.ts calls it for every move): the jobs it causes are enqueued
 * there, so they exist only if the move commits. A buyback that completes is paid (the `payment`
 * job, modules/payments); one whose item goes back to its customer has its payment cancelled
 * (modules/payments); completions are announced to the buyer's resale webhooks (modules/webhooks).
 */
export interface StatusChange {
  buybackId: string;
  itemId: string;
  accountId: string;
  fromItemStatus: ItemStatus;
  toItemStatus: ItemStatus;
  fromBuybackStatus: BuybackStatus;
  /** The buyback's new status; null when the move leaves it as it was. */
  toBuybackStatus: BuybackStatus | null;
}

type Effect = (tx: InTransaction<BaseContext>, change: StatusChange) => Promise<void>;

/** The effects, in order. Each looks at the change and does nothing when it does not concern it. */
const EFFECTS: Effect[] = [enqueuePaymentOnCompletion, cancelPaymentOnReturn, announceStatusChange];

export async function afterStatusChange(tx: InTransaction<BaseContext>, change: StatusChange): Promise<void> {
  for (const effect of EFFECTS) await effect(tx, change);
}
