import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'imports' } satisfies RouteHandle;
const list = () => import('./imports-list-page');
const create = () => import('./import-create-page');

/**
 * Imports (docs/imports.md): the list of a catalogue's imports and the
 * four-step new import, for the user's own account (`/imports`, the menu's entry), an
 * organisation's account (`/imports/:organizationId`) and, for platform admins, a client's
 * catalogue (`/accounts/:accountId/catalog-imports`). `imports/new` is a path of its own: React
 * Router ranks it above the `:organizationId` it would otherwise match.
 */
export const importsRoutes: RouteObject[] = [
  { path: 'imports', handle, lazy: screen(list, (m) => m.ImportsListPage) },
  { path: 'imports/new', handle, lazy: screen(create, (m) => m.ImportCreatePage) },
  { path: 'imports/:organizationId', handle, lazy: screen(list, (m) => m.ImportsListPage) },
  { path: 'imports/:organizationId/new', handle, lazy: screen(create, (m) => m.ImportCreatePage) },
  { path: 'accounts/:accountId/catalog-imports', handle, lazy: screen(list, (m) => m.ImportsListPage) },
  {
    path: 'accounts/:accountId/catalog-imports/new',
    handle,
    lazy: screen(create, (m) => m.ImportCreatePage),
  },
];
