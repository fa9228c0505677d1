import {
  collectionOf,
  DispatchCircuitRuleResponse,
  IdParams,
  ListDispatchCircuitRulesQuery,
  PatchDispatchCircuitRuleRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth-hook';
import type { AppDeps } from '../../../platform/deps';
import * as rules from './dispatch-rules.service';

const tags = ['configuration: dispatch circuit rules'];

export function registerDispatchRuleRoutes(fastify: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dispatch-circuit-rules',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: {
        tags,
        querystring: ListDispatchCircuitRulesQuery,
        response: { 200: collectionOf(DispatchCircuitRuleResponse) },
      },
    },
    async (request) => rules.listRules(db, actorOf(request), request.query, request.url),
  );

  app.get(
    '/dispatch-circuit-rules/:id',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, params: IdParams, response: { 200: DispatchCircuitRuleResponse } },
    },
    async (request) => rules.getRule(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/dispatch-circuit-rules/:id',
    {
      config: { permission: 'circuit.manage' },
      schema: {
        tags,
        params: IdParams,
        body: PatchDispatchCircuitRuleRequest,
        response: { 200: DispatchCircuitRuleResponse },
      },
    },
    async (request) => rules.updateRule(db, actorOf(request), request.params.id, request.body),
  );
}
