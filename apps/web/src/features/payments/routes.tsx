import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Payments (Payment): the payment search with relaunch and mark as paid. */
export const paymentsRoutes: RouteObject[] = [
  {
    path: 'searchPayment',
    handle: { permission: 'payment.search' } satisfies RouteHandle,
    lazy: screen(
      () => import('./search-payments-page'),
      (m) => m.SearchPaymentsPage,
    ),
  },
];
