import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** The background jobs that failed, for platform admins. */
export const jobsRoutes: RouteObject[] = [
  {
    path: 'admin/jobs',
    handle: { permission: 'job.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./failed-jobs-page'),
      (m) => m.FailedJobsPage,
    ),
  },
];
