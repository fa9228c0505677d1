import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * The queries of the payment job (payment-execution.ts) and of the IBAN link (iban-link.service.ts):
 * a payment with what its execution reads (buyback, item, customer, account), and its writes.
 */

/** The payment of a buyback (the completion effect reads it to enqueue its job). */
export async function findPaymentOfBuyback(ctx: BaseContext, buybackId: string, accountId: string) {
  return readerOf(ctx)
    .selectFrom('payments')
    .select(['id', 'status', 'attempts', 'account_id'])
    .where('buyback_id', '=', buybackId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The payment of a buyback, its row locked, with whether it waits in a transfer batch still open
 * (an effect of a status change cancels it: payment-execution.ts `cancelPaymentOnReturn`).
 */
export async function lockPaymentOfBuyback(tx: BaseTxContext, buybackId: string, accountId: string) {
  return tx.trx
    .selectFrom('payments as p')
    .leftJoin('transfer_batches as tb', 'tb.id', 'p.transfer_batch_id')
    .select(['p.id', 'p.status', 'p.account_id', 'p.buyback_id', 'tb.status as batch_status'])
    .where('p.buyback_id', '=', buybackId)
    .where('p.account_id', '=', accountId)
    .forUpdate('p')
    .executeTakeFirst();
}

/** A payment by id in the context's scope (its account and attempts: the job id of its next run). */
export async function findPaymentHead(ctx: BaseContext, paymentId: string) {
  const query = readerOf(ctx)
    .selectFrom('payments')
    .select(['id', 'status', 'attempts', 'account_id'])
    .where('id', '=', paymentId);
  return (
    ctx.scope.kind === 'all' ? query : query.where('account_id', '=', ctx.scope.accountId)
  ).executeTakeFirst();
}

/** The payment with everything its execution reads, its row locked (one job at a time per payment). */
export async function lockPaymentForExecution(tx: BaseTxContext, paymentId: string) {
  const query = tx.trx
    .selectFrom('payments as p')
    .innerJoin('buybacks as b', 'b.id', 'p.buyback_id')
    .innerJoin('buyback_items as i', 'i.buyback_id', 'b.id')
    .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('transfer_batches as tb', 'tb.id', 'p.transfer_batch_id')
    // the buyback's buyer and whether it pays the customers of the buybacks it receives (buyer payment)
    .leftJoin('organization_root_details as brd', 'brd.account_id', 'b.buyer_account_id')
    .select([
      'p.id',
      'p.account_id',
      'p.buyback_id',
      'p.type',
      'p.status',
      'p.currency',
      'p.iban_encrypted',
      'p.iban_requested_at',
      'p.iban_token_hash',
      'p.amount_cents',
      'p.transfer_batch_id',
      'tb.status as batch_status',
      'p.gift_card_id',
      'p.iban_holder',
      'p.attempts',
      'b.identification_number',
      'b.status as buyback_status',
      'b.buyer_account_id',
      'brd.buyer_payment_enabled as buyer_pays',
      'b.store_id',
      'b.total_cents',
      'b.estimated_price_cents',
      'i.validated_price_cents',
      'cu.first_name',
      'cu.last_name',
      'cu.email',
      'a.name as account_name',
      'a.language',
      'a.site_slug',
      'a.site_domain',
      'a.site_active',
    ])
    .where('p.id', '=', paymentId)
    .forUpdate('p');
  return (
    tx.scope.kind === 'all' ? query : query.where('p.account_id', '=', tx.scope.accountId)
  ).executeTakeFirst();
}
export type PaymentForExecution = NonNullable<Awaited<ReturnType<typeof lockPaymentForExecution>>>;

export interface PaymentColumns {
  status?: string;
  amount_cents?: number;
  reference?: string;
  failure_reason?: string | null;
  attempts?: number;
  transfer_batch_id?: string | null;
  connector_configuration_id?: string | null;
  payer_account_id?: string | null;
  provider?: string | null;
  provider_payment_id?: string | null;
  iban_encrypted?: string;
  iban_masked?: string;
  iban_holder?: string;
  iban_token_hash?: string | null;
  iban_requested_at?: Date;
  paid_at?: Date | null;
}

/** Writes a payment of the context's scope (its account named: a job's context is narrowed to it). */
export async function updatePayment(
  tx: BaseTxContext,
  payment: { id: string; account_id: string },
  columns: PaymentColumns,
) {
  await updateOwned(tx, 'payments', { kind: 'account', accountId: payment.account_id })
    .set({ ...columns, updated_at: sql<Date>`now()` })
    .where('id', '=', payment.id)
    .execute();
}

/** The buyback detail's history line of a payment status change (no user: a job or the customer). */
export async function insertPaymentStatusEvent(
  tx: BaseTxContext,
  event: { buybackId: string; status: string; actorUserId: string | null },
) {
  await tx.trx
    .insertInto('buyback_status_events')
    .values({
      buyback_id: event.buybackId,
      status: null,
      item_status: null,
      payment_status: event.status,
      actor_user_id: event.actorUserId,
    })
    .execute();
}

/** The payment an IBAN link's token names (its SHA-256), in any account: the token is the credential. */
export async function findPaymentByIbanToken(ctx: BaseContext, tokenHash: string) {
  return readerOf(ctx)
    .selectFrom('payments')
    .select(['id', 'account_id'])
    .where('iban_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The payment a payout connector's payout pays, its row locked (the provider's callback settles it). */
export async function lockPaymentByPayout(
  tx: BaseTxContext,
  configurationId: string,
  payerAccountId: string,
  payoutId: string,
) {
  return tx.trx
    .selectFrom('payments')
    .select(['id', 'account_id', 'buyback_id', 'status'])
    .where('connector_configuration_id', '=', configurationId)
    .where('provider_payment_id', '=', payoutId)
    .where(sql<boolean>`coalesce(payer_account_id, account_id) = ${payerAccountId}`)
    .forUpdate()
    .executeTakeFirst();
}
