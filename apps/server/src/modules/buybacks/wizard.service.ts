import {
  type BuybackQuestionnaireResponse,
  type BuybackSettingsResponse,
  CART_MAX_ITEMS_MULTI,
  CART_MAX_ITEMS_SINGLE,
  computePrice,
  type DiagnosticAnswerInput,
  type EstimateRequest,
  type EstimateResponse,
  type Locale,
  localized,
  type PaymentMethod,
  type PriceBreakdown,
  type PricingAnswer,
  type ShippingMethod,
  translatedText,
} from '@reprise/shared';
import { AccountCache } from '../../platform/account-cache';
import type { Actor } from '../../platform/context';
import type { Db } from '../../platform/db';
import type { BuybackAnswerSnapshot } from '../../platform/db.types';
import { AppError } from '../../platform/errors';
import { resolveShippingMethods } from '../buyback-config/shipping-methods';
import { productImageUrl } from './buybacks.mapper';
import * as repo from './buybacks.repository';
import { checkAnswers, checkImei } from './diagnosis';

/** The wizard's reads and the price computation shared by the estimate and the creation. */

export const productNotFound = () =>
  new AppError('product_not_found', 'This product does not exist, is not published or is no longer offered.');

export const hasFeature = (features: string[] | null | undefined, feature: string) =>
  (features ?? []).includes(feature);

export interface ProductContext {
  row: repo.PricingContextRow;
  /** With their translations: the questionnaire answers in the reader's language. */
  questions: repo.QuestionJson[];
  /** The product collects its IMEI and the account has imei_search_and_collect. */
  imeiRequired: boolean;
}

/** A published product of the account (any account when null) with its questionnaire: two queries. */
/**
 * The pricing contexts the wizard reads most (questionnaire, estimate) are kept per process and
 * dropped by any committed change to the catalogue or the account's settings. Buyback creation
 * reads its own, in its transaction: the server's price is always the committed one.
 */
const pricingContexts = new AccountCache<Awaited<ReturnType<typeof repo.findPricingContext>>>([
  'product',
  'category',
  'category_questions_order',
  'diagnostic_question',
  'organization_root_detail',
  'account',
]);

/** The published product's pricing context, from the process cache when it is current. */
export async function cachedProductContext(
  db: Db,
  accountId: string | null,
  productId: string,
): Promise<ProductContext> {
  if (accountId === null) return loadProductContext(db, accountId, productId);
  const found = await pricingContexts.read(accountId, productId, () =>
    repo.findPricingContext(db, accountId, productId),
  );
  return productContextOf(found);
}

export async function loadProductContext(
  db: Db,
  accountId: string | null,
  productId: string,
): Promise<ProductContext> {
  return productContextOf(await repo.findPricingContext(db, accountId, productId));
}

function productContextOf(found: Awaited<ReturnType<typeof repo.findPricingContext>>): ProductContext {
  if (found?.status !== 'published') throw productNotFound();
  const { questions, ...row } = found;
  return {
    row,
    questions,
    imeiRequired:
      row.is_collecting_imei && hasFeature(row.enabled_premium_features, 'imei_search_and_collect'),
  };
}

/** The catalogue the actor buys back from: its own account's; platform operators any. */
const accountOf = (actor: Actor) => (actor.isPlatform ? null : actor.accountId);

/** The questionnaire in `locale` where translated, else in the account's language (docs/translations.md). */
export async function getBuybackQuestionnaire(
  db: Db,
  actor: Actor,
  productId: string,
  locale: Locale | null = null,
): Promise<BuybackQuestionnaireResponse> {
  const { row, questions, imeiRequired } = await cachedProductContext(db, accountOf(actor), productId);
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
      buybackPrices: repo.pricesOf(row),
      buybackZeroNotAllowed: row.buyback_zero_not_allowed,
      commentForSeller: row.comment_for_seller,
      mainCategory: {
        id: row.category_id,
        label: translatedText(row.category_label, row.category_translations, locale, 'label'),
      },
    },
    questions: questions.map(({ translations, categoryTranslations, answers, ...question }) => ({
      ...localized(question, translations, locale, ['title', 'description']),
      categoryLabel: translatedText(question.categoryLabel, categoryTranslations, locale, 'label'),
      answers: answers.map(({ translations: answerTranslations, ...answer }) =>
        localized(answer, answerTranslations, locale, ['title', 'description']),
      ),
    })),
  };
}

/** The shipping method and payment mode chosen, among those the product may use (helper B's rules). */
export async function chooseShipping(
  db: Db,
  product: repo.PricingContextRow,
  channel: 'store' | 'web',
  country: string | undefined,
  shippingMethodId: string,
  paymentModeId: string | null | undefined,
  paths: { shipping: string; payment: string } = { shipping: 'shippingMethodId', payment: 'paymentModeId' },
  cache?: Map<string, Promise<ShippingMethod[]>>,
): Promise<{ method: ShippingMethod; payment: PaymentMethod | null }> {
  const cacheKey = `${product.id}/${channel}/${country ?? ''}`;
  let pending = cache?.get(cacheKey);
  if (!pending) {
    pending = resolveShippingMethods(db, product.account_id, product.id, channel, country);
    cache?.set(cacheKey, pending);
  }
  const methods = await pending;
  const method = methods.find((m) => m.id === shippingMethodId);
  if (!method) {
    throw new AppError(
      'shipping_method_not_available',
      'This transport mode is not offered for this product.',
      [
        {
          propertyPath: paths.shipping,
          message: 'This transport mode is not offered for this product.',
          code: 'shipping_method_not_available',
        },
      ],
    );
  }
  if (!paymentModeId) return { method, payment: null };
  const payment = method.paymentMethods.find((p) => p.id === paymentModeId);
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
  return { method, payment };
}

