import type { BankStatementFormat, TransferBatchStatus } from '@reprise/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db.types';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * SEPA credit-transfer batches and the bank statements that settle their payments
 * (transfer-batches.service.ts, docs/payments.md). Every read is narrowed to the context's scope.
 */

/** The context's accounts only (every account's for platform operators). */
const inScope = (ctx: BaseContext, column: string) =>
  ctx.scope.kind === 'all' ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} = ${ctx.scope.accountId}`;

// ---------- batches ----------

/** The open batch of an account in a currency (one at most: transfer_batches_open_key), locked. */
export async function lockOpenBatch(tx: BaseTxContext, accountId: string, currency: string) {
  return tx.trx
    .selectFrom('transfer_batches')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('currency', '=', currency)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

/** The next sequence of an account's batches of a day. */
export async function nextSequence(
  tx: BaseTxContext,
  accountId: string,
  businessDate: string,
): Promise<number> {
  const row = await tx.trx
    .selectFrom('transfer_batches')
    .select((eb) => eb.fn.max('sequence').as('max'))
    .where('account_id', '=', accountId)
    .where('business_date', '=', businessDate)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insertBatch(
  tx: BaseTxContext,
  batch: {
    id: string;
    accountId: string;
    connectorConfigurationId: string;
    businessDate: string;
    sequence: number;
    messageId: string;
    currency: string;
  },
) {
  return tx.trx
    .insertInto('transfer_batches')
    .values({
      id: batch.id,
      account_id: batch.accountId,
      connector_configuration_id: batch.connectorConfigurationId,
      business_date: batch.businessDate,
      sequence: batch.sequence,
      message_id: batch.messageId,
      currency: batch.currency,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const withTotals = (eb: ExpressionBuilder<Database & { tb: Database['transfer_batches'] }, 'tb'>) => [
  eb
    .selectFrom('payments as p')
    .select((e) => e.fn.countAll<string>().as('n'))
    .whereRef('p.transfer_batch_id', '=', 'tb.id')
    .as('payments_count'),
  eb
    .selectFrom('payments as p')
    .select((e) => e.fn.coalesce(e.fn.sum<string>('p.amount_cents'), sql<string>`0`).as('s'))
    .whereRef('p.transfer_batch_id', '=', 'tb.id')
    .as('total_cents'),
  eb
    .selectFrom('users as u')
    .select(sql<string>`u.firstname || ' ' || u.lastname`.as('name'))
    .whereRef('u.id', '=', 'tb.sent_by')
    .as('sent_by_name'),
];

function batchesQuery(ctx: BaseContext) {
  return readerOf(ctx)
    .selectFrom('transfer_batches as tb')
    .selectAll('tb')
    .select((eb) => withTotals(eb))
    .where(inScope(ctx, 'tb.account_id'));
}
export type BatchListRow = Awaited<ReturnType<ReturnType<typeof batchesQuery>['executeTakeFirstOrThrow']>>;

export async function listBatches(
  ctx: BaseContext,
  filters: { status?: TransferBatchStatus[] },
  direction: 'asc' | 'desc',
  page: { offset: number; limit: number },
): Promise<{ rows: BatchListRow[]; total: number }> {
  let list = batchesQuery(ctx);
  let count = readerOf(ctx)
    .selectFrom('transfer_batches as tb')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(inScope(ctx, 'tb.account_id'));
  if (filters.status?.length) {
    list = list.where('tb.status', 'in', filters.status);
    count = count.where('tb.status', 'in', filters.status);
  }
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const [rows, total] = await Promise.all([
    list
      .orderBy(sql`tb.business_date ${dir}`)
      .orderBy(sql`tb.sequence ${dir}`)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A batch of the context's scope with its totals; locked when asked (sent, reconciled). */
export async function findBatch(ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = batchesQuery(ctx).where('tb.id', '=', id);
  if (!options.forUpdate) return query.executeTakeFirst();
  // a row lock cannot go through the aggregates: the batch row first, then the totals
  const locked = await readerOf(ctx)
    .selectFrom('transfer_batches as tb')
    .select('tb.id')
    .where('tb.id', '=', id)
    .where(inScope(ctx, 'tb.account_id'))
    .forUpdate()
    .executeTakeFirst();
  return locked ? query.executeTakeFirst() : undefined;
}

export async function updateBatch(
  tx: BaseTxContext,
  batch: { id: string; account_id: string },
  columns: { status: TransferBatchStatus; sent_at?: Date; sent_by?: string | null },
) {
  await updateOwned(tx, 'transfer_batches', { kind: 'account', accountId: batch.account_id })
    .set(columns)
    .where('id', '=', batch.id)
    .execute();
}

/** The payments of a batch with what the screen and the file show (the IBAN encrypted: the file decrypts it). */
export async function listBatchPayments(ctx: BaseContext, batch: { id: string; account_id: string }) {
  return (
    readerOf(ctx)
      .selectFrom('payments as p')
      .innerJoin('buybacks as b', 'b.id', 'p.buyback_id')
      .innerJoin('customers as cu', 'cu.id', 'b.customer_id')
      .select([
        'p.id',
        'p.account_id',
        'p.buyback_id',
        'p.status',
        'p.amount_cents',
        'p.currency',
        'p.reference',
        'p.failure_reason',
        'p.paid_at',
        'p.iban_encrypted',
        'p.iban_masked',
        'p.iban_holder',
        'b.identification_number',
        'cu.first_name',
        'cu.last_name',
      ])
      .where('p.transfer_batch_id', '=', batch.id)
      // the batch's account pays them: their own, or the buyer's under buyer payment (payer_account_id)
      .where(sql<boolean>`coalesce(p.payer_account_id, p.account_id) = ${batch.account_id}`)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute()
  );
}
export type BatchPaymentRow = Awaited<ReturnType<typeof listBatchPayments>>[number];

/** The transfers an account pays holding these references, locked (its statement settles them). */
export async function lockPaymentsByReference(tx: BaseTxContext, accountId: string, references: string[]) {
  if (references.length === 0) return [];
  return tx.trx
    .selectFrom('payments')
    .select(['id', 'account_id', 'buyback_id', 'status', 'amount_cents', 'reference', 'transfer_batch_id'])
    .where(sql<boolean>`coalesce(payer_account_id, account_id) = ${accountId}`)
    .where('reference', 'in', references)
    .where('type', 'in', ['bank_transfer', 'no_iban_transfer'])
    .orderBy('created_at')
    .forUpdate()
    .execute();
}

/** Sent batches among these whose every payment is settled (completed, failed or cancelled). */
export async function settledBatchIds(
  tx: BaseTxContext,
  accountId: string,
  batchIds: string[],
): Promise<string[]> {
  if (batchIds.length === 0) return [];
  const rows = await tx.trx
    .selectFrom('transfer_batches as tb')
    .select('tb.id')
    .where('tb.account_id', '=', accountId)
    .where('tb.id', 'in', batchIds)
    .where('tb.status', '=', 'sent')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as p')
            .select('p.id')
            .whereRef('p.transfer_batch_id', '=', 'tb.id')
            .where('p.status', 'not in', ['payment_completed', 'payment_failed', 'payment_cancelled']),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

// ---------- statements ----------

export async function insertStatement(
  tx: BaseTxContext,
  statement: {
    accountId: string;
    fileName: string;
    format: BankStatementFormat;
    entriesCount: number;
    paidCount: number;
    failedCount: number;
    unmatched: { line: number; reference: string | null; amountCents: number | null; reason: string }[];
    uploadedBy: string | null;
  },
) {
  return tx.trx
    .insertInto('bank_statements')
    .values({
      account_id: statement.accountId,
      file_name: statement.fileName,
      format: statement.format,
      entries_count: statement.entriesCount,
      paid_count: statement.paidCount,
      failed_count: statement.failedCount,
      unmatched: JSON.stringify(statement.unmatched),
      uploaded_by: statement.uploadedBy,
    })
    .returning(['id', 'uploaded_at'])
    .executeTakeFirstOrThrow();
}
