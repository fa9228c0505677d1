import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'buyback_item.send' } satisfies RouteHandle;

/**
 * Expedition: an item's eligibility, the package type choice, packing,
 * the confirmation of a closed package, the transports list.
 */
export const expeditionRoutes: RouteObject[] = [
  {
    path: 'expedition',
    handle,
    lazy: screen(
      () => import('./expedition-item-page'),
      (m) => m.ExpeditionItemPage,
    ),
  },
  {
    path: 'start-expedition',
    handle,
    lazy: screen(
      () => import('./start-expedition-page'),
      (m) => m.StartExpeditionPage,
    ),
  },
  {
    path: 'packing-with-label',
    handle,
    lazy: screen(
      () => import('./packing-page'),
      (m) => m.PackingPage,
    ),
  },
  {
    path: 'expedition/confirmation',
    handle,
    lazy: screen(
      () => import('./confirmation-page'),
      (m) => m.ExpeditionConfirmationPage,
    ),
  },
  {
    path: 'transports-list',
    handle,
    lazy: screen(
      () => import('./transports-list-page'),
      (m) => m.TransportsListPage,
    ),
  },
];
