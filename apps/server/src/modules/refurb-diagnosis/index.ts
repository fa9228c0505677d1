/** The door of modules/refurb-diagnosis: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerRefurbDiagnosisRoutes } from './refurb-diagnosis.routes';
