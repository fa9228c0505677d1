import type { ListPaymentsQuery } from '@reprise/shared';
import { sql } from 'kysely';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';
import { buybackScope } from '../buyback-lifecycle';

/**
 * The payments as the back office reads and changes them: always through the buyback they pay,
 * seen by the buyback rules (modules/buyback-lifecycle/visibility.repository.ts `buybackScope`), so a payment
 * is visible exactly where its buyback is.
 */

const paymentQuery = (db: Reader) =>
  db
    .selectFrom('payments as p')
    .innerJoin('buybacks as b', 'b.id', 'p.buyback_id')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .leftJoin('organizations as s', 's.id', 'b.store_id')
    .leftJoin('users as mp', 'mp.id', 'p.marked_paid_by')
    .select([
      'p.id',
      'p.account_id',
      'p.buyback_id',
      'p.type',
      'p.status',
      'p.amount_cents',
      'p.currency',
      'p.reference',
      'p.failure_reason',
      'p.attempts',
      'p.paid_at',
      'p.manual_information',
      'p.iban_masked',
      'p.gift_card_id',
      'p.gift_card_number',
      'p.transfer_batch_id',
      'p.connector_configuration_id',
      'p.voucher_code',
      'p.created_at',
      'p.updated_at',
      'b.identification_number as buyback_code',
      'b.status as buyback_status',
      'a.name as account_name',
      's.common_name as store_name',
      sql<string>`concat_ws(' ', cu.first_name, cu.last_name)`.as('customer_name'),
      sql<string | null>`nullif(trim(concat_ws(' ', mp.firstname, mp.lastname)), '')`.as(
        'marked_paid_by_name',
      ),
    ]);

export type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentQuery>['executeTakeFirstOrThrow']>>;

const ORDER_COLUMNS = {
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  amount: 'p.amount_cents',
  status: 'p.status',
  buybackCode: 'b.identification_number',
} as const;

export type PaymentFilters = Omit<ListPaymentsQuery, 'page' | 'itemsPerPage' | `order[${string}]`>;

/** The payments of the buybacks the actor sees, filtered, one page, and how many there are. */
export async function listPayments(
  ctx: RequestContext,
  filters: PaymentFilters,
  order: { field: keyof typeof ORDER_COLUMNS; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const scope = await buybackScope(ctx);
  let query = paymentQuery(readerOf(ctx)).where(scope);
  if (filters.buybackCode) query = query.where('b.identification_number', 'like', `${filters.buybackCode}%`);
  if (filters.status?.length) query = query.where('p.status', 'in', filters.status);
  if (filters.type?.length) query = query.where('p.type', 'in', filters.type);
  if (filters.account) query = query.where('p.account_id', '=', filters.account);
  if (filters['createdAt[after]'])
    query = query.where('p.created_at', '>=', sql<Date>`${filters['createdAt[after]']}::date`);
  if (filters['createdAt[before]'])
    query = query.where('p.created_at', '<', sql<Date>`${filters['createdAt[before]']}::date + 1`);
  const [rows, count] = await Promise.all([
    query
      .orderBy(ORDER_COLUMNS[order.field], order.direction)
      .orderBy('p.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A payment the actor sees (through its buyback), by its id or its buyback's; locked with `forUpdate`. */
export async function findVisiblePayment(
  ctx: RequestContext,
  where: { id: string } | { buybackId: string },
  options: { forUpdate?: boolean } = {},
): Promise<PaymentRow | undefined> {
  let query = paymentQuery(readerOf(ctx)).where(await buybackScope(ctx));
  query =
    'id' in where ? query.where('p.id', '=', where.id) : query.where('p.buyback_id', '=', where.buybackId);
  if (options.forUpdate) query = query.forUpdate('p');
  return query.executeTakeFirst();
}

/** Whether the payment sits in a transfer batch still open (not yet sent to the bank). */
export async function isInOpenBatch(ctx: BaseContext, batchId: string): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('transfer_batches')
    .select('id')
    .where('id', '=', batchId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes what a payment records besides its status (its card, who marked it paid and why); the
 * status itself changes through payment-execution.ts `changePaymentStatus`.
 */
export async function recordPaymentDetails(
  tx: BaseTxContext,
  payment: { id: string; account_id: string },
  details: {
    gift_card_id?: string;
    gift_card_number?: string;
    manual_information?: string | null;
    marked_paid_by?: string;
  },
): Promise<void> {
  await updateOwned(tx, 'payments', { kind: 'account', accountId: payment.account_id })
    .set(details)
    .where('id', '=', payment.id)
    .execute();
}

/** The voucher code a payment was issued with (payments.voucher_code), by the payment's own account. */
export async function findVoucherCode(ctx: BaseContext, payment: { id: string; accountId: string }) {
  const row = await readerOf(ctx)
    .selectFrom('payments')
    .select('voucher_code')
    .where('id', '=', payment.id)
    .where('account_id', '=', payment.accountId)
    .executeTakeFirst();
  return row?.voucher_code ?? null;
}

/** Records the voucher code issued at a web buyback's completion (the job holds the payment locked). */
export async function recordVoucherCode(
  tx: BaseTxContext,
  payment: { id: string; accountId: string },
  code: string,
): Promise<void> {
  await updateOwned(tx, 'payments', { kind: 'account', accountId: payment.accountId })
    .set({ voucher_code: code, updated_at: sql<Date>`now()` })
    .where('id', '=', payment.id)
    .where('voucher_code', 'is', null)
    .execute();
}

/**
 * Takes a buyback's payment out of its transfer batch while that batch is still open (a cancelled
 * buyback's payment is not sent to the bank; a sent batch is the bank's already).
 */
export async function leaveOpenBatch(
  tx: BaseTxContext,
  buyback: { id: string; account_id: string },
): Promise<void> {
  await updateOwned(tx, 'payments', { kind: 'account', accountId: buyback.account_id })
    .set({ transfer_batch_id: null })
    .where('buyback_id', '=', buyback.id)
    .where(
      'transfer_batch_id',
      'in',
      tx.trx.selectFrom('transfer_batches').select('id').where('status', '=', 'open'),
    )
    .execute();
}

/** Whether an account of the context's scope has buyer payment enabled (its root details), if it exists. */
export async function findBuyerPaymentSetting(ctx: BaseContext, accountId: string) {
  const query = readerOf(ctx)
    .selectFrom('organization_root_details')
    .select('buyer_payment_enabled')
    .where('account_id', '=', accountId);
  return (
    ctx.scope.kind === 'all' ? query : query.where('account_id', '=', ctx.scope.accountId)
  ).executeTakeFirst();
}
