import type { BuybackPaymentType, PaymentStatus } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { followUpJobId } from '../../platform/jobs';
import type { BaseTxContext } from '../../platform/request-context';
import {
  assertTransition,
  BACK_TO_CUSTOMER_ITEM_STATUSES,
  CANCELLABLE_PAYMENTS,
  completesBuyback,
  type StatusChange,
} from '../buyback-lifecycle';
import { queueProgressMail } from '../tracking-links';
import * as repo from './payment-execution.repository';

/**
 * The payment job (docs/payments.md, "The payment job"): a buyback that completes is paid by the
 * `payment` job, enqueued in the transaction of the move that completes it (`enqueuePaymentOnCompletion`,
 * a reaction to the lifecycle's status changes, status-reactions.ts), and again when a failed payment is relaunched
 * (`enqueuePayment`). The handler runs in one transaction with the payment locked: it computes the
 * amount the buyback completed at, then pays by the payment's type — a bank transfer goes into the
 * account's open SEPA batch, a transfer without IBAN first asks the customer for one (the IBAN link),
 * a gift card or a voucher is issued (gift-cards.service.ts). The handler is payment-job.ts.
 */

/** A payment as the job executes it: its row locked FOR UPDATE, the amount computed. */
export interface PaymentToExecute {
  id: string;
  accountId: string;
  buybackId: string;
  /** The buyback's identification number: the payment's reference. */
  buybackCode: string;
  type: BuybackPaymentType;
  status: PaymentStatus;
  /** What is paid: the validated price plus the checkout's modifiers and bonus, never below 0. */
  amountCents: number;
  currency: string;
  /** The buyback's store, null for a web buyback. */
  storeId: string | null;
  customer: { firstName: string; lastName: string; email: string | null };
  /** The runs of the job so far, this one included. */
  attempts: number;
}

/** The payment job's payload. */
export interface PaymentJob {
  paymentId: string;
}

/** Why the job failed a payment (payments.failure_reason; the screens translate these codes). */
export const PAYMENT_FAILURE_REASONS = {
  noBankTransferConnector: 'no_bank_transfer_connector',
  /** Buyer payment: the buyer that pays has no active SEPA configuration. */
  noBuyerBankTransferConnector: 'no_buyer_bank_transfer_connector',
  currencyNotSupported: 'currency_not_supported',
  /** A payment provider refused the payout without saying why. */
  providerRefused: 'provider_refused',
} as const;

type AnyTx = BaseTxContext;

/**
 * The job's id: the payment and its attempt, so a relaunch is a new job while a second enqueue of
 * the same attempt (a double click, the move's transaction retried) is ignored by the queue.
 */
const paymentJobId = (payment: { id: string; attempts: number }) =>
  followUpJobId(payment.id, `payment-attempt:${payment.attempts}`);

async function sendPaymentJob(tx: AnyTx, payment: { id: string; attempts: number }): Promise<void> {
  // the demo seed completes buybacks before any queue exists (seed/demo-warehouse.ts): their
  // payments stay awaiting, as the seed left them
  if (!tx.deps.jobs) return;
  const job: PaymentJob = { paymentId: payment.id };
  await tx.deps.jobs.send(tx.trx, 'payment', job, { id: paymentJobId(payment) });
}

/** Enqueues the payment's job (a relaunch: payments.service.ts), in the caller's transaction. */
export async function enqueuePayment(tx: AnyTx, paymentId: string): Promise<void> {
  const payment = await repo.findPaymentHead(tx, paymentId);
  if (payment) await sendPaymentJob(tx, payment);
}

/** The reaction to a buyback's completion (status-reactions.ts): its payment's job, once. */
export async function enqueuePaymentOnCompletion(
  tx: AnyTx,
  change: Pick<StatusChange, 'buybackId' | 'accountId' | 'fromBuybackStatus' | 'toBuybackStatus'>,
): Promise<void> {
  if (!completesBuyback(change)) return;
  const payment = await repo.findPaymentOfBuyback(tx, change.buybackId, change.accountId);
  if (payment?.status === 'awaiting_payment') await sendPaymentJob(tx, payment);
}

/**
 * The reaction to an item going back to its customer (status-reactions.ts; `BACK_TO_CUSTOMER_ITEM_STATUSES`):
 * the buyback ends without purchase, so its payment is cancelled in the move's transaction
 * (`awaiting_payment`, `payment_created`, `payment_failed` → `payment_cancelled`) and leaves a
 * transfer batch still open. A payment being executed or already made is left as it is, as a
 * forced cancellation leaves it (docs/payments.md).
 */
export async function cancelPaymentOnReturn(
  tx: AnyTx,
  change: Pick<StatusChange, 'buybackId' | 'accountId' | 'fromItemStatus' | 'toItemStatus'>,
): Promise<void> {
  const goesBack =
    BACK_TO_CUSTOMER_ITEM_STATUSES.includes(change.toItemStatus) &&
    !BACK_TO_CUSTOMER_ITEM_STATUSES.includes(change.fromItemStatus);
  if (!goesBack) return;
  const payment = await repo.lockPaymentOfBuyback(tx, change.buybackId, change.accountId);
  if (!payment || !CANCELLABLE_PAYMENTS.includes(payment.status as PaymentStatus)) return;
  // the move that got here wrote the item as its owner or its assigned buyer (buyback-lifecycle/item-moves.ts): the
  // payment is written as the buyback's own account, as a buyer manager's mark-paid is
  const write: AnyTx =
    tx.scope.kind === 'all' ? tx : { ...tx, scope: { kind: 'account', accountId: payment.account_id } };
  await changePaymentStatus(
    write,
    payment,
    'payment_cancelled',
    payment.batch_status === 'open' ? { transfer_batch_id: null } : {},
  );
}

/**
 * The amount the buyback is paid: the item's validated price (the price it completed at: declared,
 * absorbed or negotiated) plus what the checkout added to the estimate (payment and shipping
 * modifiers, bonus), never below 0.
 */
export function amountToPay(row: {
  validated_price_cents: number | null;
  total_cents: number;
  estimated_price_cents: number;
}): number {
  const price = row.validated_price_cents ?? row.estimated_price_cents;
  return Math.max(0, price + (row.total_cents - row.estimated_price_cents));
}

/**
 * A payment status change: checked against the table (buyback-lifecycle/buyback-statuses.ts), written with
 * the buyback detail's history line and the audit row, in the caller's transaction.
 */
export async function changePaymentStatus(
  tx: AnyTx,
  payment: { id: string; account_id: string; buyback_id: string; status: string },
  to: PaymentStatus,
  columns: repo.PaymentColumns = {},
): Promise<void> {
  assertTransition('payment', payment.status as PaymentStatus, to);
  await repo.updatePayment(tx, payment, { ...columns, status: to });
  const actor = 'actor' in tx ? (tx.actor as { userId: string }) : null;
  await repo.insertPaymentStatusEvent(tx, {
    buybackId: payment.buyback_id,
    status: to,
    actorUserId: actor?.userId ?? null,
  });
  const { iban_encrypted: _encrypted, iban_token_hash: _token, ...shown } = columns;
  await audit(tx, {
    action: 'update',
    entityType: 'payment',
    entityId: payment.id,
    accountId: payment.account_id,
    before: { status: payment.status },
    after: { ...shown, status: to },
  });
  payment.status = to;
  // the payment notice, with the tracking link, in the transaction that records it (docs/tracking.md)
  if (to === 'payment_completed')
    await queueProgressMail(tx, { id: payment.buyback_id, account_id: payment.account_id }, 'paid');
}
