import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Entities (organisations) of the account (foundation.md section 2, administration). */
export const entitiesRoutes: RouteObject[] = [
  {
    path: 'entities',
    handle: { permission: 'organization.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./entities-list-page'),
      (m) => m.EntitiesListPage,
    ),
  },
  {
    path: 'entity/create',
    handle: { permission: 'organization.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./entity-create-page'),
      (m) => m.EntityCreatePage,
    ),
  },
  {
    // Those who may only read an entity get the same screen, read-only.
    path: 'entity/:id/edit',
    handle: { permission: 'organization.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./entity-edit-page'),
      (m) => m.EntityEditPage,
    ),
  },
];
