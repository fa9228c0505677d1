import type { RefurbishmentFeature, RefurbishmentFeaturesResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';

/**
 * The refurbishment features of an account (docs/refurbishment.md, "The refurbishment
 * connector"), switched by its refurbishment connector (`reprise.premium.refurbishment`,
 * migration 039): without an active configuration every feature is on, as before the connector;
 * with one, each feature is on when an active configuration sets it to `true`. A route that needs
 * one names it (`config.refurbishmentFeature`) and is refused with
 * `refurbishment_feature_disabled` when it is off for the caller's account.
 */

const REFURBISHMENT_CONNECTOR_FQN = 'reprise.premium.refurbishment';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The refurbishment feature a route belongs to: refused when the account switched it off. */
    refurbishmentFeature?: RefurbishmentFeature;
  }
}

/** The connector's property of each feature. */
const PROPERTY: Record<RefurbishmentFeature, string> = {
  advancedStocks: 'advanced_stocks',
  refurbSteps: 'refurb_steps',
  diagnosis: 'diagnosis',
};

const ALL_ON: RefurbishmentFeaturesResponse = { advancedStocks: true, refurbSteps: true, diagnosis: true };

/** The features of an account, read on `db` (a context's reader, or the pool). */
export async function refurbishmentFeaturesOf(
  db: Db,
  accountId: string,
): Promise<RefurbishmentFeaturesResponse> {
  const rows = await db
    .selectFrom('connector_configurations as cc')
    .innerJoin('connectors as c', 'c.id', 'cc.connector_id')
    .select('cc.properties')
    .where('cc.account_id', '=', accountId)
    .where('cc.status', '=', 'active')
    .where('c.fqn', '=', REFURBISHMENT_CONNECTOR_FQN)
    .execute();
  if (rows.length === 0) return ALL_ON;
  const on = (feature: RefurbishmentFeature) =>
    rows.some((row) => (row.properties as Record<string, string>)[PROPERTY[feature]] === 'true');
  return { advancedStocks: on('advancedStocks'), refurbSteps: on('refurbSteps'), diagnosis: on('diagnosis') };
}

/**
 * Refuses the routes of a refurbishment feature the caller's account switched off (after the
 * auth hook: the actor is known). Platform operators are not held back: they configure accounts.
 */
export function registerRefurbishmentFeatureGuard(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request) => {
    const feature = request.routeOptions.config?.refurbishmentFeature;
    const actor = request.actor;
    if (!feature || !actor || actor.isPlatform) return;
    const features = await refurbishmentFeaturesOf(db, actor.accountId);
    if (!features[feature])
      throw new AppError(
        'refurbishment_feature_disabled',
        `This refurbishment feature (${PROPERTY[feature]}) is switched off for your account by its refurbishment connector.`,
      );
  });
}
