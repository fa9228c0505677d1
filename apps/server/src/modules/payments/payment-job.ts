import type { BuybackPaymentType, BuybackStatus, PaymentStatus } from '@reprise/shared';
import { followUpJobId } from '../../platform/jobs';
import {
  type BaseContext,
  type BaseTxContext,
  systemContext,
  transact,
} from '../../platform/request-context';
import { COMPLETED_BUYBACK_STATUSES } from '../buyback-lifecycle';
import { IBAN_PURPOSE } from '../buybacks';
import { CONNECTOR_FQN, findActiveConfiguration, type ResolvedConfiguration } from '../connectors';
import { payByGiftCard, payByVoucher } from './gift-cards.service';
import { requestIban } from './iban-link.mail';
import {
  amountToPay,
  changePaymentStatus,
  enqueuePayment,
  PAYMENT_FAILURE_REASONS,
  type PaymentJob,
  type PaymentToExecute,
} from './payment-execution';
import * as repo from './payment-execution.repository';
import { PayoutProviderError, type PayoutRequest, requestPayout } from './payout-provider.client';
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
  const pending = await transact(scoped, async (tx): Promise<PendingPayout | undefined> => {
    const row = await repo.lockPaymentForExecution(tx, job.paymentId);
    if (!row || !executable(row)) return undefined;
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
      return undefined;
    }
    switch (payment.type) {
      case 'gift_card':
        return void (await payByGiftCard(tx, payment));
      case 'voucher':
        return void (await payByVoucher(tx, payment));
      case 'no_iban_transfer': {
        if (row.iban_encrypted) return payByTransfer(tx, row, payment, jobId);
        // no IBAN: the payer's wallet pays to the customer's e-mail; else the customer is asked
        // for an IBAN and the payment waits (iban-link.service.ts)
        const { payerId, payer } = payerContext(tx, row);
        const wallet = row.email
          ? await findActiveConfiguration(payer, payerId, CONNECTOR_FQN.walletPayout)
          : null;
        if (wallet && row.email)
          return payByProvider(
            tx,
            row,
            payment,
            { payerId, configuration: wallet, jobId },
            {
              name: `${row.first_name} ${row.last_name}`,
              email: row.email,
            },
          );
        return void (await requestIban(tx, row, payment, jobId));
      }
      case 'bank_transfer':
        return payByTransfer(tx, row, payment, jobId);
    }
  });
  // the provider is called once the payment's intent is committed, outside any transaction
  if (pending) await sendPayout(scoped, pending);
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
    attempts: number;
    iban_encrypted: string | null;
    iban_holder: string | null;
    first_name: string;
    last_name: string;
  },
  payment: PaymentToExecute,
  /** The payment job's id; null from a request (the IBAN link), where no provider is called. */
  jobId: string | null,
): Promise<PendingPayout | undefined> {
  const fail = (reason: string) =>
    changePaymentStatus(tx, row, 'payment_failed', {
      failure_reason: reason,
      transfer_batch_id: null,
      payer_account_id: null,
    });
  if (payment.currency !== 'EUR') return void (await fail(PAYMENT_FAILURE_REASONS.currencyNotSupported));
  const { payerId, payer } = payerContext(tx, row);
  // the payer's bank API pays it when configured; else the SEPA file (below)
  const bank = await findActiveConfiguration(payer, payerId, CONNECTOR_FQN.bankPayout);
  if (bank && row.iban_encrypted) {
    if (jobId === null) {
      // from a request: the provider is called by the payment job, a new attempt
      await changePaymentStatus(tx, row, 'payment_created', {
        failure_reason: null,
        attempts: row.attempts + 1,
      });
      await enqueuePayment(tx, row.id);
      return undefined;
    }
    return payByProvider(
      tx,
      row,
      payment,
      { payerId, configuration: bank, jobId },
      {
        name: row.iban_holder ?? `${row.first_name} ${row.last_name}`,
        iban: tx.deps.keyring.decrypt(IBAN_PURPOSE, row.iban_encrypted),
      },
    );
  }
  const configuration = await findActiveConfiguration(payer, payerId, CONNECTOR_FQN.sepaCreditTransfer);
  if (!configuration)
    return void (await fail(
      payerId === payment.accountId
        ? PAYMENT_FAILURE_REASONS.noBankTransferConnector
        : PAYMENT_FAILURE_REASONS.noBuyerBankTransferConnector,
    ));
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
  return undefined;
}

