import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { registerErasureCertificateRoutes } from './erasure-certificates.routes';
import { registerItemRefurbStepRoutes } from './item-refurb-steps.routes';

/** The routes of this module (docs/refurbishment.md, "Running the services"): one registration in app.ts. */
export function registerRefurbExecutionRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  registerItemRefurbStepRoutes(fastify, deps);
  registerErasureCertificateRoutes(fastify, deps);
}
