import {
  DashboardDataQuery,
  DashboardDataResponse,
  DeviceHistoryQuery,
  DeviceHistoryResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { contextOf } from '../../platform/request-context';
import { deviceHistory } from './device-history.service';
import { getDashboardData } from './statistics.service';

const tags = ['dashboard'];

/** The home dashboard (docs/dashboard.md): the weekly statistics and the device history. */
export function registerDashboardRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dashboard-data',
    {
      config: { permission: 'dashboard.read' },
      schema: { tags, querystring: DashboardDataQuery, response: { 200: DashboardDataResponse } },
    },
    async (request) => getDashboardData(contextOf(request, deps), request.query),
  );

  // a device's visits are buybacks: whoever lists buybacks may search them
  app.get(
    '/device-history',
    {
      config: { permission: 'buyback.list' },
      schema: { tags, querystring: DeviceHistoryQuery, response: { 200: DeviceHistoryResponse } },
    },
    async (request) => deviceHistory(contextOf(request, deps), request.query),
  );
}
