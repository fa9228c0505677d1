import { randomBytes } from 'node:crypto';
import type {
  PayoutCallback,
  SandboxPayoutAccountPatch,
  SandboxPayoutAccountRequest,
  SandboxPayoutRequest,
  SandboxPayoutResponse,
} from '@reprise/shared';
import { ConfigError } from '../../platform/config';
import { AppError, notFound } from '../../platform/errors';
import { followUpJobId } from '../../platform/jobs';
import { type BaseContext, type BaseTxContext, transact } from '../../platform/request-context';
import { keyIdOf } from '../../platform/secrets';
import { hashToken } from '../../platform/security';
import {
  checkPayloadSignature,
  PAYOUT_SIGNATURE_HEADER,
  payoutRequestSigned,
  signPayload,
} from '../payments';
import * as repo from './sandbox-payouts.repository';

/**
 * The sandbox payment provider (docs/payments.md, "The sandbox bank and wallet"): a bank and a
 * wallet run by this server under /api/sandbox-payouts, so that the payment job pays over HTTP in
 * the demo and the tests. A client signs up (app id, app secret and private key, shown once),
 * requests payouts (its app secret as bearer, the request signed with its private key, an
 * idempotency key), which are accepted at once, then settled or failed after a delay by a job
 * (or by the console: failures on command), and each outcome is posted to the client's webhook,
 * signed with its private key.
 */

const KEY_PURPOSE = 'sandbox-payouts';
const POST_TIMEOUT_MS = 10_000;

/** The provider's jobs (queue `sandbox-payouts`). */
export type SandboxPayoutJob = { step: 'settle' | 'callback'; payoutId: string };

function toAccount(row: repo.PayoutAccountRow) {
  return {
    id: row.id,
    kind: row.kind as 'bank' | 'wallet',
    appId: row.app_id,
    webhookUrl: row.webhook_url,
    outcome: row.outcome as 'settled' | 'failed' | 'refused' | 'manual',
    settleDelaySeconds: row.settle_delay_seconds,
  };
}

function toPayout(row: repo.PayoutRow): SandboxPayoutResponse {
  return {
    id: row.id,
    reference: row.reference,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status as SandboxPayoutResponse['status'],
    failureReason: row.failure_reason,
  };
}

/** Opens a client account (a platform admin): its app secret and private key are answered this once. */
export async function signUp(ctx: BaseContext, input: SandboxPayoutAccountRequest) {
  return transact(ctx, async (tx) => {
    const appId = `sbx_${input.kind}_${randomBytes(6).toString('hex')}`;
    const appSecret = `sbx_sec_${randomBytes(24).toString('base64url')}`;
    const privateKey = `sbx_pk_${randomBytes(32).toString('hex')}`;
    const row = await repo.insertAccount(tx, {
      kind: input.kind,
      app_id: appId,
      app_secret_hash: hashToken(appSecret),
      private_key_encrypted: tx.deps.keyring.encrypt(KEY_PURPOSE, privateKey),
      webhook_url: input.webhookUrl ?? null,
      ...(input.outcome ? { outcome: input.outcome } : {}),
      ...(input.settleDelaySeconds !== undefined ? { settle_delay_seconds: input.settleDelaySeconds } : {}),
    });
    return { ...toAccount(row), appSecret, privateKey };
  });
}

/** The account of an app secret (`Authorization: Bearer <secret>`); 401 for a missing or unknown one. */
export async function authenticate(ctx: BaseContext, appSecret: string | null) {
  const account = appSecret ? await repo.findAccountBySecretHash(ctx, hashToken(appSecret)) : undefined;
  if (!account) throw new AppError('unauthenticated', 'The app secret is missing or unknown.');
  return account;
}

export const getAccount = (account: repo.PayoutAccountRow) => toAccount(account);

export async function updateAccount(
  ctx: BaseContext,
  account: repo.PayoutAccountRow,
  patch: SandboxPayoutAccountPatch,
) {
  return transact(ctx, async (tx) =>
    toAccount(
      await repo.updateAccount(tx, account.id, {
        ...(patch.webhookUrl !== undefined ? { webhook_url: patch.webhookUrl } : {}),
        ...(patch.outcome !== undefined ? { outcome: patch.outcome } : {}),
        ...(patch.settleDelaySeconds !== undefined ? { settle_delay_seconds: patch.settleDelaySeconds } : {}),
      }),
    ),
  );
}

