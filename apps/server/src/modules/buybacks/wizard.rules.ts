import {
  type BuybackQuestionnaireResponse,
  CART_MAX_ITEMS_MULTI,
  CART_MAX_ITEMS_SINGLE,
  computePrice,
  type Locale,
  localized,
  type PaymentMethod,
  type PriceBreakdown,
  type PricingAnswer,
  type ProductGrade,
  type ShippingMethod,
  translatedText,
} from '@reprise/shared';
import { AppError } from '../../platform/errors';
import type { DiagnosticQuestionJson, PricingContextRow } from './buybacks.repository';

/** The wizard's rules that need no database: a product's pricing context, its price, the cart's size. */

const productNotFound = () =>
  new AppError('product_not_found', 'This product does not exist, is not published or is no longer offered.');

export const hasFeature = (features: string[] | null | undefined, feature: string) =>
  (features ?? []).includes(feature);

export function cartMaxItems(features: string[] | null | undefined): number {
  return hasFeature(features, 'multi_product_cart') ? CART_MAX_ITEMS_MULTI : CART_MAX_ITEMS_SINGLE;
}

export interface ProductContext {
  row: PricingContextRow;
  /** With their translations: the questionnaire answers in the reader's language. */
  questions: DiagnosticQuestionJson[];
  /** The product collects its IMEI and the account has imei_search_and_collect. */
  imeiRequired: boolean;
}

/** A published product's pricing context; `product_not_found` for anything else. */
export function productContextOf(
  found: (PricingContextRow & { questions: DiagnosticQuestionJson[] }) | undefined,
): ProductContext {
  if (found?.status !== 'published') throw productNotFound();
  const { questions, ...row } = found;
  return {
    row,
    questions,
    imeiRequired:
      row.is_collecting_imei && hasFeature(row.enabled_premium_features, 'imei_search_and_collect'),
  };
}

export const pricesOf = (row: PricingContextRow): Record<ProductGrade, number> => ({
  functional: row.price_functional,
  grade_a: row.price_grade_a,
  grade_b: row.price_grade_b,
  grade_c: row.price_grade_c,
  grade_d: row.price_grade_d,
  grade_e: row.price_grade_e,
});

/** The server's price: the shared pricing module, never a price sent by a client. */
export function priceOf(
  product: PricingContextRow,
  answers: PricingAnswer[],
  circuit: ShippingMethod | null,
  payment: PaymentMethod | null,
  propertyPath?: string,
): { breakdown: PriceBreakdown; input: Parameters<typeof computePrice>[0] } {
  const input = {
    prices: pricesOf(product),
    answers,
    paymentModifier: payment?.modifier ?? null,
    shippingModifier: circuit?.modifier ?? null,
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

/** A questionnaire's questions in the locale where translated (the wizard's, and the warehouse control's). */
export function localizedQuestions(
  questions: DiagnosticQuestionJson[],
  locale: Locale | null,
): BuybackQuestionnaireResponse['questions'] {
  return questions.map(({ translations, categoryTranslations, answers, ...question }) => ({
    ...localized(question, translations, locale, ['title', 'description']),
    categoryLabel: translatedText(question.categoryLabel, categoryTranslations, locale, 'label'),
    answers: answers.map(({ translations: answerTranslations, ...answer }) =>
      localized(answer, answerTranslations, locale, ['title', 'description']),
    ),
  }));
}
