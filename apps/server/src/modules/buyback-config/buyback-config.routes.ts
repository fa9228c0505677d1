import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { registerCircuitRoutes } from './circuits/circuits.routes';
import { registerOfferedCircuitRoutes } from './circuits/offered-circuits.routes';
import { registerDispatchCircuitRuleRoutes } from './dispatch-circuit-rules/dispatch-circuit-rules.routes';
import { registerPaymentModeRoutes } from './payment-modes/payment-modes.routes';
import { registerTransferOrderRoutes } from './transfer-order/transfer-order.routes';

/**
 * The buyback configuration API: circuits, dispatch circuit rules, payment modes, transfer-order
 * terms, and the circuits offered for a product (the API's "shipping methods").
 */
export function registerBuybackConfigRoutes(api: FastifyInstance, deps: AppDeps): void {
  registerCircuitRoutes(api, deps);
  registerDispatchCircuitRuleRoutes(api, deps);
  registerPaymentModeRoutes(api, deps);
  registerTransferOrderRoutes(api, deps);
  registerOfferedCircuitRoutes(api, deps);
}
