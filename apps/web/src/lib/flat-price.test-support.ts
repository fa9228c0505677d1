import type { ProductGrade } from '@reprise/shared';

/** For the carts' tests: a price that is its product's base price, no answer, bonus or mode changing it. */
export function flatPrice(declaredState: ProductGrade, totalCents: number) {
  return {
    declaredState,
    basePriceCents: totalCents,
    impactPriceEntries: [],
    estimatedPriceCents: totalCents,
    paymentModifierCents: 0,
    shippingModifierCents: 0,
    bonusCents: 0,
    totalCents,
  };
}
