/** The door of modules/audit-log: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerAuditLogRoutes } from './audit-log.routes';
