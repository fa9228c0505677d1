import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/guards';
import { screen } from '../../app/lazy-screen';

/** Circuits and their dispatch circuit rules (administration). */
export const circuitsRoutes: RouteObject[] = [
  {
    path: 'circuits',
    handle: { permission: 'dispatch_circuit_rule.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./circuits-list-page'),
      (m) => m.CircuitsListPage,
    ),
  },
  {
    path: 'circuit/create',
    handle: { permission: 'circuit.manage' } satisfies RouteHandle,
    lazy: screen(
      () => import('./circuit-create-page'),
      (m) => m.CircuitCreatePage,
    ),
  },
  {
    // Those who may only read circuits get the same screen, read-only.
    path: 'circuit/:id/edit',
    handle: { permission: 'dispatch_circuit_rule.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./circuit-edit-page'),
      (m) => m.CircuitEditPage,
    ),
  },
  {
    path: 'dispatch-circuit-rules',
    handle: { permission: 'dispatch_circuit_rule.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./dispatch-circuit-rules-list-page'),
      (m) => m.DispatchCircuitRulesListPage,
    ),
  },
  {
    path: 'dispatch-circuit-rule/:id/edit',
    handle: { permission: 'dispatch_circuit_rule.list' } satisfies RouteHandle,
    lazy: screen(
      () => import('./dispatch-circuit-rule-edit-page'),
      (m) => m.DispatchCircuitRuleEditPage,
    ),
  },
];
