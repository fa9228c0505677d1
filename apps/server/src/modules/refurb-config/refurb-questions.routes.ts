import {
  CreateRefurbQuestionRequest,
  collectionOf,
  IdParams,
  RefurbConfigAccountQuery,
  RefurbQuestionRequest,
  RefurbQuestionResponse,
  RefurbQuestionsOrderRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { pageResponse } from '../../platform/pagination';
import { contextOf } from '../../platform/request-context';
import * as questions from './refurb-questions.service';

const tags = ['refurbishment: diagnosis questions'];
const BASE = '/api/refurb-questions';

/** The whole list as one page (the questions are few and shown in their order). */
const allOf = (page: { member: RefurbQuestionResponse[]; totalItems: number }, url: string) =>
  pageResponse(page, { page: 1, itemsPerPage: Math.max(page.totalItems, 1) }, url);

/** Refurbishment diagnosis questions of a buyer account. */
export function registerRefurbQuestionRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'refurb_diagnostic.manage', refurbishmentFeature: 'diagnosis' } as const;

  app.get(
    '/refurb-questions',
    {
      config: manage,
      schema: {
        tags,
        querystring: RefurbConfigAccountQuery,
        response: { 200: collectionOf(RefurbQuestionResponse) },
      },
    },
    async (request) =>
      allOf(await questions.listQuestions(contextOf(request, deps), request.query), request.url),
  );

  app.put(
    '/refurb-questions/order',
    {
      config: manage,
      schema: {
        tags,
        body: RefurbQuestionsOrderRequest,
        response: { 200: collectionOf(RefurbQuestionResponse) },
      },
    },
    async (request) => allOf(await questions.orderQuestions(contextOf(request, deps), request.body), BASE),
  );

  app.get(
    '/refurb-questions/:id',
    { config: manage, schema: { tags, params: IdParams, response: { 200: RefurbQuestionResponse } } },
    async (request) => questions.getQuestion(contextOf(request, deps), request.params.id),
  );

  app.post(
    '/refurb-questions',
    {
      config: manage,
      schema: {
        tags,
        body: CreateRefurbQuestionRequest,
        response: { 201: RefurbQuestionResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await questions.createQuestion(contextOf(request, deps), request.body)),
  );

  app.put(
    '/refurb-questions/:id',
    {
      config: manage,
      schema: {
        tags,
        params: IdParams,
        body: RefurbQuestionRequest,
        response: { 200: RefurbQuestionResponse },
      },
    },
    async (request) => questions.updateQuestion(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/refurb-questions/:id',
    { config: manage, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await questions.deleteQuestion(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );
}
