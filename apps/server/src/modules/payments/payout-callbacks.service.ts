import { PayoutCallback } from '@reprise/shared';
import { AppError, notFound } from '../../platform/errors';
import { type BaseContext, transact } from '../../platform/request-context';
import { CONNECTOR_FQN, resolveConfiguration } from '../connectors';
import { changePaymentStatus } from './payment-execution';
import * as repo from './payment-execution.repository';
import { checkPayloadSignature } from './payout-signature';

const PROVIDERS: readonly string[] = [CONNECTOR_FQN.bankPayout, CONNECTOR_FQN.walletPayout];

/**
 * A payment provider's callback, `POST /webhooks/payments/{configurationId}` (docs/payments.md,
 * "Payouts through a provider"). In this order: a configuration that is no payout connector 404;
 * a bad signature (HMAC-SHA256 with its private key) 401 `webhook_signature_invalid`; a time more
 * than 5 minutes away 401 `webhook_timestamp_out_of_window`; a body that is no callback 422; a payout
 * this configuration did not make 404; a payment no longer initiated (a replay) 409
 * `webhook_replayed`. Otherwise, in one transaction, the payment settled (`payment_completed`) or
 * failed with the provider's reason (`payment_failed`, which a relaunch pays again).
 */
export async function receivePayoutCallback(
  ctx: BaseContext,
  configurationId: string,
  delivery: { rawBody: Buffer; signature: string | undefined },
): Promise<void> {
  const configuration = await resolveConfiguration(ctx, configurationId);
  if (!configuration || !PROVIDERS.includes(configuration.fqn)) throw notFound('payment configuration');
  const key = configuration.values.private_key;
  const check = key
    ? checkPayloadSignature(key, delivery.signature, delivery.rawBody, Math.floor(Date.now() / 1000))
    : 'invalid';
  if (check === 'invalid')
    throw new AppError('webhook_signature_invalid', 'The signature of the callback is missing or wrong.');
  if (check === 'stale')
    throw new AppError(
      'webhook_timestamp_out_of_window',
      'The callback is signed more than 5 minutes away from now.',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    parsed = null;
  }
  const callback = PayoutCallback.safeParse(parsed);
  if (!callback.success)
    throw new AppError('validation_failed', 'The body is not a payout callback.', [
      { propertyPath: '', message: 'invalid', code: 'invalid_value' },
    ]);
  // the configuration's account pays; the payment may be its retailer's (buyer payment)
  await transact(ctx, async (tx) => {
    const payment = await repo.lockPaymentByPayout(
      tx,
      configuration.id,
      configuration.accountId,
      callback.data.payoutId,
    );
    if (!payment) throw notFound('payout');
    if (payment.status !== 'payment_initiated')
      throw new AppError('webhook_replayed', 'This payout was settled before: nothing was changed.');
    const write = { ...tx, scope: { kind: 'account' as const, accountId: payment.account_id } };
    if (callback.data.status === 'settled')
      await changePaymentStatus(write, payment, 'payment_completed', { paid_at: new Date() });
    else
      await changePaymentStatus(write, payment, 'payment_failed', {
        failure_reason: (callback.data.reason ?? 'failed at the provider').slice(0, 255),
      });
  });
}
