import type { BaseTxContext } from '../../platform/request-context';
import type { StatusChange, StatusReactions } from '../buyback-lifecycle';
import { type ProgressStep, queueProgressMail } from '../tracking-links';

/** The control's outcomes that mail "controlled" (a counter-offer has its own mail, modules/warehouse). */
const CONTROLLED = ['item_completed', 'item_completed_by_price', 'item_completed_with_absorption'];

/** The progress mail a status change causes, or null (docs/tracking.md, "Mails and unsubscribing"). */
export function progressStepOf(
  change: Pick<StatusChange, 'fromItemStatus' | 'toItemStatus'>,
): ProgressStep | null {
  if (change.toItemStatus === 'item_registered_in_warehouse' && change.fromItemStatus === 'item_in_transit')
    return 'received';
  if (change.fromItemStatus === 'item_awaiting_compliancy_tests' && CONTROLLED.includes(change.toItemStatus))
    return 'controlled';
  if (change.toItemStatus === 'item_returned') return 'returned';
  return null;
}

async function mailProgress(tx: BaseTxContext, change: StatusChange): Promise<void> {
  const step = progressStepOf(change);
  if (step) await queueProgressMail(tx, { id: change.buybackId, account_id: change.accountId }, step);
}

/** What the tracking page does after the lifecycle's status changes (registered at start-up: src/status-reactions.ts). */
export const trackingStatusReactions: StatusReactions = {
  module: 'tracking',
  afterStatusChange: [mailProgress],
};