/** The payer of a transfer and the context its configuration is read in (docs/payments.md, "Buyer payment"). */
function payerContext(
  tx: AnyTx,
  row: { account_id: string; buyer_account_id: string | null; buyer_pays: boolean | null },
): { payerId: string; payer: AnyTx } {
  const payerId = payerOf(row);
  // the buyer's configuration and batch are read and written as the buyer, reached through the buyback assigned to it
  const payer: AnyTx =
    payerId === row.account_id ? tx : { ...tx, scope: { kind: 'account', accountId: payerId } };
  return { payerId, payer };
}

/** A payout to ask the provider for, once the payment's intent is committed (`sendPayout`). */
interface PendingPayout {
  paymentId: string;
  configuration: ResolvedConfiguration;
  request: PayoutRequest;
}

/**
 * A payout through the payer's provider (bank API or wallet; docs/payments.md, "Payouts through a
 * provider"), in the job's transaction: the payment becomes `payment_created` with the provider's
 * configuration and its payer, and the payout to ask for is answered, with an idempotency key
 * derived from the job's id so that a retried job does not pay twice. The call itself is made after
 * commit (`sendPayout`): no transaction waits on a provider.
 */
async function payByProvider(
  tx: AnyTx,
  row: { id: string; account_id: string; buyback_id: string; status: string },
  payment: PaymentToExecute,
  by: { payerId: string; configuration: ResolvedConfiguration; jobId: string },
  beneficiary: { name: string; iban?: string; email?: string },
): Promise<PendingPayout> {
  const columns = {
    connector_configuration_id: by.configuration.id,
    payer_account_id: by.payerId,
    provider: by.configuration.fqn,
    provider_payment_id: null,
    transfer_batch_id: null,
    failure_reason: null,
  };
  if (row.status === 'payment_created') await repo.updatePayment(tx, row, columns);
  else await changePaymentStatus(tx, row, 'payment_created', columns);
  return {
    paymentId: row.id,
    configuration: by.configuration,
    request: {
      idempotencyKey: followUpJobId(by.jobId, 'provider'),
      reference: payment.buybackCode,
      amountCents: payment.amountCents,
      currency: payment.currency,
      beneficiary,
    },
  };
}

/**
 * Asks the provider for the payout, then records its answer in a transaction of its own, the payment
 * locked: accepted, `payment_initiated` with the provider's payout id (its signed callback ends it);
 * refused for good, `payment_failed` with the provider's code. Not answered: thrown, the queue
 * retries the job, which asks again under the same idempotency key.
 */
async function sendPayout(ctx: BaseContext, pending: PendingPayout): Promise<void> {
  const { values } = pending.configuration;
  let outcome: { payoutId: string } | { refused: string };
  try {
    const payout = await requestPayout(
      {
        uri: new URL(values.uri ?? '', ctx.deps.config.publicUrl).href,
        appId: values.app_id ?? '',
        appSecret: values.app_secret ?? '',
        privateKey: values.private_key ?? '',
      },
      pending.request,
    );
    outcome = { payoutId: payout.id };
  } catch (error) {
    if (!(error instanceof PayoutProviderError) || !error.permanent) throw error;
    outcome = { refused: error.code ?? PAYMENT_FAILURE_REASONS.providerRefused };
  }
  await transact(ctx, async (tx) => {
    const row = await repo.lockPaymentForExecution(tx, pending.paymentId);
    // meanwhile marked paid, cancelled, or paid by another run: nothing to record
    if (row?.status !== 'payment_created') return;
    if ('payoutId' in outcome)
      await changePaymentStatus(tx, row, 'payment_initiated', { provider_payment_id: outcome.payoutId });
    else await changePaymentStatus(tx, row, 'payment_failed', { failure_reason: outcome.refused });
  });
}

/** Who pays a transfer: the buyback's buyer when it has buyer payment enabled, else the retailer. */
function payerOf(row: { account_id: string; buyer_account_id: string | null; buyer_pays: boolean | null }) {
  return row.buyer_account_id && row.buyer_pays ? row.buyer_account_id : row.account_id;
}

/** Registers the handler (workers.ts). */
export const paymentJobHandler = (deps: BaseContext['deps']) => (job: PaymentJob, jobId: string) =>
  executePayment(systemContext(deps, { kind: 'all' }), job, jobId);
