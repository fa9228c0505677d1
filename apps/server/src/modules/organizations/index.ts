/** The door of modules/organizations: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { registerOrganizationRoutes } from './organizations.routes';
export { containsPattern, folded } from './search-text';
