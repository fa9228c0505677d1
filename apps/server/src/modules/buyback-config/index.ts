/** The door of modules/buyback-config: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerBuybackConfigRoutes } from './buyback-config.routes';
export { offeredCircuits } from './circuits/offered-circuits.service';
export { hasPremiumFeature, iso, reject, requirePremiumFeature, violation } from './config-scope';
