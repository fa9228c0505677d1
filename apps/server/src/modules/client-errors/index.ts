/** The door of modules/client-errors: what app.ts and main.ts use of it (docs/architecture.md). */
export { registerClientErrorRoutes } from './client-errors.routes';
export { purgeOldClientErrors } from './client-errors.service';
