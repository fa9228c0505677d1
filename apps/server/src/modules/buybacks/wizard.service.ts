import type {
  BuybackQuestionnaireResponse,
  BuybackSettingsResponse,
  DiagnosticAnswerInput,
  EstimateRequest,
  EstimateResponse,
  PaymentMethod,
  PriceBreakdown,
  ShippingMethod,
} from '@reprise/shared';
import { translatedText } from '@reprise/shared';
import { AccountCache } from '../../platform/account-cache';
import type { Actor } from '../../platform/context';
import type { BuybackAnswerSnapshot } from '../../platform/db.types';
import { AppError } from '../../platform/errors';
import type { BaseContext, RequestContext } from '../../platform/request-context';
import { offeredCircuits } from '../buyback-config';
import { productImageUrl } from '../catalog';
import * as repo from './buybacks.repository';
import { checkAnswers, checkImei } from './diagnosis';
import {
  cartMaxItems,
  hasFeature,
  localizedQuestions,
  type ProductContext,
  priceOf,
  pricesOf,
  productContextOf,
} from './wizard.rules';

/** The wizard's reads and the price computation shared by the estimate and the creation. */

/**
 * The pricing contexts the wizard reads most (questionnaire, estimate) are kept per process and
 * dropped by any committed change to the catalogue or the account's settings. Buyback creation
 * reads its own, in its transaction: the server's price is always the committed one.
 */
const pricingContexts = new AccountCache<Awaited<ReturnType<typeof repo.findPricingContext>>>([
  'product',
  'category',
  'category_diagnostic_questions_order',
  'diagnostic_question',
  'organization_root_detail',
  'account',
]);

/** A published product of the account (any account when null) with its questionnaire, from the process cache when current. */
async function cachedProductContext(
  ctx: BaseContext,
  accountId: string | null,
  productId: string,
): Promise<ProductContext> {
  if (accountId === null) return loadProductContext(ctx, accountId, productId);
  const found = await pricingContexts.read(accountId, productId, () =>
    repo.findPricingContext(ctx, accountId, productId),
  );
  return productContextOf(found);
}

/** A published product of the account (any account when null) with its questionnaire, read now. */
export async function loadProductContext(
  ctx: BaseContext,
  accountId: string | null,
  productId: string,
): Promise<ProductContext> {
  return productContextOf(await repo.findPricingContext(ctx, accountId, productId));
}

/** The catalogue the actor buys back from: its own account's; platform operators any. */
const accountOf = (actor: Actor) => (actor.isPlatform ? null : actor.accountId);

/** The questionnaire in the context's locale where translated, else in the account's language (docs/translations.md). */
export async function getBuybackQuestionnaire(
  ctx: RequestContext,
  productId: string,
): Promise<BuybackQuestionnaireResponse> {
  const { locale } = ctx;
  const { row, questions, imeiRequired } = await cachedProductContext(ctx, accountOf(ctx.actor), productId);
  return {
    product: {
      id: row.id,
      name: translatedText(row.name, row.translations, locale, 'name'),
      brand: row.brand,
      model: row.model,
      imageUrl: productImageUrl(row.id, row.image_key),
      eanCode: row.ean_code,
      tacCodes: row.tac_codes,
      isCollectingIMEI: imeiRequired,
      buybackPrices: pricesOf(row),
      buybackZeroNotAllowed: row.buyback_zero_not_allowed,
      commentForSeller: row.comment_for_seller,
      mainCategory: {
        id: row.category_id,
        label: translatedText(row.category_label, row.category_translations, locale, 'label'),
      },
    },
    questions: localizedQuestions(questions, locale),
  };
}

/**
 * The circuit ("shipping method") and payment mode chosen, among those offered for the product
 * (buyback-config/circuits/offered-circuits.service.ts).
 */
async function chooseCircuit(
  ctx: BaseContext,
  product: repo.PricingContextRow,
  channel: 'store' | 'web',
  country: string | undefined,
  shippingMethodId: string,
  paymentModeId: string | null | undefined,
  paths: { circuit: string; payment: string } = { circuit: 'shippingMethodId', payment: 'paymentModeId' },
  cache?: Map<string, Promise<ShippingMethod[]>>,
): Promise<{ circuit: ShippingMethod; payment: PaymentMethod | null }> {
  const cacheKey = `${product.id}/${channel}/${country ?? ''}`;
  let pending = cache?.get(cacheKey);
  if (!pending) {
    pending = offeredCircuits(ctx, product.account_id, product.id, channel, country);
    cache?.set(cacheKey, pending);
  }
  const offered = await pending;
  const circuit = offered.find((c) => c.id === shippingMethodId);
  if (!circuit) {
    throw new AppError(
      'shipping_method_not_available',
      'This transport mode is not offered for this product.',
      [
        {
          propertyPath: paths.circuit,
          message: 'This transport mode is not offered for this product.',
          code: 'shipping_method_not_available',
        },
      ],
    );
  }
  if (!paymentModeId) return { circuit, payment: null };
  const payment = circuit.paymentMethods.find((p) => p.id === paymentModeId);
  if (!payment) {
    throw new AppError(
      'payment_mode_not_available',
      'This payment mode is not offered with this transport mode.',
      [
        {
          propertyPath: paths.payment,
          message: 'This payment mode is not offered with this transport mode.',
          code: 'payment_mode_not_available',
        },
      ],
    );
  }
  return { circuit, payment };
}

