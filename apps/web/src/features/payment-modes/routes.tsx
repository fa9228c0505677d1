import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Payment modes configuration (Configuration > payment modes). */
export const paymentModesRoutes: RouteObject[] = [
  {
    path: 'payment-modes',
    handle: { permission: 'payment_modes' } satisfies RouteHandle,
    lazy: screen(
      () => import('./payment-modes-list-page'),
      (m) => m.PaymentModesListPage,
    ),
  },
  {
    path: 'payment-mode/create',
    handle: { permission: 'payment_modes' } satisfies RouteHandle,
    lazy: screen(
      () => import('./payment-mode-pages'),
      (m) => m.PaymentModeCreatePage,
    ),
  },
  {
    path: 'payment-mode/:id/edit',
    handle: { permission: 'payment_modes' } satisfies RouteHandle,
    lazy: screen(
      () => import('./payment-mode-pages'),
      (m) => m.PaymentModeEditPage,
    ),
  },
];
