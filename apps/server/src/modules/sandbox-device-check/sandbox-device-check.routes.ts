import {
  ProblemResponse,
  SandboxDeviceCheckAccountResponse,
  SandboxDeviceCheckAnswerRequest,
  SandboxDeviceCheckImeiParams,
  SandboxDeviceCheckLookupResponse,
  SandboxDeviceCheckRequestsResponse,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { systemContext } from '../../platform/request-context';
import * as provider from './sandbox-device-check.service';

const tags = ['sandbox device check'];

/**
 * The sandbox IMEI blacklist's API (docs/device-check.md), under `/api/sandbox-device-check`,
 * mounted only when SANDBOX_DEVICE_CHECK is on. Public for the platform: the provider
 * authenticates its clients by their API key (`Authorization: Bearer <key>`); accounts are opened
 * by a platform admin only.
 */
export function registerSandboxDeviceCheckRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => systemContext(deps, { kind: 'all' });
  const accountOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return provider.authenticate(ctx(), header?.startsWith('Bearer ') ? header.slice(7).trim() : null);
  };
  const base = '/sandbox-device-check';

  app.post(
    `${base}/accounts`,
    {
      config: { permission: 'client.create' },
      schema: { tags, response: { 201: SandboxDeviceCheckAccountResponse } },
    },
    async (_request, reply) => reply.code(201).send(await provider.signUp(ctx())),
  );

  app.get(
    `${base}/imeis/:imei`,
    {
      config: { public: true },
      schema: {
        tags,
        params: SandboxDeviceCheckImeiParams,
        response: { 200: SandboxDeviceCheckLookupResponse, 503: ProblemResponse },
      },
    },
    async (request, reply) => {
      const answer = await provider.lookup(ctx(), await accountOf(request), request.params.imei);
      if (answer.kind === 'outage')
        return reply.code(503).header('retry-after', '60').type('application/problem+json').send({
          type: 'about:blank',
          title: 'Service unavailable',
          status: 503,
          detail: 'The blacklist is out of service (sandbox answer "outage" or "timeout").',
          code: 'provider_unavailable',
        });
      return answer.body;
    },
  );

  app.put(
    `${base}/imeis/:imei`,
    {
      config: { public: true },
      schema: { tags, params: SandboxDeviceCheckImeiParams, body: SandboxDeviceCheckAnswerRequest },
    },
    async (request, reply) => {
      await provider.setAnswers(ctx(), await accountOf(request), {
        [request.params.imei]: request.body.answer,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/imeis/:imei/requests`,
    {
      config: { public: true },
      schema: {
        tags,
        params: SandboxDeviceCheckImeiParams,
        response: { 200: SandboxDeviceCheckRequestsResponse },
      },
    },
    async (request) => provider.countRequests(ctx(), await accountOf(request), request.params.imei),
  );
}
