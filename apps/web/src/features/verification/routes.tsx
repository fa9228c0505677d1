import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Verification by identification number or CSV list. */
export const verificationRoutes: RouteObject[] = [
  {
    path: 'verification',
    handle: { permission: 'item.verify' } satisfies RouteHandle,
    lazy: screen(
      () => import('./verification-page'),
      (m) => m.VerificationPage,
    ),
  },
];
