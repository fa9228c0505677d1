import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Warehouse dispatch rules of a buyer account (Dispatch). */
export const warehouseDispatchRoutes: RouteObject[] = [
  {
    path: 'warehouse-dispatch',
    handle: { permission: 'warehouse_dispatch_rule.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./warehouse-dispatch-list-page'),
      (m) => m.WarehouseDispatchListPage,
    ),
  },
  {
    path: 'warehouse-dispatch-rule/new',
    handle: { permission: 'warehouse_dispatch_rule.write' } satisfies RouteHandle,
    lazy: screen(
      () => import('./rule-create-page'),
      (m) => m.RuleCreatePage,
    ),
  },
  {
    // Those who may only read rules get the same screen, read-only.
    path: 'warehouse-dispatch-rule/:id',
    handle: { permission: 'warehouse_dispatch_rule.read' } satisfies RouteHandle,
    lazy: screen(
      () => import('./rule-edit-page'),
      (m) => m.RuleEditPage,
    ),
  },
];
