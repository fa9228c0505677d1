/** The door of modules/account-admin: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerAccountAdminRoutes } from './account-admin.routes';
export { type CatalogReindexJob, runCatalogReindex } from './catalog-reindex';
