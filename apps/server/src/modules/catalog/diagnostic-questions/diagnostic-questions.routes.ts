import {
  CategoryIdParams,
  CreateDiagnosticQuestionRequest,
  DiagnosticQuestionResponse,
  IdParams,
  PatchDiagnosticQuestionRequest,
  QuestionnaireResponse,
  ReorderDiagnosticQuestionsRequest,
  ReplaceDiagnosticQuestionRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { contextOf } from '../../../platform/request-context';
import * as diagnosticQuestions from './diagnostic-questions.service';

const tags = ['catalogue: diagnostic questions'];

/** The diagnostic questions of the categories; the API's paths name them `questions`. */
export function registerDiagnosticQuestionRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/categories/:categoryId/questions',
    {
      config: { permission: 'question.list' },
      schema: { tags, params: CategoryIdParams, response: { 200: z.array(DiagnosticQuestionResponse) } },
    },
    async (request) =>
      diagnosticQuestions.listCategoryDiagnosticQuestions(
        contextOf(request, deps),
        request.params.categoryId,
      ),
  );

  app.post(
    '/categories/:categoryId/questions',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: CategoryIdParams,
        body: CreateDiagnosticQuestionRequest,
        response: { 201: DiagnosticQuestionResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await diagnosticQuestions.createDiagnosticQuestion(
            contextOf(request, deps),
            request.params.categoryId,
            request.body,
          ),
        ),
  );

  app.post(
    '/categories/:categoryId/questions/order',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: CategoryIdParams,
        body: ReorderDiagnosticQuestionsRequest,
        response: { 200: z.array(DiagnosticQuestionResponse) },
      },
    },
    async (request) =>
      diagnosticQuestions.reorderDiagnosticQuestions(
        contextOf(request, deps),
        request.params.categoryId,
        request.body,
      ),
  );

  app.get(
    '/questions/:id',
    {
      config: { permission: 'question.detail' },
      schema: { tags, params: IdParams, response: { 200: DiagnosticQuestionResponse } },
    },
    async (request) => diagnosticQuestions.getDiagnosticQuestion(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/questions/:id',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: IdParams,
        body: PatchDiagnosticQuestionRequest,
        response: { 200: DiagnosticQuestionResponse },
      },
    },
    async (request) =>
      diagnosticQuestions.updateDiagnosticQuestion(contextOf(request, deps), request.params.id, request.body),
  );

  // PUT takes the whole question (answers in their order), PATCH only the fields sent
  app.put(
    '/questions/:id',
    {
      config: { permission: 'question.create' },
      schema: {
        tags,
        params: IdParams,
        body: ReplaceDiagnosticQuestionRequest,
        response: { 200: DiagnosticQuestionResponse },
      },
    },
    async (request) =>
      diagnosticQuestions.updateDiagnosticQuestion(contextOf(request, deps), request.params.id, request.body),
  );

  app.delete(
    '/questions/:id',
    { config: { permission: 'question.create' }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await diagnosticQuestions.deleteDiagnosticQuestion(contextOf(request, deps), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/products/:id/questionnaire',
    {
      config: { permission: 'question.list' },
      schema: { tags, params: IdParams, response: { 200: QuestionnaireResponse } },
    },
    async (request) => diagnosticQuestions.getQuestionnaire(contextOf(request, deps), request.params.id),
  );
}
