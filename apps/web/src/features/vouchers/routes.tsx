import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Vouchers and gift cards redeemed at the store counter (docs/payments.md). */
export const vouchersRoutes: RouteObject[] = [
  {
    path: 'vouchers/redeem',
    handle: { permission: 'voucher.redeem' } satisfies RouteHandle,
    lazy: screen(
      () => import('./redeem-page'),
      (m) => m.RedeemPage,
    ),
  },
];
