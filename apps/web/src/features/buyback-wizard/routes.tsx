import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const diag = screen(
  () => import('./diag-page'),
  (m) => m.DiagPage,
);

/** The store wizard, in the fluid wizard layout. */
export const buybackWizardRoutes: RouteObject[] = [
  {
    path: 'buyback/create',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./product-finder-page'),
      (m) => m.ProductFinderPage,
    ),
  },
  {
    path: 'diag/:productId?/:slug?/:itemId?/:predeclaredBuybackId?',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: diag,
  },
  {
    path: 'estimate-error',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./estimate-error-page'),
      (m) => m.EstimateErrorPage,
    ),
  },
];
