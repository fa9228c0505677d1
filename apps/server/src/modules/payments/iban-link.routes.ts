import {
  IbanRequestParams,
  IbanRequestResponse,
  SubmitIbanRequest,
  SubmitIbanResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { systemContext } from '../../platform/request-context';
import * as ibanLink from './iban-link.service';

const tags = ['payments'];

/**
 * The customer's IBAN link (docs/payments.md, "Transfer without IBAN"): public, the token is the
 * credential, so these routes read with a system context that the service narrows to the payment's
 * account; throttled by address.
 */
export function registerIbanLinkRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anyAccount = () => systemContext(deps, { kind: 'all' });

  app.get(
    '/payments/iban-requests/:token',
    {
      config: { public: true },
      schema: { tags, params: IbanRequestParams, response: { 200: IbanRequestResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ibanLink.getIbanRequest(anyAccount(), request.params.token, { ip: request.ip });
    },
  );

  app.post(
    '/payments/iban-requests/:token',
    {
      config: { public: true },
      schema: {
        tags,
        params: IbanRequestParams,
        body: SubmitIbanRequest,
        response: { 200: SubmitIbanResponse },
      },
    },
    async (request) =>
      ibanLink.submitIban(anyAccount(), request.params.token, request.body, { ip: request.ip }),
  );
}
