/** The door of modules/refurb-execution: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerRefurbExecutionRoutes } from './refurb-execution.routes';
