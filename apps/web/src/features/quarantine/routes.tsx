import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The items in quarantine and their release. */
export const quarantineRoutes: RouteObject[] = [
  {
    path: 'buybacksQuarantine',
    handle: { permission: 'quarantine.transition' } satisfies RouteHandle,
    lazy: screen(
      () => import('./quarantine-page'),
      (m) => m.QuarantinePage,
    ),
  },
];
