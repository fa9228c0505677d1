import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'general_settings' } satisfies RouteHandle;

/** General settings per module type (/settings/tim/general, /settings/lcm/general). */
export const generalSettingsRoutes: RouteObject[] = [
  {
    path: 'settings/tim/general',
    handle,
    lazy: screen(
      () => import('./brand-settings-page'),
      (m) => m.BrandSettingsPage,
    ),
  },
  {
    path: 'settings/lcm/general',
    handle,
    lazy: screen(
      () => import('./buyer-settings-page'),
      (m) => m.BuyerSettingsPage,
    ),
  },
];
