import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'refurb.write', refurbishmentFeature: 'refurbSteps' } satisfies RouteHandle;

/** Running an item's services (refurbishment): search, the item's services, one service, the confirmation. */
export const itemRefurbStepsRoutes: RouteObject[] = [
  {
    path: 'warehouse/item-refurb-steps/search',
    handle,
    lazy: screen(
      () => import('./search-page'),
      (m) => m.RefurbSearchPage,
    ),
  },
  {
    path: 'items/:itemId/item-refurb-steps',
    handle,
    lazy: screen(
      () => import('./item-services-page'),
      (m) => m.ItemServicesPage,
    ),
  },
  {
    path: 'item-refurb-steps/completed',
    handle,
    lazy: screen(
      () => import('./completed-page'),
      (m) => m.RefurbCompletedPage,
    ),
  },
  {
    path: 'item-refurb-steps/:itemRefurbStepId',
    handle,
    lazy: screen(
      () => import('./service-page'),
      (m) => m.ServicePage,
    ),
  },
];
