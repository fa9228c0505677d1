import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

// the export page needs both: without them the user is sent home
const handle = { permission: ['export.products', 'export.categories'] } satisfies RouteHandle;
const page = () => import('./export-page');

/**
 * The catalogue's export (docs/exports.md): the user's own account
 * (`/exports`, the menu's entry), an organisation's account (`/exports/:organizationId`) and, for
 * platform admins, a client's catalogue (`/accounts/:accountId/catalog-export`).
 */
export const exportsRoutes: RouteObject[] = [
  { path: 'exports', handle, lazy: screen(page, (m) => m.ExportPage) },
  { path: 'exports/:organizationId', handle, lazy: screen(page, (m) => m.ExportPage) },
  { path: 'accounts/:accountId/catalog-export', handle, lazy: screen(page, (m) => m.ExportPage) },
];
