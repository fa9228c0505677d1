import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The web app's uncaught errors, grouped, for platform admins (docs/client-errors.md). */
export const clientErrorsRoutes: RouteObject[] = [
  {
    path: 'admin/client-errors',
    handle: { permission: 'client_error.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./client-errors-page'),
      (m) => m.ClientErrorsPage,
    ),
  },
];
