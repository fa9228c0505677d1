import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { registerRefurbQuestionRoutes } from './refurb-questions.routes';
import { registerRefurbStepRoutes } from './refurb-steps.routes';

/** The refurbishment configuration of a buyer account: its services and its diagnosis questions. */
export function registerRefurbConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRefurbStepRoutes(app, deps);
  registerRefurbQuestionRoutes(app, deps);
}
