import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'connector.configuration' } satisfies RouteHandle;
const page = () => import('./sso-configuration-page');

/**
 * Single sign-on configuration (Administration): `/connectors/{organizationId}/SSO`,
 * reached from the connectors page's OpenID Connect card. The sign-in's own pages (callback,
 * logout) are public routes of app/router.tsx.
 */
export const ssoRoutes: RouteObject[] = [
  { path: 'connectors/:organizationId/SSO', handle, lazy: screen(page, (m) => m.SsoConfigurationPage) },
];