/**
 * `POST /payouts`: the request's signature (its private key) and idempotency key checked; a bank
 * payout names an IBAN, a wallet payout an e-mail. Accepted (201), or refused (422
 * `payout_refused`) when the account's outcome is `refused`. A key used before answers its payout
 * again (200), whatever the body.
 */
export async function createPayout(
  ctx: BaseContext,
  account: repo.PayoutAccountRow,
  call: { body: SandboxPayoutRequest; idempotencyKey: string | undefined; signature: string | undefined },
): Promise<{ created: boolean; payout: SandboxPayoutResponse }> {
  const { body, idempotencyKey } = call;
  if (!idempotencyKey || idempotencyKey.length < 8 || idempotencyKey.length > 255)
    throw new AppError('validation_failed', 'An Idempotency-Key header of 8 to 255 characters is required.', [
      { propertyPath: 'Idempotency-Key', message: 'required', code: 'required' },
    ]);
  const key = ctx.deps.keyring.decrypt(KEY_PURPOSE, account.private_key_encrypted);
  const signed = payoutRequestSigned({ idempotencyKey, ...body });
  const check = checkPayloadSignature(key, call.signature, signed, Math.floor(Date.now() / 1000));
  if (check === 'invalid')
    throw new AppError(
      'webhook_signature_invalid',
      `The ${PAYOUT_SIGNATURE_HEADER} header is missing or wrong.`,
    );
  if (check === 'stale')
    throw new AppError(
      'webhook_timestamp_out_of_window',
      'The request is signed more than 5 minutes away from now.',
    );
  const field = account.kind === 'bank' ? 'iban' : 'email';
  if (!body.beneficiary[field])
    throw new AppError('validation_failed', `A ${account.kind} payout names the beneficiary's ${field}.`, [
      { propertyPath: `beneficiary.${field}`, message: 'required', code: 'required' },
    ]);
  return transact(ctx, async (tx) => {
    const before = await repo.findPayoutByKey(tx, account.id, idempotencyKey);
    if (before) return { created: false, payout: toPayout(before) };
    if (account.outcome === 'refused')
      throw new AppError(
        'payout_refused',
        'The beneficiary account refuses the payout (sandbox outcome "refused").',
      );
    const row =
      (await repo.insertPayout(tx, {
        payout_account_id: account.id,
        idempotency_key: idempotencyKey,
        reference: body.reference,
        amount_cents: body.amountCents,
        currency: body.currency,
        beneficiary: JSON.stringify(body.beneficiary),
      })) ?? (await repo.findPayoutByKey(tx, account.id, idempotencyKey));
    if (!row) throw new AppError('conflict', 'The payout could not be recorded.');
    if (account.outcome !== 'manual') {
      const job: SandboxPayoutJob = { step: 'settle', payoutId: row.id };
      await tx.deps.jobs.send(tx.trx, 'sandbox-payouts', job, {
        id: followUpJobId(row.id, 'settle'),
        startAfter: new Date(Date.now() + account.settle_delay_seconds * 1000),
      });
    }
    return { created: true, payout: toPayout(row) };
  });
}

export async function getPayout(ctx: BaseContext, account: repo.PayoutAccountRow, id: string) {
  const row = await repo.findPayout(ctx, account.id, id);
  if (!row) throw notFound('payout');
  return toPayout(row);
}

/** `POST /payouts/{id}/outcome` (the console): an accepted payout settled or failed now. */
export async function decidePayout(
  ctx: BaseContext,
  account: repo.PayoutAccountRow,
  id: string,
  outcome: { status: 'settled' | 'failed'; reason?: string | undefined },
) {
  await transact(ctx, async (tx) => {
    const row = await repo.lockPayoutWithAccount(tx, id);
    if (!row || row.payout_account_id !== account.id) throw notFound('payout');
    if (row.status !== 'accepted')
      throw new AppError('payout_not_pending', 'This payout is settled already.');
    await settle(tx, row, outcome.status, outcome.reason ?? null);
  });
  return getPayout(ctx, account, id);
}

