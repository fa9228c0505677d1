import { AccountResponse, IdParams, UpdateDesignRequest } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf, systemContext } from '../../platform/request-context';
import { ACCOUNT_IMAGES, type AccountImageKind, imageCacheControl } from './account-images';
import * as accounts from './accounts.service';
import { registerLinkedBuyerRoutes } from './linked-buyers.routes';
import { registerRootDetailRoutes } from './root-details.routes';
import { readUploadedFile } from './uploaded-file';

const tags = ['accounts'];
const ImageQuery = z.object({ v: z.string().max(64).optional() });

export function registerAccountRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/accounts/:id',
    {
      config: { authenticated: true },
      schema: { tags, params: IdParams, response: { 200: AccountResponse } },
    },
    async (request) => accounts.getAccount(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/accounts/:id/design',
    {
      config: { permission: 'design' },
      schema: { tags, params: IdParams, body: UpdateDesignRequest, response: { 200: AccountResponse } },
    },
    async (request) => accounts.updateDesign(contextOf(request, deps), request.params.id, request.body),
  );

  for (const kind of ['logo', 'favicon'] as const satisfies AccountImageKind[]) {
    app.put(
      `/accounts/:id/${kind}`,
      {
        config: { permission: 'design' },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: IdParams,
          response: { 200: AccountResponse },
        },
      },
      async (request) => {
        const data = await readUploadedFile(request, ACCOUNT_IMAGES[kind].maxBytes);
        return accounts.replaceImage(contextOf(request, deps), request.params.id, kind, data);
      },
    );

    app.delete(
      `/accounts/:id/${kind}`,
      {
        config: { permission: 'design' },
        schema: { tags, params: IdParams, response: { 200: AccountResponse } },
      },
      async (request) => accounts.removeImage(contextOf(request, deps), request.params.id, kind),
    );

    // public: the login page and the public site show the account's logo and favicon
    app.get(
      `/accounts/:id/${kind}`,
      { config: { public: true }, schema: { tags, params: IdParams, querystring: ImageQuery } },
      async (request, reply) => {
        const { id } = request.params;
        const image = await accounts.readImage(
          systemContext(deps, { kind: 'account', accountId: id }),
          id,
          kind,
        );
        const etag = `"${image.version}"`;
        reply
          .header('cache-control', imageCacheControl(request.query.v, image.version))
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type(image.contentType).send(image.data);
      },
    );
  }

  registerRootDetailRoutes(fastify, deps);
  registerLinkedBuyerRoutes(fastify, deps);
}
