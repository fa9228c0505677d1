/** The door of modules/expeditions: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerExpeditionRoutes } from './expeditions.routes';
