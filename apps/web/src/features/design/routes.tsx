import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The account's logo, favicon and main colour. */
export const designRoutes: RouteObject[] = [
  {
    path: 'design',
    handle: { permission: 'design' } satisfies RouteHandle,
    lazy: screen(
      () => import('./design-page'),
      (m) => m.DesignPage,
    ),
  },
];
