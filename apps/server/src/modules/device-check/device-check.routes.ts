import { DeviceCheckListResponse, DeviceCheckRequest, DeviceCheckResponse, IdParams } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as deviceCheck from './device-check.service';

const tags = ['device check'];

/** The stolen-device check's routes (docs/device-check.md). */
export function registerDeviceCheckRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/device-checks',
    {
      config: { permission: 'buyback.create' },
      schema: { tags, body: DeviceCheckRequest, response: { 200: DeviceCheckResponse } },
    },
    async (request) => deviceCheck.checkForWizard(contextOf(request, deps), request.body.imei),
  );

  app.get(
    '/items/:id/device-checks',
    {
      config: { permission: ['buyback.detail', 'buyback_item.control'] },
      schema: { tags, params: IdParams, response: { 200: DeviceCheckListResponse } },
    },
    async (request) => ({
      member: await deviceCheck.listItemChecks(contextOf(request, deps), request.params.id),
    }),
  );
}
