import type { BuybackStatus, ItemStatus, PaymentStatus } from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import { COMPLETED_BUYBACK_STATUSES } from './buyback-statuses';

/**
 * What follows a change of an item's (and so its buyback's) status, in the transaction of the
 * move (item-moves.ts calls it for every move), and a buyback's cancellation (in the transaction
 * of `cancelBuyback`): the jobs it causes are enqueued there, so they exist only if the change
 * commits. The lifecycle imports none of the modules that react: each registers its reactions at
 * start-up (`registerStatusReactions`, called by app.ts, workers.ts and the demo seed through
 * src/status-reactions.ts). A buyback that completes is paid (modules/payments); one whose item
 * goes back to its customer has its payment cancelled (modules/payments); completions and
 * cancellations are announced to the buyer's resale webhooks (modules/webhooks); a cancelled
 * buyback's parcels not sent yet are cancelled at the carrier (modules/transport).
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

/** A buyback cancelled with its item (buybacks.service.ts `cancelBuyback`). */
export interface BuybackCancellation {
  buybackId: string;
  accountId: string;
  /** The payment's status after the cancellation (unchanged when forced past a payment not cancellable). */
  paymentStatus: PaymentStatus;
}

/** True when the change completes the buyback (it was not completed before). */
export const completesBuyback = (change: Pick<StatusChange, 'fromBuybackStatus' | 'toBuybackStatus'>) =>
  change.toBuybackStatus !== null &&
  COMPLETED_BUYBACK_STATUSES.includes(change.toBuybackStatus) &&
  !COMPLETED_BUYBACK_STATUSES.includes(change.fromBuybackStatus);

/** What one module does after status changes; each reaction does nothing when a change does not concern it. */
export interface StatusReactions {
  /** The reacting module: a module registers once, whoever starts first. */
  module: string;
  afterStatusChange?: ((tx: BaseTxContext, change: StatusChange) => Promise<void>)[];
  afterCancellation?: ((tx: BaseTxContext, cancellation: BuybackCancellation) => Promise<void>)[];
}

const registered: StatusReactions[] = [];

/** Registers modules' reactions, in order (a module already registered keeps its place). */
export function registerStatusReactions(...reactions: StatusReactions[]): void {
  for (const reaction of reactions)
    if (!registered.some((r) => r.module === reaction.module)) registered.push(reaction);
}

/**
 * Withdraws the reactions of the modules named (of every module when none is named) and answers
 * them in their order: a test of the registry starts from none, then registers them again (the
 * test files of a Vitest worker share this module).
 */
export function withdrawStatusReactions(...modules: string[]): StatusReactions[] {
  const withdrawn = registered.filter((r) => modules.length === 0 || modules.includes(r.module));
  for (const reaction of withdrawn) registered.splice(registered.indexOf(reaction), 1);
  return withdrawn;
}

/** The modules whose reactions are registered, in the order they run. */
export const reactingModules = (): string[] => registered.map((r) => r.module);

export async function afterStatusChange(tx: BaseTxContext, change: StatusChange): Promise<void> {
  for (const reactions of registered)
    for (const react of reactions.afterStatusChange ?? []) await react(tx, change);
}

export async function afterCancellation(tx: BaseTxContext, cancellation: BuybackCancellation): Promise<void> {
  for (const reactions of registered)
    for (const react of reactions.afterCancellation ?? []) await react(tx, cancellation);
}
