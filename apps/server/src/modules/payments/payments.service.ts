import {
  type BuybackPaymentType,
  type ListPaymentsQuery,
  MARKABLE_PAID_STATUSES,
  type MarkPaymentPaidRequest,
  PAYMENT_SORT_FIELDS,
  type PaymentResponse,
  type PaymentStatus,
} from '@reprise/shared';
import { can } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { orderFrom, type Page } from '../../platform/pagination';
import { type RequestContext, type TxContext, transact } from '../../platform/request-context';
import { maskCode } from './gift-card-codes';
import { changePaymentStatus, enqueuePayment } from './payment-execution';
import * as repo from './payments.repository';

/**
 * What the back office does with payments (docs/payments.md): the
 * search (`/searchPayment`), the buyback detail's payment panel, relaunching a failed payment and
 * marking a payment as paid by hand. A payment is seen where its buyback is seen.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const isMarkablePaid = (status: PaymentStatus) =>
  (MARKABLE_PAID_STATUSES as readonly string[]).includes(status);

function toPaymentResponse(ctx: RequestContext, row: repo.PaymentRow): PaymentResponse {
  const status = row.status as PaymentStatus;
  const cancelled = row.buyback_status === 'bb_cancelled';
  return {
    id: row.id,
    buyback: { id: row.buyback_id, identificationNumber: row.buyback_code },
    account: { id: row.account_id, name: row.account_name },
    customerName: row.customer_name,
    store: row.store_name,
    type: row.type as BuybackPaymentType,
    status,
    amountCents: row.amount_cents,
    currency: row.currency,
    reference: row.reference,
    failureReason: row.failure_reason,
    attempts: row.attempts,
    paidAt: iso(row.paid_at),
    manualInformation: row.manual_information,
    markedPaidBy: row.marked_paid_by_name,
    ibanMasked: row.iban_masked,
    giftCardNumberMasked: row.gift_card_number ? maskCode(row.gift_card_number) : null,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    allowedActions: {
      relaunch: can(ctx.actor, 'payment.search') && status === 'payment_failed' && !cancelled,
      markPaid: can(ctx.actor, 'payment.mark_paid') && isMarkablePaid(status),
      downloadGiftCard: row.type === 'gift_card' && row.gift_card_number !== null,
    },
  };
}

/** The payments of the buybacks the user sees, filtered and sorted, one page. */
export async function listPayments(
  ctx: RequestContext,
  query: ListPaymentsQuery,
): Promise<Page<PaymentResponse>> {
  const order = orderFrom(query, PAYMENT_SORT_FIELDS, { field: 'createdAt', direction: 'desc' });
  const { rows, total } = await repo.listPayments(ctx, query, order, {
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  return { member: rows.map((row) => toPaymentResponse(ctx, row)), totalItems: total };
}

/** The payment of a buyback the user sees (the detail's payment panel). */
export async function getBuybackPayment(ctx: RequestContext, buybackId: string): Promise<PaymentResponse> {
  const row = await repo.findVisiblePayment(ctx, { buybackId });
  if (!row) throw notFound('buyback');
  return toPaymentResponse(ctx, row);
}

async function lockedPayment(tx: TxContext, id: string): Promise<repo.PaymentRow> {
  const row = await repo.findVisiblePayment(tx, { id }, { forUpdate: true });
  if (!row) throw notFound('payment');
  return row;
}

/**
 * The transaction writing as the payment's own account: a buyer's manager reaches a retailer's
 * payment only through the buyback assigned to its account (`buybackScope`, checked when the
 * payment was found), and the write names that one account (platform/scoped-writes.ts).
 */
const asPaymentAccount = (tx: TxContext, row: repo.PaymentRow): TxContext =>
  tx.scope.kind === 'all' ? tx : { ...tx, scope: { kind: 'account', accountId: row.account_id } };

/**
 * Relaunches a failed payment: `payment_failed` → `payment_created`, and the payment job runs it
 * again (payment-execution.ts `enqueuePayment`, enqueued in this transaction). Any other status,
 * or a cancelled buyback's payment, answers 409 `payment_not_relaunchable`.
 */
export async function relaunchPayment(ctx: RequestContext, id: string): Promise<PaymentResponse> {
  return transact(ctx, async (tx) => {
    const row = await lockedPayment(tx, id);
    if (row.status !== 'payment_failed' || row.buyback_status === 'bb_cancelled')
      throw new AppError(
        'payment_not_relaunchable',
        'Only a failed payment of a live buyback can be relaunched.',
      );
    const write = asPaymentAccount(tx, row);
    await changePaymentStatus(write, row, 'payment_created', { failure_reason: null });
    await enqueuePayment(write, row.id);
    return toPaymentResponse(tx, await lockedPayment(tx, id));
  });
}

/**
 * Marks a payment as paid by hand (the retailer paid the customer another way): from
 * awaiting_payment, payment_created, payment_initiated or payment_failed to payment_completed,
 * with the information typed (255 at most), who did it and when. A payment waiting in a transfer
 * batch not yet sent leaves it, so the bank is not asked to pay it again; any other status
 * answers 409 `payment_not_markable_paid`.
 */
export async function markPaymentPaid(
  ctx: RequestContext,
  id: string,
  input: MarkPaymentPaidRequest,
): Promise<PaymentResponse> {
  return transact(ctx, async (tx) => {
    const row = await lockedPayment(tx, id);
    const status = row.status as PaymentStatus;
    if (!isMarkablePaid(status))
      throw new AppError(
        'payment_not_markable_paid',
        'This payment is already settled: it cannot be marked as paid.',
      );
    const leavesBatch =
      row.transfer_batch_id !== null && (await repo.isInOpenBatch(tx, row.transfer_batch_id));
    const write = asPaymentAccount(tx, row);
    await repo.recordPaymentDetails(write, row, {
      manual_information: input.information,
      marked_paid_by: tx.actor.userId,
    });
    await changePaymentStatus(write, row, 'payment_completed', {
      paid_at: new Date(),
      failure_reason: null,
      ...(leavesBatch ? { transfer_batch_id: null } : {}),
    });
    return toPaymentResponse(tx, await lockedPayment(tx, id));
  });
}
