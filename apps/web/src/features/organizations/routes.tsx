import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/**
 * Organisations of the account, shown as "entities" at the spec's paths (administration; docs/glossary.md).
 */
export const organizationsRoutes: RouteObject[] = [
  {
    path: 'entities',
    handle: { permission: 'organization.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./organizations-list-page'),
      (m) => m.OrganizationsListPage,
    ),
  },
  {
    path: 'entity/create',
    handle: { permission: 'organization.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./organization-create-page'),
      (m) => m.OrganizationCreatePage,
    ),
  },
  {
    // Those who may only read an organisation get the same screen, read-only.
    path: 'entity/:id/edit',
    handle: { permission: 'organization.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./organization-edit-page'),
      (m) => m.OrganizationEditPage,
    ),
  },
];
