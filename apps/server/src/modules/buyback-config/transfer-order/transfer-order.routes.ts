import {
  PutTransferOrderSettingsRequest,
  TransferOrderSettingsQuery,
  TransferOrderSettingsResponse,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/auth-hook';
import type { AppDeps } from '../../../platform/deps';
import * as transferOrder from './transfer-order.service';

const tags = ['configuration: transfer order'];

export function registerTransferOrderRoutes(fastify: FastifyInstance, { db }: Pick<AppDeps, 'db'>): void {
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
    async (request) => transferOrder.getTransferOrderSettings(db, actorOf(request), request.query.accountId),
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
      transferOrder.putTransferOrderSettings(db, actorOf(request), request.body, request.query.accountId),
  );
}
