import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The stores' police register: the entries of a store, an entry and its correction. */
export const policeRegisterRoutes: RouteObject[] = [
  {
    path: 'police-register',
    handle: { permission: 'police_register.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./police-register-page'),
      (m) => m.PoliceRegisterPage,
    ),
  },
  {
    path: 'police-register/entries/:id',
    handle: { permission: 'police_register.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./police-register-entry-page'),
      (m) => m.PoliceRegisterEntryPage,
    ),
  },
];
