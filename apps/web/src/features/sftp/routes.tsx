import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const handle = { permission: 'general_settings' } satisfies RouteHandle;
const page = () => import('./sftp-page');

/**
 * SFTP access: the user's own account (`/settings/sftp`, the menu's
 * entry) and, for platform admins, a client organisation's account (`/configuration/:organizationId/sftp`).
 */
export const sftpRoutes: RouteObject[] = [
  { path: 'settings/sftp', handle, lazy: screen(page, (m) => m.SftpPage) },
  { path: 'configuration/:organizationId/sftp', handle, lazy: screen(page, (m) => m.SftpPage) },
];