/** The server's price: the shared pricing module, never a price sent by a client. */
export function priceOf(
  product: repo.PricingContextRow,
  answers: PricingAnswer[],
  method: ShippingMethod | null,
  payment: PaymentMethod | null,
  propertyPath?: string,
): { breakdown: PriceBreakdown; input: Parameters<typeof computePrice>[0] } {
  const input = {
    prices: repo.pricesOf(product),
    answers,
    paymentModifier: payment?.modifier ?? null,
    shippingModifier: method?.modifier ?? null,
    bonusCents: 0,
    buybackZeroNotAllowed: product.buyback_zero_not_allowed,
  };
  const breakdown = computePrice(input);
  // zero refused: a zero total, or no price (zero) for the declared state
  if (breakdown.zeroRefused || (product.buyback_zero_not_allowed && breakdown.basePriceCents === 0)) {
    const message = 'This product cannot be bought back at this price (zero is not allowed).';
    throw new AppError(
      'no_buyback_price',
      message,
      propertyPath ? [{ propertyPath, message, code: 'no_buyback_price' }] : undefined,
    );
  }
  return { breakdown, input };
}

export interface PricedLine {
  context: ProductContext;
  snapshot: BuybackAnswerSnapshot[];
  imei: string | null;
  tacMismatch: boolean;
  method: ShippingMethod;
  payment: PaymentMethod;
  breakdown: PriceBreakdown;
  pricingInput: unknown;
}

/** One line of a creation: product, answers, IMEI, shipping and payment, price. */
export async function priceLine(
  db: Db,
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
    methods: Map<string, Promise<ShippingMethod[]>>;
  },
): Promise<PricedLine> {
  let pending = options.contexts.get(line.productId);
  if (!pending) {
    pending = loadProductContext(db, accountId, line.productId);
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
  const { method, payment } = await chooseShipping(
    db,
    context.row,
    options.channel,
    options.country,
    line.shippingMethodId,
    line.paymentModeId,
    { shipping: `${p}shippingMethodId`, payment: `${p}paymentModeId` },
    options.methods,
  );
  const { breakdown, input } = priceOf(context.row, pricingAnswers, method, payment, `${p}answers`);
  return {
    context,
    snapshot,
    imei: imei.imei,
    tacMismatch: imei.tacMismatch,
    method,
    payment: payment as PaymentMethod,
    breakdown,
    pricingInput: input,
  };
}

/** `POST /estimates`: the price of a product for the answers given (and a transport and payment). */
export async function estimate(db: Db, actor: Actor, input: EstimateRequest): Promise<EstimateResponse> {
  if (input.paymentModeId && !input.shippingMethodId) {
    throw new AppError('validation_failed', 'Choose the transport mode before the payment mode.', [
      { propertyPath: 'shippingMethodId', message: 'Choose the transport mode first.', code: 'required' },
    ]);
  }
  const { row, questions } = await cachedProductContext(db, accountOf(actor), input.productId);
  const imei = checkImei(input.imei, { tacCodes: row.tac_codes, imeiRequired: false });
  const { pricingAnswers } = checkAnswers(questions, input.answers);
  const chosen = input.shippingMethodId
    ? await chooseShipping(db, row, input.channel, input.country, input.shippingMethodId, input.paymentModeId)
    : null;
  const { breakdown } = priceOf(row, pricingAnswers, chosen?.method ?? null, chosen?.payment ?? null);
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
    shippingMethodId: chosen?.method.id ?? null,
    paymentModeId: chosen?.payment?.id ?? null,
    imeiTacMismatch: imei.tacMismatch,
  };
}

export function cartMaxItems(features: string[] | null | undefined): number {
  return hasFeature(features, 'multi_product_cart') ? CART_MAX_ITEMS_MULTI : CART_MAX_ITEMS_SINGLE;
}

/** `GET /buyback-settings` of the actor's account. */
export async function getBuybackSettings(db: Db, actor: Actor): Promise<BuybackSettingsResponse> {
  const settings = await repo.findAccountSettings(db, actor.accountId);
  if (!settings) throw new AppError('not_found', 'This account does not exist.');
  return {
    customer_identity_document_required: settings.customer_identity_document_required ?? false,
    cart_min_value: settings.cart_min_value ?? 0,
    cart_max_items: cartMaxItems(settings.enabled_premium_features),
    imei_search_and_collect: hasFeature(settings.enabled_premium_features, 'imei_search_and_collect'),
    currency: settings.currency,
  };
}
