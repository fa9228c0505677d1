import type { BuybackPaymentType, BuybackStatus, PaymentStatus } from '@reprise/shared';
import {
  type BaseContext,
  type BaseTxContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { COMPLETED_BUYBACK_STATUSES } from '../buyback-lifecycle';
import { CONNECTOR_FQN, findActiveConfiguration } from '../connectors';
import { payByGiftCard, payByVoucher } from './gift-cards.service';
import { requestIban } from './iban-link.mail';
import {
  amountToPay,
  changePaymentStatus,
  PAYMENT_FAILURE_REASONS,
  type PaymentJob,
  type PaymentToExecute,
} from './payment-execution';
import * as repo from './payment-execution.repository';
import { addToOpenBatch } from './transfer-batches.service';

/**
 * The `payment` job's handler (docs/payments.md, "The payment job"; payment-execution.ts enqueues
 * it): in one transaction, the payment locked, it computes the amount and pays by the payment's type.
 */

type AnyTx = BaseTxContext;

/** Whether this run has something to do: an unpaid payment of a completed buyback, or a relaunched one. */
function executable(row: repo.PaymentForExecution): boolean {
  if (!COMPLETED_BUYBACK_STATUSES.includes(row.buyback_status as BuybackStatus)) return false;
  if (row.status === 'awaiting_payment') return true;
  // relaunched (payment_failed → payment_created): not yet in an open batch nor issued
  return row.status === 'payment_created' && row.batch_status !== 'open';
}

/** The `payment` job's handler (workers.ts): idempotent, the job id the same across its retries. */
async function executePayment(ctx: BaseContext, job: PaymentJob, jobId: string): Promise<void> {
  const head = await repo.findPaymentHead(ctx, job.paymentId);
  if (!head) return;
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: head.account_id });
  await transact(scoped, async (tx) => {
    const row = await repo.lockPaymentForExecution(tx, job.paymentId);
    if (!row || !executable(row)) return;
    const amountCents = amountToPay(row);
    const payment: PaymentToExecute = {
      id: row.id,
      accountId: row.account_id,
      buybackId: row.buyback_id,
      buybackCode: row.identification_number,
      type: row.type as BuybackPaymentType,
      status: row.status as PaymentStatus,
      amountCents,
      currency: row.currency,
      storeId: row.store_id,
      customer: { firstName: row.first_name, lastName: row.last_name, email: row.email },
      attempts: row.attempts + 1,
    };
    await repo.updatePayment(tx, row, {
      amount_cents: amountCents,
      reference: row.identification_number,
      attempts: payment.attempts,
    });
    if (amountCents === 0 && row.status === 'awaiting_payment') {
      await changePaymentStatus(tx, row, 'payment_not_needed');
      return;
    }
    switch (payment.type) {
      case 'gift_card':
        return payByGiftCard(tx, payment);
      case 'voucher':
        return payByVoucher(tx, payment);
      case 'no_iban_transfer':
        // no IBAN yet: the customer is asked for one, the payment waits (iban-link.service.ts)
        if (!row.iban_encrypted) return requestIban(tx, row, payment, jobId);
        return payByTransfer(tx, row, payment);
      case 'bank_transfer':
        return payByTransfer(tx, row, payment);
    }
  });
}

/**
 * A transfer: into the payer's open SEPA batch (payment_created), which the payer sends to its bank
 * (transfer-batches.service.ts). The payer is the retailer, or the buyback's buyer when that buyer
 * pays the customers of the buybacks it receives (buyer payment, `payerOf`). Without an active SEPA
 * configuration of the payer, or in a currency SEPA does not carry, the payment fails with its reason
 * (relaunched once configured).
 */
export async function payByTransfer(
  tx: AnyTx,
  row: {
    id: string;
    account_id: string;
    buyback_id: string;
    status: string;
    buyer_account_id: string | null;
    buyer_pays: boolean | null;
  },
  payment: PaymentToExecute,
): Promise<void> {
  const fail = (reason: string) =>
    changePaymentStatus(tx, row, 'payment_failed', {
      failure_reason: reason,
      transfer_batch_id: null,
      payer_account_id: null,
    });
  if (payment.currency !== 'EUR') return fail(PAYMENT_FAILURE_REASONS.currencyNotSupported);
  const payerId = payerOf(row);
  // the buyer's configuration and batch are read and written as the buyer, reached through the buyback assigned to it
  const payer: AnyTx =
    payerId === payment.accountId ? tx : { ...tx, scope: { kind: 'account', accountId: payerId } };
  const configuration = await findActiveConfiguration(payer, payerId, CONNECTOR_FQN.sepaCreditTransfer);
  if (!configuration)
    return fail(
      payerId === payment.accountId
        ? PAYMENT_FAILURE_REASONS.noBankTransferConnector
        : PAYMENT_FAILURE_REASONS.noBuyerBankTransferConnector,
    );
  const batchId = await addToOpenBatch(
    payer,
    { accountId: payerId, currency: payment.currency },
    configuration.id,
  );
  const columns = {
    transfer_batch_id: batchId,
    connector_configuration_id: configuration.id,
    payer_account_id: payerId,
    failure_reason: null,
  };
  if (row.status === 'payment_created') await repo.updatePayment(tx, row, columns);
  else await changePaymentStatus(tx, row, 'payment_created', columns);
}

/** Who pays a transfer: the buyback's buyer when it has buyer payment enabled, else the retailer. */
export function payerOf(row: {
  account_id: string;
  buyer_account_id: string | null;
  buyer_pays: boolean | null;
}) {
  return row.buyer_account_id && row.buyer_pays ? row.buyer_account_id : row.account_id;
}

/** Registers the handler (workers.ts). */
export const paymentJobHandler = (deps: BaseContext['deps']) => (job: PaymentJob, jobId: string) =>
  executePayment(systemContext(deps, { kind: 'all' }), job, jobId);
