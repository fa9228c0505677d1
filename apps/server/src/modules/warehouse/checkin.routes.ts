import { CheckinItemResponse, CheckinRequest, CheckinSettingsResponse } from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import * as checkin from './checkin.service';

const tags = ['warehouse check-in'];

export function registerCheckinRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // any signed-in user: the menu and the home page hide the check-in entry when it is disabled
  app.get(
    '/warehouse/checkin/settings',
    { config: { authenticated: true }, schema: { tags, response: { 200: CheckinSettingsResponse } } },
    async (request) => ({ requirement: await checkin.getCheckinRequirement(contextOf(request, deps)) }),
  );

  app.post(
    '/warehouse/checkin',
    {
      config: { permission: 'warehouse_checkin.submenu' },
      schema: { tags, body: CheckinRequest, response: { 200: CheckinItemResponse } },
    },
    async (request) => checkin.checkIn(contextOf(request, deps), request.body.code),
  );
}
