import type { PremiumFeature } from '@reprise/shared';
import { AppError } from './errors';
import { type BaseContext, readerOf } from './request-context';

/**
 * An account's premium features (`enabled_premium_features` of its root details, which platform
 * operators switch on): what the catalogue, the buyback configuration and the connectors check
 * before a write that needs one.
 */

/** True when the account has the premium feature enabled. */
export async function hasPremiumFeature(
  ctx: BaseContext,
  accountId: string,
  feature: PremiumFeature,
): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('organization_root_details')
    .select('enabled_premium_features')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.enabled_premium_features.includes(feature) ?? false;
}

export async function requirePremiumFeature(
  ctx: BaseContext,
  accountId: string,
  feature: PremiumFeature,
): Promise<void> {
  if (!(await hasPremiumFeature(ctx, accountId, feature)))
    throw new AppError(
      'premium_feature_required',
      `The premium feature ${feature} is not enabled for this account.`,
    );
}
