/** The door of modules/health: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerHealthRoutes } from './health.routes';
