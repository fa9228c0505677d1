import {
  CategoryCircuitParams,
  CategoryCircuitsResponse,
  CircuitResponse,
  CircuitWarehouseResponse,
  CreateCircuitRequest,
  collectionOf,
  IdParams,
  ListCircuitsQuery,
  PatchCircuitRequest,
  TransportProviderResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { pageResponse } from '../../../platform/pagination';
import { contextOf } from '../../../platform/request-context';
import * as circuits from './circuits.service';

const tags = ['configuration: circuits'];

export function registerCircuitRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/circuits',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, querystring: ListCircuitsQuery, response: { 200: collectionOf(CircuitResponse) } },
    },
    async (request) =>
      pageResponse(
        await circuits.listCircuits(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.post(
    '/circuits',
    {
      config: { permission: 'circuit.manage' },
      schema: { tags, body: CreateCircuitRequest, response: { 201: CircuitResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await circuits.createCircuit(contextOf(request, deps), request.body)),
  );

  app.get(
    '/circuits/:id',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, params: IdParams, response: { 200: CircuitResponse } },
    },
    async (request) => circuits.getCircuit(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/circuits/:id',
    {
      config: { permission: 'circuit.manage' },
      schema: { tags, params: IdParams, body: PatchCircuitRequest, response: { 200: CircuitResponse } },
    },
    async (request) => circuits.updateCircuit(contextOf(request, deps), request.params.id, request.body),
  );

  app.get(
    '/transport-providers',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, response: { 200: z.object({ member: z.array(TransportProviderResponse) }) } },
    },
    async (request) => ({ member: await circuits.listTransportProviders(contextOf(request, deps)) }),
  );

  app.get(
    '/circuit-warehouses',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: {
        tags,
        querystring: z.object({ accountId: z.uuid().optional() }),
        response: { 200: z.object({ member: z.array(CircuitWarehouseResponse) }) },
      },
    },
    async (request) => ({
      member: await circuits.listCircuitWarehouses(contextOf(request, deps), request.query.accountId),
    }),
  );

  app.get(
    '/categories/:id/circuits',
    {
      config: { permission: 'dispatch_circuit_rule.list' },
      schema: { tags, params: IdParams, response: { 200: CategoryCircuitsResponse } },
    },
    async (request) => circuits.listCategoryCircuits(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/categories/:id/circuits/:circuitId',
    {
      config: { permission: 'circuit.manage' },
      schema: { tags, params: CategoryCircuitParams, response: { 200: CategoryCircuitsResponse } },
    },
    async (request) =>
      circuits.linkCategory(contextOf(request, deps), request.params.id, request.params.circuitId),
  );

  app.delete(
    '/categories/:id/circuits/:circuitId',
    {
      config: { permission: 'circuit.manage' },
      schema: { tags, params: CategoryCircuitParams, response: { 200: CategoryCircuitsResponse } },
    },
    async (request) =>
      circuits.unlinkCategory(contextOf(request, deps), request.params.id, request.params.circuitId),
  );
}
