import {
  CreateRefurbStepRequest,
  collectionOf,
  IdParams,
  ListRefurbStepsQuery,
  PatchRefurbStepRequest,
  RefurbConfigAccountQuery,
  RefurbConfigAccountsResponse,
  RefurbStepOptionsResponse,
  RefurbStepResponse,
  RefurbStepStockOptionsResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import { listConfigAccounts } from './refurb-config-account';
import * as steps from './refurb-steps.service';

const tags = ['refurbishment: services'];

/** Services (refurb steps) of a buyer account. */
export function registerRefurbStepRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'refurb_step.manage', refurbishmentFeature: 'refurbSteps' } as const;

  app.get(
    '/refurb-steps',
    {
      config: manage,
      schema: {
        tags,
        querystring: ListRefurbStepsQuery,
        response: { 200: collectionOf(RefurbStepResponse) },
      },
    },
    async (request) =>
      pageResponse(
        await steps.listRefurbSteps(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  // the diagnosis screens choose services too: the operators who run diagnoses read them
  app.get(
    '/refurb-steps/options',
    {
      config: { permission: 'refurb_diagnostic.write', refurbishmentFeature: 'diagnosis' },
      schema: { tags, querystring: RefurbConfigAccountQuery, response: { 200: RefurbStepOptionsResponse } },
    },
    async (request) => steps.getRefurbStepOptions(contextOf(request, deps), request.query),
  );

  app.get(
    '/refurb-steps/stock-options',
    {
      config: manage,
      schema: {
        tags,
        querystring: RefurbConfigAccountQuery,
        response: { 200: RefurbStepStockOptionsResponse },
      },
    },
    async (request) => steps.getStockOptions(contextOf(request, deps), request.query),
  );

  app.get(
    '/refurb-steps/accounts',
    { config: manage, schema: { tags, response: { 200: RefurbConfigAccountsResponse } } },
    async (request) => listConfigAccounts(contextOf(request, deps)),
  );

  app.get(
    '/refurb-steps/:id',
    { config: manage, schema: { tags, params: IdParams, response: { 200: RefurbStepResponse } } },
    async (request) => steps.getRefurbStep(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/refurb-steps',
    {
      config: manage,
      schema: {
        tags,
        body: CreateRefurbStepRequest,
        response: { 201: RefurbStepResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await steps.createRefurbStep(contextOf(request, deps), request.body)),
  );

  app.patch(
    '/refurb-steps/:id',
    {
      config: manage,
      schema: { tags, params: IdParams, body: PatchRefurbStepRequest, response: { 200: RefurbStepResponse } },
    },
    async (request) => steps.updateRefurbStep(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/refurb-steps/:id',
    { config: manage, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await steps.deleteRefurbStep(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );
}
