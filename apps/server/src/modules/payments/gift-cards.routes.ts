import {
  DocumentQuery,
  GiftCardCodeParams,
  GiftCardResponse,
  IdParams,
  RedeemGiftCardRequest,
} from '@reprise/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { contextOf } from '../../platform/request-context';
import * as giftCards from './gift-cards.service';

const tags = ['gift cards'];

/**
 * Gift cards and vouchers (docs/payments.md): looked up and redeemed at the store counter
 * (`voucher.redeem`), and a gift card's PDF from the buyback it paid (`buyback.detail`).
 */
export function registerGiftCardRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const redeem = { permission: 'voucher.redeem' } as const;

  app.get(
    '/gift-cards/by-code/:code',
    { config: redeem, schema: { tags, params: GiftCardCodeParams, response: { 200: GiftCardResponse } } },
    async (request) => giftCards.getGiftCard(contextOf(request, deps), request.params.code),
  );

  app.post(
    '/gift-cards/by-code/:code/redemptions',
    {
      config: redeem,
      schema: {
        tags,
        params: GiftCardCodeParams,
        body: RedeemGiftCardRequest,
        response: { 201: GiftCardResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await giftCards.redeemGiftCard(contextOf(request, deps), request.params.code, request.body)),
  );

  app.get(
    '/buybacks/:id/documents/gift-card',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, querystring: DocumentQuery },
    },
    async (request, reply) => {
      const pdf = await giftCards.giftCardPdf(
        contextOf(request, deps),
        request.params.id,
        request.query.lang,
      );
      return sendPdfDownload(reply, pdf);
    },
  );
}
