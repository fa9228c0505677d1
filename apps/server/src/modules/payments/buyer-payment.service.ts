import { BUYER_PAID_PAYMENT_TYPES, type BuyerPaymentFeaturesResponse } from '@reprise/shared';
import { notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { CONNECTOR_FQN, findActiveConfiguration } from '../connectors';
import * as repo from './payments.repository';

/**
 * Buyer payment (docs/payments.md, "Buyer payment"): a buyer account whose general settings enable
 * it pays the customers of the buybacks it receives, instead of the retailer, through its own SEPA
 * configuration and transfer batches (the payment job's `payerOf`, payment-job.ts).
 */

/**
 * `GET /payment/account/{id}/by-buyer-feature-available`: whether the account pays the customers of
 * the buybacks it receives: its setting and an active SEPA configuration. The caller's own account
 * (any for platform operators); another's is 404.
 */
export async function buyerPaymentFeatures(
  ctx: RequestContext,
  accountId: string,
): Promise<BuyerPaymentFeaturesResponse> {
  if (ctx.scope.kind === 'account' && ctx.scope.accountId !== accountId) throw notFound('account');
  const detail = await repo.findBuyerPaymentSetting(ctx, accountId);
  if (!detail) throw notFound('account');
  const configuration = await findActiveConfiguration(ctx, accountId, CONNECTOR_FQN.sepaCreditTransfer);
  const available = detail.buyer_payment_enabled && configuration !== null;
  return {
    accountId,
    buyerPaymentEnabled: detail.buyer_payment_enabled,
    bankTransferConnectorActive: configuration !== null,
    available,
    paymentTypes: available ? [...BUYER_PAID_PAYMENT_TYPES] : [],
  };
}
