import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Users of the account (administration). */
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    handle: { permission: 'user.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./users-list-page'),
      (m) => m.UsersListPage,
    ),
  },
  {
    path: 'users/import',
    handle: { permission: 'user.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./import/user-import-page'),
      (m) => m.UserImportPage,
    ),
  },
  {
    path: 'user/create',
    handle: { permission: 'user.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./user-create-page'),
      (m) => m.UserCreatePage,
    ),
  },
  {
    // Those who may only read a user get the same screen, read-only.
    path: 'user/:id/edit',
    handle: { permission: 'user.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./user-edit-page'),
      (m) => m.UserEditPage,
    ),
  },
];
