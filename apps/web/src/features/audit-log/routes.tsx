import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The audit log, for platform admins. */
export const auditLogRoutes: RouteObject[] = [
  {
    path: 'admin/audit-log',
    handle: { permission: 'audit.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
];
