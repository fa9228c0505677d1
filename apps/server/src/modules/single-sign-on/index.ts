/** The door of modules/single-sign-on: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */

export { registerSsoRoutes } from './sso.routes';
export { purgeExpiredSignIns, signInWithOpenidSession } from './sso-flow.service';
