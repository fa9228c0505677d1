import {
  FinalizeRefurbDiagnosisRequest,
  IdParams,
  RefurbDiagnosisAnswersRequest,
  RefurbDiagnosisPlanRequest,
  RefurbDiagnosisQuestionsResponse,
  RefurbDiagnosisRefurbStepsResponse,
  RefurbDiagnosisResponse,
  RefurbDiagnosisStocksResponse,
  StartRefurbDiagnosisRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as refurbDiagnosis from './refurb-diagnosis.service';

const tags = ['refurbishment diagnosis'];
const WRITE = 'refurb_diagnostic.write' as const;

/** The refurbishment diagnosis of an item: start or resume, questions, answers, plan, stocks, finalize. */
export function registerRefurbDiagnosisRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/refurb-diagnoses',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: {
        tags,
        body: StartRefurbDiagnosisRequest,
        response: { 200: RefurbDiagnosisResponse, 201: RefurbDiagnosisResponse },
      },
    },
    async (request, reply) => {
      const started = await refurbDiagnosis.startRefurbDiagnosis(contextOf(request, deps), request.body.code);
      reply.code(started.created ? 201 : 200);
      return started.diagnosis;
    },
  );

  app.get(
    '/refurb-diagnoses/:id',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: { tags, params: IdParams, response: { 200: RefurbDiagnosisResponse } },
    },
    async (request) => refurbDiagnosis.getRefurbDiagnosis(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/refurb-diagnoses/:id/questions',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: { tags, params: IdParams, response: { 200: RefurbDiagnosisQuestionsResponse } },
    },
    async (request) => refurbDiagnosis.getRefurbQuestions(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/refurb-diagnoses/:id/refurb-steps',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: { tags, params: IdParams, response: { 200: RefurbDiagnosisRefurbStepsResponse } },
    },
    async (request) => refurbDiagnosis.getRefurbSteps(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/refurb-diagnoses/:id/stocks',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: { tags, params: IdParams, response: { 200: RefurbDiagnosisStocksResponse } },
    },
    async (request) => refurbDiagnosis.getStocks(contextOf(request, deps), request.params.id),
  );

  app.put(
    '/refurb-diagnoses/:id/answers',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: {
        tags,
        params: IdParams,
        body: RefurbDiagnosisAnswersRequest,
        response: { 200: RefurbDiagnosisResponse },
      },
    },
    async (request) => refurbDiagnosis.saveAnswers(contextOf(request, deps), request.params.id, request.body),
  );

  app.put(
    '/refurb-diagnoses/:id/plan',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: {
        tags,
        params: IdParams,
        body: RefurbDiagnosisPlanRequest,
        response: { 200: RefurbDiagnosisResponse },
      },
    },
    async (request) => refurbDiagnosis.savePlan(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/refurb-diagnoses/:id/finalize',
    {
      config: { permission: WRITE, refurbishmentFeature: 'diagnosis' },
      schema: {
        tags,
        params: IdParams,
        body: FinalizeRefurbDiagnosisRequest,
        response: { 200: RefurbDiagnosisResponse },
      },
    },
    async (request) =>
      refurbDiagnosis.finalizeRefurbDiagnosis(contextOf(request, deps), request.params.id, request.body),
  );

  // the item page's tab (another screen): whoever reads items in stock
  app.get(
    '/items/:id/refurb-diagnosis',
    {
      config: { permission: 'items_stock.read' },
      schema: { tags, params: IdParams, response: { 200: RefurbDiagnosisResponse } },
    },
    async (request) => refurbDiagnosis.getItemRefurbDiagnosis(contextOf(request, deps), request.params.id),
  );
}
