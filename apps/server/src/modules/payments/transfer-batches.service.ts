import { randomUUID } from 'node:crypto';
import type {
  BankStatementResponse,
  ListTransferBatchesQuery,
  PaymentStatus,
  TransferBatchDetailResponse,
  TransferBatchPayment,
  TransferBatchResponse,
  TransferBatchStatus,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import {
  type BaseContext,
  type BaseTxContext,
  type InTransaction,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { IBAN_PURPOSE } from '../buybacks';
import { resolveConfiguration } from '../connectors';
import { parseStatement } from './bank-statements';
import { changePaymentStatus } from './payment-execution';
import { buildPain001 } from './sepa-pain001';
import * as repo from './transfer-batches.repository';

/**
 * SEPA credit-transfer batches (docs/payments.md, "Bank transfer batches"): the payment job adds
 * each transfer to its account's open batch; the retailer downloads the batch's pain.001 file, sends
 * it to its bank and marks the batch sent (its payments are then initiated); the bank statement it
 * uploads back completes or fails each payment, and reconciles the batches it settled whole.
 */

type AnyTx = BaseTxContext;

/** The business date of a batch: today in Paris (the retailers' banks' day), YYYY-MM-DD. */
export const businessDate = (at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);

/** MsgId: `RP` + the date + the day's sequence + the batch id's first characters: unique, 35 at most. */
const messageIdOf = (date: string, sequence: number, id: string) =>
  `RP${date.replaceAll('-', '')}-${sequence}-${id.replaceAll('-', '')}`.slice(0, 35);

/**
 * The account's open batch in the currency, created (today's, next sequence) when there is none;
 * answers its id. The batch stays open, taking the day's and later transfers, until it is sent.
 */
export async function addToOpenBatch(
  tx: AnyTx,
  at: { accountId: string; currency: string },
  configurationId: string,
): Promise<string> {
  const open = await repo.lockOpenBatch(tx, at.accountId, at.currency);
  if (open) return open.id;
  const date = businessDate();
  const sequence = await repo.nextSequence(tx, at.accountId, date);
  const id = randomUUID();
  const batch = await repo.insertBatch(tx, {
    id,
    accountId: at.accountId,
    connectorConfigurationId: configurationId,
    businessDate: date,
    sequence,
    messageId: messageIdOf(date, sequence, id),
    currency: at.currency,
  });
  await audit(tx, {
    action: 'create',
    entityType: 'transfer_batch',
    entityId: id,
    accountId: at.accountId,
    after: { businessDate: date, sequence, messageId: batch.message_id, currency: at.currency },
  });
  return id;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A `date` column as YYYY-MM-DD: node-postgres reads it as the local midnight of that day. */
const dateOnly = (value: unknown): string => {
  if (!(value instanceof Date)) return String(value).slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

function toBatchResponse(row: repo.BatchListRow): TransferBatchResponse {
  return {
    id: row.id,
    businessDate: dateOnly(row.business_date),
    sequence: row.sequence,
    messageId: row.message_id,
    currency: row.currency,
    status: row.status as TransferBatchStatus,
    paymentsCount: Number(row.payments_count ?? 0),
    totalCents: Number(row.total_cents ?? 0),
    createdAt: iso(row.created_at) as string,
    sentAt: iso(row.sent_at),
    sentBy: row.sent_by_name ?? null,
  };
}

function toBatchPayment(row: repo.BatchPaymentRow): TransferBatchPayment {
  return {
    id: row.id,
    buybackId: row.buyback_id,
    buybackCode: row.identification_number,
    customerName: `${row.first_name} ${row.last_name}`,
    ibanMasked: row.iban_masked,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status as PaymentStatus,
    reference: row.reference,
    failureReason: row.failure_reason,
    paidAt: iso(row.paid_at),
  };
}

export async function listBatches(
  ctx: RequestContext,
  query: ListTransferBatchesQuery,
): Promise<Page<TransferBatchResponse>> {
  const { rows, total } = await repo.listBatches(
    ctx,
    { status: query.status },
    query['order[businessDate]'] ?? 'desc',
    { offset: (query.page - 1) * query.itemsPerPage, limit: query.itemsPerPage },
  );
  return { member: rows.map(toBatchResponse), totalItems: total };
}

async function visibleBatch(ctx: BaseContext, id: string, options: { forUpdate?: boolean } = {}) {
  const batch = await repo.findBatch(ctx, id, options);
  if (!batch) throw notFound('transfer batch');
  return batch;
}

export async function getBatch(ctx: RequestContext, id: string): Promise<TransferBatchDetailResponse> {
  const batch = await visibleBatch(ctx, id);
  const payments = await repo.listBatchPayments(ctx, batch);
  return { ...toBatchResponse(batch), payments: payments.map(toBatchPayment) };
}

/**
 * `GET /transfer-batches/{id}/file`: the batch's pain.001.001.09, its IBANs decrypted. EUR only
 * (SEPA), and the debtor from the SEPA configuration the batch was opened with.
 */
export async function batchFile(ctx: RequestContext, id: string): Promise<{ fileName: string; xml: string }> {
  const batch = await visibleBatch(ctx, id);
  if (batch.currency !== 'EUR')
    throw new AppError(
      'transfer_batch_currency_unsupported',
      `SEPA credit transfers are in euros only; this batch is in ${batch.currency}.`,
    );
  const payments = (await repo.listBatchPayments(ctx, batch)).filter(
    (p) => p.status !== 'payment_cancelled' && p.iban_encrypted,
  );
  if (payments.length === 0) throw new AppError('conflict', 'This batch has no transfer to send.');
  const configuration = batch.connector_configuration_id
    ? await resolveConfiguration(ctx, batch.connector_configuration_id)
    : null;
  if (!configuration)
    throw new AppError('conflict', 'The SEPA configuration of this batch no longer exists.');
  const today = businessDate();
  const date = dateOnly(batch.business_date);
  const xml = buildPain001({
    messageId: batch.message_id,
    createdAt: new Date(),
    executionDate: [date, today].sort().at(-1) as string,
    currency: 'EUR',
    debtor: {
      name: configuration.values.debtor_name ?? '',
      iban: (configuration.values.debtor_iban ?? '').replace(/\s/g, '').toUpperCase(),
      bic: (configuration.values.debtor_bic ?? '').replace(/\s/g, '').toUpperCase(),
    },
    transfers: payments.map((p) => ({
      endToEndId: p.reference ?? p.identification_number,
      amountCents: p.amount_cents,
      creditorName: p.iban_holder ?? `${p.first_name} ${p.last_name}`,
      creditorIban: ctx.deps.keyring.decrypt(IBAN_PURPOSE, p.iban_encrypted as string),
      remittance: `Reprise ${p.identification_number}`,
    })),
  });
  return { fileName: `${batch.message_id}.xml`, xml };
}

/**
 * A payment of the batch's account written as its own account: under buyer payment the buyer's batch
 * holds the retailer's payments (payer_account_id), reached through the batch, never further.
 */
function asPaymentAccount(tx: AnyTx, payment: { account_id: string }): AnyTx {
  if (tx.scope.kind === 'all' || tx.scope.accountId === payment.account_id) return tx;
  return { ...tx, scope: { kind: 'account', accountId: payment.account_id } };
}

/** `POST /transfer-batches/{id}/sent`: the file went to the bank; its payments are initiated. */
export async function markSent(ctx: RequestContext, id: string): Promise<TransferBatchDetailResponse> {
  await transact(ctx, async (tx) => {
    const batch = await visibleBatch(tx, id, { forUpdate: true });
    if (batch.status !== 'open')
      throw new AppError('transfer_batch_not_open', 'This batch has already been sent.');
    const payments = await repo.listBatchPayments(tx, batch);
    if (!payments.some((p) => p.status === 'payment_created'))
      throw new AppError('conflict', 'This batch has no transfer to send.');
    await repo.updateBatch(tx, batch, { status: 'sent', sent_at: new Date(), sent_by: tx.actor.userId });
    for (const payment of payments)
      if (payment.status === 'payment_created')
        await changePaymentStatus(asPaymentAccount(tx, payment), payment, 'payment_initiated');
    await audit(tx, {
      action: 'update',
      entityType: 'transfer_batch',
      entityId: batch.id,
      accountId: batch.account_id,
      before: { status: 'open' },
      after: { status: 'sent' },
    });
  });
  return getBatch(ctx, id);
}

/**
 * `POST /bank-statements`: each entry settles the initiated payment of its reference when the
 * amount is the payment's (paid → payment_completed, rejected → payment_failed with the bank's
 * reason); the others are reported with their line. A sent batch whose payments are all settled is
 * reconciled. The statement and its summary are kept.
 */
export async function uploadStatement(
  ctx: RequestContext,
  file: { data: Buffer; fileName: string },
): Promise<BankStatementResponse> {
  const parsed = parseStatement(file.data);
  const accountId = ctx.actor.accountId;
  return transact(ctx, async (tx) => {
    const references = [...new Set(parsed.entries.flatMap((e) => (e.reference ? [e.reference] : [])))];
    const payments = await repo.lockPaymentsByReference(tx, accountId, references);
    const { unmatched, touchedBatchIds, paidCount, failedCount } = await settleEntries(
      tx,
      parsed.entries,
      payments,
    );
    const reconciled = await reconcileBatches(tx, accountId, touchedBatchIds);
    const summary = {
      fileName: file.fileName,
      format: parsed.format,
      entriesCount: parsed.entries.length,
      paidCount,
      failedCount,
      unmatched,
    };
    const stored = await recordStatement(tx, accountId, summary);
    return {
      id: stored.id,
      ...summary,
      reconciledBatchIds: reconciled,
      uploadedAt: stored.uploaded_at.toISOString(),
    };
  });
}

type StatementEntry = ReturnType<typeof parseStatement>['entries'][number];
type StatementFormat = ReturnType<typeof parseStatement>['format'];
type LockedPayment = Awaited<ReturnType<typeof repo.lockPaymentsByReference>>[number];
type UnmatchedEntry = BankStatementResponse['unmatched'][number];

/**
 * The statement's entries applied, in order, to the payments of their references: the counts of
 * payments completed and failed, the entries left unmatched with their reason, and the batches of
 * the payments settled.
 */
async function settleEntries(tx: AnyTx, entries: StatementEntry[], payments: LockedPayment[]) {
  const unmatched: UnmatchedEntry[] = [];
  const touchedBatches = new Set<string>();
  let paidCount = 0;
  let failedCount = 0;
  for (const entry of entries) {
    const settled = await settleEntry(tx, entry, payments);
    if (settled === null) continue;
    if (typeof settled === 'string') {
      unmatched.push({
        line: entry.line,
        reference: entry.reference,
        amountCents: entry.amountCents,
        reason: settled,
      });
      continue;
    }
    if (settled.outcome === 'paid') paidCount += 1;
    else failedCount += 1;
    if (settled.batchId) touchedBatches.add(settled.batchId);
  }
  return { unmatched, touchedBatchIds: [...touchedBatches], paidCount, failedCount };
}

/**
 * One entry: the initiated payment of its reference completed (paid) or failed (rejected, with the
 * bank's reason) when the amounts agree; else why the entry matches no payment.
 */
async function settleEntry(
  tx: AnyTx,
  entry: StatementEntry,
  payments: LockedPayment[],
): Promise<UnmatchedEntry['reason'] | { outcome: 'paid' | 'failed'; batchId: string | null } | null> {
  if (entry.outcome === 'invalid' || !entry.reference || entry.amountCents === null) return 'invalid_entry';
  const candidates = payments.filter((p) => p.reference === entry.reference);
  if (candidates.length === 0) return 'unknown_reference';
  const payment = candidates.find((p) => p.status === 'payment_initiated') ?? candidates[0];
  if (!payment) return null;
  if (payment.status !== 'payment_initiated')
    return ['payment_completed', 'payment_failed', 'payment_cancelled'].includes(payment.status)
      ? 'already_settled'
      : 'not_initiated';
  if (payment.amount_cents !== entry.amountCents) return 'amount_mismatch';
  if (entry.outcome === 'paid') {
    await changePaymentStatus(asPaymentAccount(tx, payment), payment, 'payment_completed', {
      paid_at: entry.date ? new Date(`${entry.date}T12:00:00Z`) : new Date(),
    });
  } else {
    await changePaymentStatus(asPaymentAccount(tx, payment), payment, 'payment_failed', {
      failure_reason: (entry.reason ?? 'rejected by the bank').slice(0, 255),
    });
  }
  return { outcome: entry.outcome === 'paid' ? 'paid' : 'failed', batchId: payment.transfer_batch_id };
}

/** The sent batches among `batchIds` whose payments are all settled, marked reconciled. */
async function reconcileBatches(tx: AnyTx, accountId: string, batchIds: string[]): Promise<string[]> {
  const reconciled = await repo.settledBatchIds(tx, accountId, batchIds);
  for (const batchId of reconciled) {
    await repo.updateBatch(tx, { id: batchId, account_id: accountId }, { status: 'reconciled' });
    await audit(tx, {
      action: 'update',
      entityType: 'transfer_batch',
      entityId: batchId,
      accountId,
      before: { status: 'sent' },
      after: { status: 'reconciled' },
    });
  }
  return reconciled;
}

/** The statement and its summary kept, with its audit entry. */
async function recordStatement(
  tx: InTransaction<RequestContext>,
  accountId: string,
  summary: {
    fileName: string;
    format: StatementFormat;
    entriesCount: number;
    paidCount: number;
    failedCount: number;
    unmatched: UnmatchedEntry[];
  },
) {
  const stored = await repo.insertStatement(tx, { accountId, ...summary, uploadedBy: tx.actor.userId });
  await audit(tx, {
    action: 'create',
    entityType: 'bank_statement',
    entityId: stored.id,
    accountId,
    after: {
      fileName: summary.fileName,
      format: summary.format,
      paidCount: summary.paidCount,
      failedCount: summary.failedCount,
      unmatched: summary.unmatched.length,
    },
  });
  return stored;
}
