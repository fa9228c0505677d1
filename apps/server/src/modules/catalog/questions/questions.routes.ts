import {
  CategoryIdParams,
  CreateQuestionRequest,
  IdParams,
  PatchQuestionRequest,
  QuestionnaireResponse,
  QuestionResponse,
  ReorderQuestionsRequest,
  ReplaceQuestionRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-hook';
import type { AppDeps } from '../../../platform/deps';
import * as questions from './questions.service';

const tags = ['catalogue: diagnostic questions'];

export function registerQuestionRoutes(fastify: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/categories/:categoryId/questions',
    {
      config: { permission: 'question.list' },
      schema: { tags, params: CategoryIdParams, response: { 200: z.array(QuestionResponse) } },
    },
    async (request) => questions.listCategoryQuestions(db, actorOf(request), request.params.categoryId),
  );

  app.post(
    '/categories/:categoryId/questions',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: CategoryIdParams,
        body: CreateQuestionRequest,
        response: { 201: QuestionResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await questions.createQuestion(db, actorOf(request), request.params.categoryId, request.body)),
  );

  app.post(
    '/categories/:categoryId/questions/order',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: CategoryIdParams,
        body: ReorderQuestionsRequest,
        response: { 200: z.array(QuestionResponse) },
      },
    },
    async (request) =>
      questions.reorderQuestions(db, actorOf(request), request.params.categoryId, request.body),
  );

  app.get(
    '/questions/:id',
    {
      config: { permission: 'question.detail' },
      schema: { tags, params: IdParams, response: { 200: QuestionResponse } },
    },
    async (request) => questions.getQuestion(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/questions/:id',
    {
      config: { permission: 'question.create' },
      schema: { tags, params: IdParams, body: PatchQuestionRequest, response: { 200: QuestionResponse } },
    },
    async (request) => questions.updateQuestion(db, actorOf(request), request.params.id, request.body),
  );

  // PUT takes the whole question (answers in their order), PATCH only the fields sent
  app.put(
    '/questions/:id',
    {
      config: { permission: 'question.create' },
      schema: { tags, params: IdParams, body: ReplaceQuestionRequest, response: { 200: QuestionResponse } },
    },
    async (request) => questions.updateQuestion(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/questions/:id',
    { config: { permission: 'question.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await questions.deleteQuestion(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/products/:id/questionnaire',
    {
      config: { permission: 'question.list' },
      schema: { tags, params: IdParams, response: { 200: QuestionnaireResponse } },
    },
    async (request) => questions.getQuestionnaire(db, actorOf(request), request.params.id),
  );
}
