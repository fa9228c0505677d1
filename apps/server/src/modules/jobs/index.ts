/** The door of modules/jobs: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerJobRoutes } from './jobs.routes';