export interface PricedLine {
  context: ProductContext;
  snapshot: BuybackAnswerSnapshot[];
  imei: string | null;
  tacMismatch: boolean;
  circuit: ShippingMethod;
  payment: PaymentMethod;
  breakdown: PriceBreakdown;
  pricingInput: unknown;
}

/** One line of a creation: product, answers, IMEI, circuit and payment mode, price. */
export async function priceLine(
  ctx: BaseContext,
  accountId: string,
  line: {
    productId: string;
    answers: DiagnosticAnswerInput[];
    imei?: string | null;
    shippingMethodId: string;
    paymentModeId: string;
  },
  options: {
    channel: 'store' | 'web';
    country: string | undefined;
    /** '' for a single buyback, 'buybacks.3.' for a cart line. */
    pathPrefix: string;
    contexts: Map<string, Promise<ProductContext>>;
    offeredCircuits: Map<string, Promise<ShippingMethod[]>>;
  },
): Promise<PricedLine> {
  let pending = options.contexts.get(line.productId);
  if (!pending) {
    pending = loadProductContext(ctx, accountId, line.productId);
    options.contexts.set(line.productId, pending);
  }
  const context = await pending;
  const p = options.pathPrefix;
  const { pricingAnswers, snapshot } = checkAnswers(context.questions, line.answers, `${p}answers`);
  const imei = checkImei(
    line.imei,
    { tacCodes: context.row.tac_codes, imeiRequired: context.imeiRequired },
    `${p}imei`,
  );
  const { circuit, payment } = await chooseCircuit(
    ctx,
    context.row,
    options.channel,
    options.country,
    line.shippingMethodId,
    line.paymentModeId,
    { circuit: `${p}shippingMethodId`, payment: `${p}paymentModeId` },
    options.offeredCircuits,
  );
  const { breakdown, input } = priceOf(context.row, pricingAnswers, circuit, payment, `${p}answers`);
  return {
    context,
    snapshot,
    imei: imei.imei,
    tacMismatch: imei.tacMismatch,
    circuit,
    payment: payment as PaymentMethod,
    breakdown,
    pricingInput: input,
  };
}

/** `POST /estimates`: the price of a product for the answers given (and a transport and payment). */
export async function estimate(ctx: RequestContext, input: EstimateRequest): Promise<EstimateResponse> {
  if (input.paymentModeId && !input.shippingMethodId) {
    throw new AppError('validation_failed', 'Choose the transport mode before the payment mode.', [
      { propertyPath: 'shippingMethodId', message: 'Choose the transport mode first.', code: 'required' },
    ]);
  }
  const { row, questions } = await cachedProductContext(ctx, accountOf(ctx.actor), input.productId);
  const imei = checkImei(input.imei, { tacCodes: row.tac_codes, imeiRequired: false });
  const { pricingAnswers } = checkAnswers(questions, input.answers);
  const chosen = input.shippingMethodId
    ? await chooseCircuit(ctx, row, input.channel, input.country, input.shippingMethodId, input.paymentModeId)
    : null;
  const { breakdown } = priceOf(row, pricingAnswers, chosen?.circuit ?? null, chosen?.payment ?? null);
  const { zeroRefused: _zero, ...price } = breakdown;
  return {
    ...price,
    product: {
      id: row.id,
      name: row.name,
      brand: row.brand,
      model: row.model,
      imageUrl: productImageUrl(row.id, row.image_key),
    },
    categoryId: row.category_id,
    shippingMethodId: chosen?.circuit.id ?? null,
    paymentModeId: chosen?.payment?.id ?? null,
    imeiTacMismatch: imei.tacMismatch,
  };
}

/** `GET /buyback-settings` of the actor's account. */
export async function getBuybackSettings(ctx: RequestContext): Promise<BuybackSettingsResponse> {
  const settings = await repo.findAccountSettings(ctx, ctx.actor.accountId);
  if (!settings) throw new AppError('not_found', 'This account does not exist.');
  return {
    customer_identity_document_required: settings.customer_identity_document_required ?? false,
    cart_min_value: settings.cart_min_value ?? 0,
    cart_max_items: cartMaxItems(settings.enabled_premium_features),
    imei_search_and_collect: hasFeature(settings.enabled_premium_features, 'imei_search_and_collect'),
    currency: settings.currency,
  };
}