async function settle(
  tx: BaseTxContext,
  row: NonNullable<Awaited<ReturnType<typeof repo.lockPayoutWithAccount>>>,
  status: 'settled' | 'failed',
  reason: string | null,
) {
  await repo.updatePayout(tx, row.id, {
    status,
    failure_reason: status === 'failed' ? (reason ?? 'AC04 account closed') : null,
    settled_at: new Date(),
    callback_status: row.webhook_url ? 'pending' : 'no_webhook',
  });
  if (row.webhook_url) {
    const job: SandboxPayoutJob = { step: 'callback', payoutId: row.id };
    await tx.deps.jobs.send(tx.trx, 'sandbox-payouts', job, { id: followUpJobId(row.id, 'callback') });
  }
}

/** Runs a `sandbox-payouts` job: settles a payout by its account's outcome, or posts its callback. */
export async function runSandboxPayoutJob(ctx: BaseContext, job: SandboxPayoutJob): Promise<void> {
  if (job.step === 'settle')
    return transact(ctx, async (tx) => {
      const row = await repo.lockPayoutWithAccount(tx, job.payoutId);
      if (row?.status !== 'accepted' || row.outcome === 'manual') return;
      await settle(tx, row, row.outcome === 'failed' ? 'failed' : 'settled', null);
    });
  return postCallback(ctx, job.payoutId);
}

async function postCallback(ctx: BaseContext, payoutId: string): Promise<void> {
  const row = await transact(ctx, (tx) => repo.lockPayoutWithAccount(tx, payoutId));
  if (row?.callback_status !== 'pending' || !row.webhook_url) return;
  const body = JSON.stringify({
    payoutId: row.id,
    reference: row.reference,
    status: row.status as 'settled' | 'failed',
    reason: row.failure_reason,
  } satisfies PayoutCallback);
  const key = ctx.deps.keyring.decrypt(KEY_PURPOSE, row.private_key_encrypted);
  let error: string;
  try {
    const response = await fetch(new URL(row.webhook_url, ctx.deps.config.publicUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PAYOUT_SIGNATURE_HEADER]: signPayload(key, Math.floor(Date.now() / 1000), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // 409: the client has it already
    const delivered = response.ok || response.status === 409;
    await transact(ctx, (tx) => repo.countCallbackAttempt(tx, row.id, delivered));
    if (delivered) return;
    error = `HTTP ${response.status}`;
  } catch (cause) {
    error = (cause as Error).message;
    await transact(ctx, (tx) => repo.countCallbackAttempt(tx, row.id, false));
  }
  // the queue tries again later, each wait longer (platform/jobs.ts, queue sandbox-payouts)
  throw new Error(`the callback of payout ${row.id} answered ${error}`);
}

/**
 * The start-up step of the sandbox accounts' private keys (encrypted with the platform's keys, as
 * the sandbox carrier's secrets): refuses to start on a key under a data key the keyring lacks,
 * then encrypts again with the current key those under an older one. Answers how many it rewrote.
 */
export async function protectSandboxPayoutKeysAtRest(ctx: BaseContext): Promise<number> {
  const { keyring } = ctx.deps;
  const rows = await repo.listAccountKeys(ctx);
  const unknown = new Set(
    rows
      .map((row) => keyIdOf(row.private_key_encrypted))
      .filter((id): id is string => id !== null && !keyring.keyIds.includes(id)),
  );
  if (unknown.size > 0)
    throw new ConfigError(
      `The database holds sandbox payout keys encrypted with the key ${[...unknown].join(', ')}, which DATA_ENCRYPTION_KEY does not hold (it holds ${keyring.keyIds.join(', ')}).`,
    );
  const stale = rows.filter((row) => keyIdOf(row.private_key_encrypted) !== keyring.currentKeyId);
  for (const row of stale) {
    const plain = keyring.decrypt(KEY_PURPOSE, row.private_key_encrypted);
    await transact(ctx, (tx) => repo.updateAccountKey(tx, row.id, keyring.encrypt(KEY_PURPOSE, plain)));
  }
  return stale.length;
}
