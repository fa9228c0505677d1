import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Settings screens (/settings/...). */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings/transfer-order',
    handle: { permission: 'transfer_order_settings' } satisfies RouteHandle,
    lazy: screen(
      () => import('./transfer-order-page'),
      (m) => m.TransferOrderPage,
    ),
  },
];
