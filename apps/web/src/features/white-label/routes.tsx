import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The retailer's public site (configuration, home page) and, for platform admins, the sites' activation. */
export const whiteLabelRoutes: RouteObject[] = [
  {
    path: 'white-label/site',
    handle: { permission: 'design' } satisfies RouteHandle,
    lazy: screen(
      () => import('./site-settings-page'),
      (m) => m.SiteSettingsPage,
    ),
  },
  {
    path: 'white-label/home-page',
    handle: { permission: 'design' } satisfies RouteHandle,
    lazy: screen(
      () => import('./home-page-config-page'),
      (m) => m.HomePageConfigPage,
    ),
  },
  {
    path: 'white-label/sites',
    handle: { permission: 'white_label.activate' } satisfies RouteHandle,
    lazy: screen(
      () => import('./sites-page'),
      (m) => m.SitesPage,
    ),
  },
];
