/** The door of modules/white-label: what other modules, app.ts and workers.ts use of it (docs/architecture.md). */
export { sanitizeHtml } from './html-sanitizer';
export { tagManagerAllowed } from './public-page-policy.service';
export { siteOfHost } from './public-site.service';
export { siteUrl } from './white-label.mapper';
export { findStoresAcceptingDrops } from './white-label.repository';
export { registerWhiteLabelRoutes } from './white-label.routes';
