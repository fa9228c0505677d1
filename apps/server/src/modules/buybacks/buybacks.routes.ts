import {
  BuybackAdditionalInfosResponse,
  type BuybackChannel,
  BuybackCollectionResponse,
  BuybackEditionResponse,
  BuybackInstructionsResponse,
  BuybackQuestionnaireResponse,
  BuybackResponse,
  BuybackSettingsResponse,
  CancelBuybackRequest,
  CartResponse,
  CreateCartRequest,
  CreateStoreBuybackRequest,
  DocumentQuery,
  EditBuybackRequest,
  EstimateRequest,
  EstimateResponse,
  FinalizeBuybackRequest,
  IdentificationNumberParams,
  IdParams,
  ListBuybacksQuery,
  MarkLostRequest,
  PatchBuybackRequest,
  StoreBuybackParams,
  StoreParams,
} from '@reprise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/context';
import { isDatabaseUnavailable } from '../../platform/db-faults';
import type { AppDeps } from '../../platform/deps';
import { sendPdfDownload } from '../../platform/documents/pdf-reply';
import { AppError } from '../../platform/errors';
import { type IdempotentAnswer, idempotencyKeyOf, runIdempotentIn } from '../../platform/idempotency';
import { pageResponse } from '../../platform/pagination';
import { contextOf, type RequestContext, type TxContext, transact } from '../../platform/request-context';
import * as documents from './buyback-documents.service';
import * as buybacks from './buybacks.service';
import { createBuybacks, lookUpDevicesOf } from './create-buybacks.service';
import { dropSlipPdf } from './drop-slip.service';
import * as edition from './edition.service';
import * as label from './shipping-label.service';
import * as wizard from './wizard.service';

const tags = ['buybacks'];
const wizardTags = ['buyback wizard'];

/** The wizard: the back office, and a public site's visitor (web channel only). */
const WIZARD = ['buyback.create', 'web_buyback.create'] as const;
/** Reading a buyback: the back office, and a visitor (only the buybacks it created). */
const READ = ['buyback.detail', 'web_buyback.read'] as const;

const isVisitor = (actor: Actor) => actor.userType === 'pseudo_anonymous';

/** A public site's visitor buys back on the web channel only. */
function requireVisitorWebChannel(actor: Actor, channel: BuybackChannel | undefined): void {
  if (isVisitor(actor) && channel !== 'web') {
    throw new AppError('channel_not_allowed', 'A visitor of the public site uses the web channel only.');
  }
}

/**
 * Runs a creation command once per Idempotency-Key, in one transaction with the key's claim, and
 * answers its (first) response. An unexpected failure becomes `buyback_creation_failed` (the
 * wizard's "inform the account manager").
 */
async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: RequestContext,
  command: (tx: TxContext) => Promise<IdempotentAnswer<T>>,
) {
  const key = idempotencyKeyOf(request);
  const claim = {
    userId: ctx.actor.userId,
    key,
    method: request.method,
    path: request.url.split('?')[0] as string,
    body: request.body,
  };
  let answer: IdempotentAnswer<T> & { replayed: boolean };
  try {
    answer = await transact(ctx, (tx) => runIdempotentIn(tx.trx, claim, () => command(tx)));
  } catch (error) {
    // a lost database connection is not a failed creation: nothing was written, send it again
    if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
    request.log.error({ err: error }, 'buyback creation failed');
    throw new AppError(
      'buyback_creation_failed',
      'The buyback could not be created. Please inform your account manager.',
    );
  }
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}

