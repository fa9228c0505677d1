import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/**
 * Warehouse check-in and its confirmation; each screen leads home when
 * check-in is disabled (checkin-gate.tsx).
 */
export const warehouseCheckinRoutes: RouteObject[] = [
  {
    path: 'warehouse/checkin',
    handle: { permission: 'warehouse_checkin.submenu' } satisfies RouteHandle,
    lazy: screen(
      () => import('./checkin-page'),
      (m) => m.CheckinPage,
    ),
  },
  {
    path: 'warehouse/confirmation-checkin/:itemId?',
    handle: { permission: 'warehouse_checkin.submenu' } satisfies RouteHandle,
    lazy: screen(
      () => import('./confirmation-page'),
      (m) => m.CheckinConfirmationPage,
    ),
  },
];
