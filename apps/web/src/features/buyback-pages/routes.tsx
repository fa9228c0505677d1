import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The buybacks list, detail and edition, in the dashboard layout. */
export const buybacksRoutes: RouteObject[] = [
  {
    path: 'buybacks',
    handle: { permission: 'buyback.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./buybacks-list-page'),
      (m) => m.BuybacksListPage,
    ),
  },
  {
    path: 'buyback/:id',
    handle: { permission: 'buyback.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./buyback-detail-page'),
      (m) => m.BuybackDetailPage,
    ),
  },
  {
    path: 'buyback/:id/edition',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./buyback-edition-page'),
      (m) => m.BuybackEditionPage,
    ),
  },
];
