/** The door of modules/refurb-config: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerRefurbConfigRoutes } from './refurb-config.routes';
