import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The warehouse control (homologation): the search, then the wizard of one item. */
export const warehouseControlRoutes: RouteObject[] = [
  {
    path: 'warehouse/check',
    handle: { permission: 'buyback_item.control' } satisfies RouteHandle,
    lazy: screen(
      () => import('./control-search-page'),
      (m) => m.ControlSearchPage,
    ),
  },
  {
    path: 'warehouse/check/:itemId',
    handle: { permission: 'buyback_item.control' } satisfies RouteHandle,
    lazy: screen(
      () => import('./control-wizard-page'),
      (m) => m.ControlWizardPage,
    ),
  },
];
