import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'connector.configuration' } satisfies RouteHandle;
const pages = () => import('./connectors-pages');
const form = () => import('./configuration-pages');

/**
 * Connectors (Administration): the organisation's connectors by type, a
 * connector's configurations, a configuration created and edited. `/connectors` (the menu's
 * entry) opens the user's own root organisation's connectors. `createConfiguration` is a path of
 * its own: React Router ranks it above the `:configurationId` it would otherwise match.
 */
export const connectorsRoutes: RouteObject[] = [
  { path: 'connectors', handle, lazy: screen(pages, (m) => m.OwnConnectorsRedirect) },
  { path: 'connectors/createConfiguration', handle, lazy: screen(form, (m) => m.ConfigurationCreatePage) },
  { path: 'connectors/:organizationId/connectors', handle, lazy: screen(pages, (m) => m.ConnectorsPage) },
  {
    path: 'connectors/:organizationId/configurations/:connectorId',
    handle,
    lazy: screen(pages, (m) => m.ConfigurationsPage),
  },
  { path: 'connectors/:configurationId', handle, lazy: screen(form, (m) => m.ConfigurationEditPage) },
];
