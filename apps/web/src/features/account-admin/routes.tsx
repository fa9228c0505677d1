import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

const clientPages = () => import('./client-edit-page');
const userPages = () => import('./platform-user-pages');

/** The platform administration's clients and users (docs/clients.md). */
export const accountAdminRoutes: RouteObject[] = [
  {
    path: 'clients',
    handle: { permission: 'client.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./clients-list-page'),
      (m) => m.ClientsListPage,
    ),
  },
  {
    path: 'client/create',
    handle: { permission: 'client.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./client-create-page'),
      (m) => m.ClientCreatePage,
    ),
  },
  {
    path: 'client/:organizationId/edit',
    handle: { permission: 'client.detail' } satisfies RouteHandle,
    lazy: screen(clientPages, (m) => m.ClientEditPage),
  },
  {
    path: 'client/:organizationId/editPages',
    handle: { permission: 'client.create' } satisfies RouteHandle,
    lazy: screen(
      () => import('./client-pages-page'),
      (m) => m.ClientPagesPage,
    ),
  },
  {
    path: 'beta/account/:accountId/edit',
    handle: { permission: 'client.detail' } satisfies RouteHandle,
    lazy: screen(clientPages, (m) => m.BetaAccountEditPage),
  },
  {
    path: 'account/:accountId/linked-buyers',
    handle: { permission: 'client.detail' } satisfies RouteHandle,
    lazy: screen(
      () => import('./linked-buyers-page'),
      (m) => m.LinkedBuyersPage,
    ),
  },
  {
    path: 'userAdmin',
    handle: { permission: 'menu.admin' } satisfies RouteHandle,
    lazy: screen(
      () => import('./platform-admins-page'),
      (m) => m.PlatformAdminsPage,
    ),
  },
  {
    path: 'userAdmin/create',
    handle: { permission: 'admin.assign' } satisfies RouteHandle,
    lazy: screen(userPages, (m) => m.UserAdminCreatePage),
  },
  {
    path: 'userAdmin/:id/edit',
    handle: { permission: 'menu.admin' } satisfies RouteHandle,
    lazy: screen(userPages, (m) => m.UserAdminEditPage),
  },
  {
    path: 'userClient/create',
    handle: { permission: 'client.create' } satisfies RouteHandle,
    lazy: screen(userPages, (m) => m.UserClientCreatePage),
  },
  {
    path: 'userClient/:id/edit',
    handle: { permission: 'client.create' } satisfies RouteHandle,
    lazy: screen(userPages, (m) => m.UserClientEditPage),
  },
];
