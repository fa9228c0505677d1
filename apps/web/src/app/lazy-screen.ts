import type { ComponentType } from 'react';

/**
 * A lazily loaded screen for a route's `lazy`:
 * `{ path: 'users', lazy: screen(() => import('./users-list-page'), (m) => m.UsersListPage) }`.
 */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}
