import {
  collectionOf,
  IdParams,
  ListWarehouseDispatchRulesQuery,
  WarehouseDispatchAccountQuery,
  WarehouseDispatchAccountsResponse,
  WarehouseDispatchOptionsResponse,
  WarehouseDispatchRuleRequest,
  WarehouseDispatchRuleResponse,
  WarehouseDispatchRulesOrderRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as rules from './warehouse-dispatch.service';

const tags = ['warehouse: dispatch rules'];

/** Warehouse dispatch rules of a buyer account. */
export function registerWarehouseDispatchRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'warehouse_dispatch_rule.read' } as const;
  const write = { permission: 'warehouse_dispatch_rule.write' } as const;

  app.get(
    '/warehouse-dispatch-rules',
    {
      config: read,
      schema: {
        tags,
        querystring: ListWarehouseDispatchRulesQuery,
        response: { 200: collectionOf(WarehouseDispatchRuleResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await rules.listRules(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/warehouse-dispatch-rules/options',
    {
      config: read,
      schema: {
        tags,
        querystring: WarehouseDispatchAccountQuery,
        response: { 200: WarehouseDispatchOptionsResponse },
      },
    },
    async (request) => rules.getOptions(contextOf(request, deps), request.query),
  );

  app.get(
    '/warehouse-dispatch-rules/accounts',
    { config: read, schema: { tags, response: { 200: WarehouseDispatchAccountsResponse } } },
    async (request) => rules.listAccounts(contextOf(request, deps)),
  );

  app.put(
    '/warehouse-dispatch-rules/order',
    {
      config: write,
      schema: {
        tags,
        body: WarehouseDispatchRulesOrderRequest,
        response: { 200: collectionOf(WarehouseDispatchRuleResponse) },
      },
    },
    async (request) => {
      const page = await rules.orderRules(contextOf(request, deps), request.body);
      const all = { page: 1, itemsPerPage: Math.max(page.totalItems, 1) };
      return pageResponse(page, all, '/api/warehouse-dispatch-rules');
    },
  );

  app.get(
    '/warehouse-dispatch-rules/:id',
    {
      config: read,
      schema: { tags, params: IdParams, response: { 200: WarehouseDispatchRuleResponse } },
    },
    async (request) => rules.getRule(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/warehouse-dispatch-rules',
    {
      config: write,
      schema: {
        tags,
        body: WarehouseDispatchRuleRequest,
        response: { 201: WarehouseDispatchRuleResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rules.createRule(contextOf(request, deps), request.body)),
  );

  app.put(
    '/warehouse-dispatch-rules/:id',
    {
      config: write,
      schema: {
        tags,
        params: IdParams,
        body: WarehouseDispatchRuleRequest,
        response: { 200: WarehouseDispatchRuleResponse },
      },
    },
    async (request) => rules.updateRule(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/warehouse-dispatch-rules/:id',
    { config: write, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await rules.deleteRule(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );
}
