import type {
  BuybackPaymentType,
  IbanRequestResponse,
  PaymentStatus,
  SubmitIbanRequest,
  SubmitIbanResponse,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, tooManyAttempts } from '../../platform/errors';
import { type BaseContext, systemContext, transact } from '../../platform/request-context';
import { hashToken } from '../../platform/security';
import { countAttempt } from '../auth';
import { ibanAtRest } from '../buybacks';
import type { PaymentToExecute } from './payment-execution';
import * as repo from './payment-execution.repository';
import { payByTransfer } from './payment-job';

/**
 * The customer's side of the IBAN link (docs/payments.md, "Transfer without IBAN"): no sign-in, the
 * link's token is the credential (only its SHA-256 is stored). The page shows the amount, the
 * buyback and the customer's name masked; the IBAN given is validated, encrypted at rest like the
 * other IBANs (buybacks/iban-at-rest.ts), the token consumed, and the payment goes on as a bank
 * transfer (payment-job.ts `payByTransfer`: into the open batch). A token unknown or used: 404.
 */

/** Requests one address may make in the window before it waits (the token is 256 bits: this stops floods, not guesses). */
const PUBLIC_LIMIT = { windowMs: 15 * 60_000, allowed: 60, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };

async function throttle(ctx: BaseContext, ip: string): Promise<void> {
  const { refusedForMs } = await countAttempt(ctx.db, `iban-link:${ip}`, PUBLIC_LIMIT);
  if (refusedForMs > 0) throw tooManyAttempts(refusedForMs, 'Too many requests');
}

const linkInvalid = () =>
  new AppError(
    'iban_link_invalid',
    'This link is not valid (any more): the IBAN may already have been given.',
  );

/** A payment still waiting for its IBAN under this token. */
const waiting = (row: repo.PaymentForExecution | undefined, hash: string): repo.PaymentForExecution => {
  if (
    !row ||
    row.iban_token_hash !== hash ||
    row.status !== 'awaiting_payment' ||
    row.type !== 'no_iban_transfer'
  )
    throw linkInvalid();
  return row;
};

/** "Søren Łukasiewicz" → "Søren Ł.": enough for the customer to recognise, little for anyone else. */
const maskedName = (first: string, last: string) => `${first} ${last ? `${[...last][0]}.` : ''}`.trim();

async function resolve(ctx: BaseContext, token: string) {
  const hash = hashToken(token);
  const found = await repo.findPaymentByIbanToken(ctx, hash);
  if (!found) throw linkInvalid();
  return {
    hash,
    scoped: systemContext(ctx.deps, { kind: 'account', accountId: found.account_id }, ctx.locale),
    id: found.id,
  };
}

/** `GET /payments/iban-requests/{token}`. */
export async function getIbanRequest(
  ctx: BaseContext,
  token: string,
  client: { ip: string },
): Promise<IbanRequestResponse> {
  await throttle(ctx, client.ip);
  const { hash, scoped, id } = await resolve(ctx, token);
  const row = await transact(scoped, async (tx) => waiting(await repo.lockPaymentForExecution(tx, id), hash));
  return {
    amountCents: row.amount_cents,
    currency: row.currency,
    buybackCode: row.identification_number,
    customerName: maskedName(row.first_name, row.last_name),
    retailer: row.account_name,
  };
}

/** `POST /payments/iban-requests/{token}`: the IBAN, once; the payment goes into the transfer batch. */
export async function submitIban(
  ctx: BaseContext,
  token: string,
  input: SubmitIbanRequest,
  client: { ip: string },
): Promise<SubmitIbanResponse> {
  await throttle(ctx, client.ip);
  const { hash, scoped, id } = await resolve(ctx, token);
  return transact(scoped, async (tx) => {
    const row = waiting(await repo.lockPaymentForExecution(tx, id), hash);
    const stored = ibanAtRest(tx.deps.keyring, input.iban);
    await repo.updatePayment(tx, row, { ...stored, iban_holder: input.holder, iban_token_hash: null });
    await audit(tx, {
      action: 'update',
      entityType: 'payment',
      entityId: row.id,
      accountId: row.account_id,
      before: { ibanMasked: null },
      after: { ibanMasked: stored.iban_masked, ibanGivenByCustomer: true },
    });
    const payment: PaymentToExecute = {
      id: row.id,
      accountId: row.account_id,
      buybackId: row.buyback_id,
      buybackCode: row.identification_number,
      type: row.type as BuybackPaymentType,
      status: row.status as PaymentStatus,
      amountCents: row.amount_cents,
      currency: row.currency,
      storeId: row.store_id,
      customer: { firstName: row.first_name, lastName: row.last_name, email: row.email },
      attempts: row.attempts,
    };
    await payByTransfer(tx, row, payment, null);
    return { ibanMasked: stored.iban_masked };
  });
}
