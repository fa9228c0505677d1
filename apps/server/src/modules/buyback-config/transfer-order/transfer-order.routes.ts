import {
  PutTransferOrderSettingsRequest,
  TransferOrderSettingsQuery,
  TransferOrderSettingsResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { contextOf } from '../../../platform/request-context';
import * as transferOrder from './transfer-order.service';

const tags = ['configuration: transfer order'];

export function registerTransferOrderRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings/transfer-order',
    {
      config: { permission: 'transfer_order_settings' },
      schema: {
        tags,
        querystring: TransferOrderSettingsQuery,
        response: { 200: TransferOrderSettingsResponse },
      },
    },
    async (request) =>
      transferOrder.getTransferOrderSettings(contextOf(request, deps), request.query.accountId),
  );

  app.put(
    '/settings/transfer-order',
    {
      config: { permission: 'transfer_order_settings' },
      schema: {
        tags,
        querystring: TransferOrderSettingsQuery,
        body: PutTransferOrderSettingsRequest,
        response: { 200: TransferOrderSettingsResponse },
      },
    },
    async (request) =>
      transferOrder.putTransferOrderSettings(contextOf(request, deps), request.body, request.query.accountId),
  );
}