export function registerBuybackRoutes(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ---------- wizard ----------

  app.get(
    '/products/:id/buyback-questionnaire',
    {
      config: { permission: WIZARD },
      schema: { tags: wizardTags, params: IdParams, response: { 200: BuybackQuestionnaireResponse } },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return wizard.getBuybackQuestionnaire(contextOf(request, deps), request.params.id);
    },
  );

  app.post(
    '/estimates',
    {
      config: { permission: WIZARD },
      schema: { tags: wizardTags, body: EstimateRequest, response: { 200: EstimateResponse } },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      requireVisitorWebChannel(ctx.actor, request.body.channel);
      return wizard.estimate(ctx, request.body);
    },
  );

  app.get(
    '/buyback-settings',
    {
      config: { permission: ['buyback.create', 'buyback.list', 'web_buyback.create'] },
      schema: { tags: wizardTags, response: { 200: BuybackSettingsResponse } },
    },
    async (request) => wizard.getBuybackSettings(contextOf(request, deps)),
  );

  app.post(
    '/store/:storeId/buybacks',
    {
      config: { permission: 'buyback.create' },
      schema: {
        tags,
        params: StoreParams,
        body: CreateStoreBuybackRequest,
        response: { 201: BuybackResponse },
      },
    },
    async (request, reply) => {
      const { customer, iban, externalCode, pickupSlot, ...line } = request.body;
      const ctx = contextOf(request, deps);
      const deviceChecks = await lookUpDevicesOf(ctx, [line]);
      return idempotent(request, reply, ctx, async (tx) => {
        const created = await createBuybacks(tx, {
          deviceChecks,
          channel: 'store',
          storeId: request.params.storeId,
          lines: [line],
          customer,
          iban,
          externalCode: externalCode ?? null,
          asCart: false,
          ...(pickupSlot ? { pickupSlot } : {}),
        });
        return { status: 201, body: created.buybacks[0] };
      });
    },
  );

  app.post(
    '/carts',
    {
      config: { permission: WIZARD },
      schema: { tags, body: CreateCartRequest, response: { 201: CartResponse } },
    },
    async (request, reply) => {
      const body = request.body;
      const ctx = contextOf(request, deps);
      const visitor = isVisitor(ctx.actor);
      // the back office checks out store carts, a public site's visitor web carts only
      if (visitor !== (body.channel === 'web')) {
        throw new AppError(
          'channel_not_allowed',
          visitor
            ? 'A visitor of the public site checks out web carts only.'
            : 'Web carts are checked out on the public site.',
        );
      }
      if (body.channel === 'web' && body.termsAccepted !== true) {
        const message = 'The terms of service must be accepted.';
        throw new AppError('terms_not_accepted', message, [
          { propertyPath: 'termsAccepted', message, code: 'terms_not_accepted' },
        ]);
      }
      const deviceChecks = await lookUpDevicesOf(ctx, body.buybacks);
      return idempotent(request, reply, ctx, async (tx) => {
        const { buybacks: lines, customer, iban, termsAccepted, channel, pickupSlot } = body;
        const created = await createBuybacks(tx, {
          deviceChecks,
          channel,
          storeId: body.channel === 'store' ? body.storeId : null,
          lines,
          customer,
          iban,
          termsAccepted,
          asCart: true,
          ...(pickupSlot ? { pickupSlot } : {}),
        });
        return { status: 201, body: { cartId: created.cartId as string, buybacks: created.buybacks } };
      });
    },
  );

  app.post(
    '/store/:storeId/buybacks/:id/finalize',
    {
      config: { permission: 'buyback.predeclared_access' },
      schema: {
        tags,
        params: StoreBuybackParams,
        body: FinalizeBuybackRequest,
        response: { 200: BuybackResponse },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, contextOf(request, deps), async (tx) => ({
        status: 200,
        body: await buybacks.finalizeBuyback(tx, request.params.storeId, request.params.id),
      })),
  );

  // ---------- management ----------

  app.get(
    '/buybacks',
    {
      config: { permission: 'buyback.list' },
      schema: { tags, querystring: ListBuybacksQuery, response: { 200: BuybackCollectionResponse } },
    },
    async (request) =>
      pageResponse(
        await buybacks.listBuybacks(contextOf(request, deps), request.query),
        request.query,
        request.url,
      ),
  );

  app.get(
    '/buybacks/by-identification-number/:n',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdentificationNumberParams, response: { 200: BuybackResponse } },
    },
    async (request) => buybacks.getBuybackByNumber(contextOf(request, deps), request.params.n),
  );

  app.get(
    '/buybacks/:id',
    {
      config: { permission: READ },
      schema: { tags, params: IdParams, response: { 200: BuybackResponse } },
    },
    async (request) => buybacks.getBuyback(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/buybacks/:id/instructions',
    {
      config: { permission: READ },
      schema: { tags, params: IdParams, response: { 200: BuybackInstructionsResponse } },
    },
    async (request) => buybacks.getInstructions(contextOf(request, deps), request.params.id),
  );

  app.get(
    '/buybacks/:id/additional-infos',
    {
      config: { permission: 'buyback.detail' },
      schema: { tags, params: IdParams, response: { 200: BuybackAdditionalInfosResponse } },
    },
    async (request) => buybacks.getAdditionalInfos(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/buybacks/:id',
    {
      // who makes a buyback gives its external code, or corrects it later
      config: { permission: 'buyback.create' },
      schema: { tags, params: IdParams, body: PatchBuybackRequest, response: { 200: BuybackResponse } },
    },
    async (request) => buybacks.patchBuyback(contextOf(request, deps), request.params.id, request.body),
  );

  // the edition screen (/buyback/{id}/edition): what may still change, then the change (docs/statuses.md)
  app.get(
    '/buybacks/:id/edition',
    {
      config: { permission: 'buyback.create' },
      schema: { tags, params: IdParams, response: { 200: BuybackEditionResponse } },
    },
    async (request) => edition.getEdition(contextOf(request, deps), request.params.id),
  );

  app.patch(
    '/buybacks/:id/edition',
    {
      config: { permission: 'buyback.create' },
      schema: { tags, params: IdParams, body: EditBuybackRequest, response: { 200: BuybackResponse } },
    },
    async (request) => edition.editBuyback(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/buybacks/:id/cancel',
    {
      config: { permission: 'buyback.cancel' },
      schema: { tags, params: IdParams, body: CancelBuybackRequest, response: { 200: BuybackResponse } },
    },
    async (request) => buybacks.cancelBuyback(contextOf(request, deps), request.params.id, request.body),
  );

  app.post(
    '/buybacks/:id/mark-lost',
    {
      config: { permission: 'item.mark_lost_store' },
      schema: { tags, params: IdParams, body: MarkLostRequest, response: { 200: BuybackResponse } },
    },
    async (request) =>
      buybacks.markLostInStore(contextOf(request, deps), request.params.id, request.body?.comment ?? null),
  );

  // the shipping label of web_drop_label and web_post buybacks (HEAD: 200 ready, 425 not yet, 404 not expected)
  app.head(
    '/buybacks/:id/shipping-label',
    { config: { permission: READ }, schema: { tags, params: IdParams } },
    async (request, reply) => {
      await label.checkShippingLabel(contextOf(request, deps), request.params.id);
      return reply.type('application/pdf').header('cache-control', 'private, no-store').send();
    },
  );

  app.get(
    '/buybacks/:id/shipping-label',
    {
      config: { permission: READ },
      schema: { tags, params: IdParams, querystring: DocumentQuery },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const pdf = await label.shippingLabelPdf(
        contextOf(request, deps),
        request.params.id,
        request.query.lang,
      );
      return sendPdfDownload(reply, pdf);
    },
  );

  app.get(
    '/buybacks/:id/documents/drop-slip',
    { config: { permission: READ }, schema: { tags, params: IdParams, querystring: DocumentQuery } },
    async (request, reply) => {
      const pdf = await dropSlipPdf(contextOf(request, deps), request.params.id, request.query.lang);
      return sendPdfDownload(reply, pdf);
    },
  );

  for (const [path, render] of [
    ['transfer-order', documents.transferOrderPdf],
    ['voucher', documents.voucherPdf],
  ] as const) {
    app.get(
      `/buybacks/:id/documents/${path}`,
      { config: { permission: READ }, schema: { tags, params: IdParams, querystring: DocumentQuery } },
      async (request, reply) => {
        const pdf = await render(contextOf(request, deps), request.params.id, request.query.lang);
        return sendPdfDownload(reply, pdf);
      },
    );
  }
}
