import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen';

/** The back office's cookies policy: every signed-in user may read it (no permission). */
export const legalRoutes: RouteObject[] = [
  {
    path: 'cookies-policy',
    lazy: screen(
      () => import('./cookies-policy-page'),
      (m) => m.CookiesPolicyPage,
    ),
  },
];
