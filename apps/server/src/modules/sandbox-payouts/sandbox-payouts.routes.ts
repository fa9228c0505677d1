import {
  IdParams,
  SandboxPayoutAccountPatch,
  SandboxPayoutAccountRequest,
  SandboxPayoutAccountResponse,
  SandboxPayoutOutcomeRequest,
  SandboxPayoutRequest,
  SandboxPayoutResponse,
  SandboxPayoutSignUpResponse,
} from '@reprise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { systemContext } from '../../platform/request-context';
import { PAYOUT_SIGNATURE_HEADER } from '../payments';
import * as provider from './sandbox-payouts.service';

const tags = ['sandbox payouts'];

/**
 * The sandbox bank and wallet's API (docs/payments.md), under `/api/sandbox-payouts`, mounted only
 * when SANDBOX_PAYOUTS is on. Public for the platform: the provider authenticates its clients by
 * their app secret (`Authorization: Bearer <secret>`); its rows belong to no tenant. Accounts are
 * opened by a platform admin only.
 */
export function registerSandboxPayoutRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = () => systemContext(deps, { kind: 'all' });
  const secretOf = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  };
  const accountOf = (request: FastifyRequest) => provider.authenticate(ctx(), secretOf(request));
  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const base = '/sandbox-payouts';

  app.post(
    `${base}/accounts`,
    {
      config: { permission: 'client.create' },
      schema: { tags, body: SandboxPayoutAccountRequest, response: { 201: SandboxPayoutSignUpResponse } },
    },
    async (request, reply) => reply.code(201).send(await provider.signUp(ctx(), request.body)),
  );

  app.get(
    `${base}/accounts/me`,
    { config: { public: true }, schema: { tags, response: { 200: SandboxPayoutAccountResponse } } },
    async (request) => provider.getAccount(await accountOf(request)),
  );

  app.patch(
    `${base}/accounts/me`,
    {
      config: { public: true },
      schema: { tags, body: SandboxPayoutAccountPatch, response: { 200: SandboxPayoutAccountResponse } },
    },
    async (request) => provider.updateAccount(ctx(), await accountOf(request), request.body),
  );

  app.post(
    `${base}/payouts`,
    {
      config: { public: true },
      schema: {
        tags,
        body: SandboxPayoutRequest,
        response: { 200: SandboxPayoutResponse, 201: SandboxPayoutResponse },
      },
    },
    async (request, reply) => {
      const { created, payout } = await provider.createPayout(ctx(), await accountOf(request), {
        body: request.body,
        idempotencyKey: header(request, 'idempotency-key'),
        signature: header(request, PAYOUT_SIGNATURE_HEADER),
      });
      return reply.code(created ? 201 : 200).send(payout);
    },
  );

  app.get(
    `${base}/payouts/:id`,
    {
      config: { public: true },
      schema: { tags, params: IdParams, response: { 200: SandboxPayoutResponse } },
    },
    async (request) => provider.getPayout(ctx(), await accountOf(request), request.params.id),
  );

  app.post(
    `${base}/payouts/:id/outcome`,
    {
      config: { public: true },
      schema: {
        tags,
        params: IdParams,
        body: SandboxPayoutOutcomeRequest,
        response: { 200: SandboxPayoutResponse },
      },
    },
    async (request) =>
      provider.decidePayout(ctx(), await accountOf(request), request.params.id, request.body),
  );
}
