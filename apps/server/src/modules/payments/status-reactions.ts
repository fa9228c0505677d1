import type { StatusReactions } from '../buyback-lifecycle';
import { cancelPaymentOnReturn, enqueuePaymentOnCompletion } from './payment-execution';
import { leaveOpenBatch } from './payments.repository';

/** What payments do after the lifecycle's status changes (registered at start-up: src/status-reactions.ts). */
export const paymentStatusReactions: StatusReactions = {
  module: 'payments',
  afterStatusChange: [enqueuePaymentOnCompletion, cancelPaymentOnReturn],
  afterCancellation: [
    // a cancelled payment waiting in an open transfer batch leaves it (docs/payments.md)
    async (tx, cancellation) => {
      if (cancellation.paymentStatus === 'payment_cancelled')
        await leaveOpenBatch(tx, { id: cancellation.buybackId, account_id: cancellation.accountId });
    },
  ],
};
