import {
  collectionOf,
  DispatchCircuitRuleResponse,
  IdParams,
  ListDispatchCircuitRulesQuery,
  PatchDispatchCircuitRulePremiumActionRequest,
  PatchDispatchCircuitRuleRequest,
  PremiumActionQuery,
  PremiumActionResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import * as rules from './dispatch-circuit-rules.service';

const tags = ['configuration: dispatch circuit rules'];

export function registerDispatchCircuitRuleRoutes(fastify: FastifyInstance, deps: AppDeps): void {
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
    async (request) =>
      pageResponse(
        await rules.listDispatchCircuitRules(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/dispatch-circuit-rules/:id',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, params: IdParams, response: { 200: DispatchCircuitRuleResponse } },
    },
    async (request) => rules.getDispatchCircuitRule(contextOf(request, deps), request.params.id),
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
    async (request) =>
      rules.updateDispatchCircuitRule(contextOf(request, deps), request.params.id, request.body),
  );

  app.get(
    '/dispatch-circuit-rules/:id/launch-premium-feature-connector',
    {
      // who may run the account-level action and may read the rule (docs/connectors.md)
      config: {
        permission: [
          'web_buyback.create',
          'web_buyback.read',
          'buyback.create',
          'dispatch_circuit_rule.list',
        ],
      },
      schema: {
        tags,
        params: IdParams,
        querystring: PremiumActionQuery,
        response: { 200: PremiumActionResponse },
      },
    },
    async (request) =>
      rules.launchDispatchCircuitRulePremiumAction(
        contextOf(request, deps),
        request.params.id,
        request.query,
      ),
  );

  app.patch(
    '/dispatch-circuit-rules/:id/launch-premium-feature-connector',
    {
      config: { permission: 'circuit.manage' },
      schema: {
        tags,
        params: IdParams,
        body: PatchDispatchCircuitRulePremiumActionRequest,
        response: { 200: DispatchCircuitRuleResponse },
      },
    },
    async (request) =>
      rules.setDispatchCircuitRulePremiumAction(contextOf(request, deps), request.params.id, request.body),
  );
}
