import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The cart of the store wizard, in the fluid wizard layout. */
export const cartRoutes: RouteObject[] = [
  {
    path: 'cart/customer-infos',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./cart-customer-page'),
      (m) => m.CartCustomerPage,
    ),
  },
  {
    path: 'cart/summary',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./cart-summary-page'),
      (m) => m.CartSummaryPage,
    ),
  },
  {
    path: 'cart/:cartId/checkout',
    handle: { permission: 'buyback.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./cart-checkout-page'),
      (m) => m.CartCheckoutPage,
    ),
  },
];
