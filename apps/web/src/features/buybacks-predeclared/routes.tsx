import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Pre-declared web buybacks found by their code and finalised at the counter. */
export const buybacksPredeclaredRoutes: RouteObject[] = [
  {
    path: 'buybacks-predeclared',
    handle: { permission: 'buyback.predeclared_access' } satisfies RouteHandle,
    lazy: screen(
      () => import('./buybacks-predeclared-page'),
      (m) => m.BuybacksPredeclaredPage,
    ),
  },
];
