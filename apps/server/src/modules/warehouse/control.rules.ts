import type { AbsorptionType, ControlOutcome } from '@reprise/shared';

/**
 * How a control ends (category absorption, docs/pricing.md). Pure.
 * - The controlled price is at or above the declared one: completed by price, at the declared price.
 * - Below it: when the retailer holds the premium feature `absorption` and the category absorbs
 *   (its type is not `none`), a difference up to the category's allowance is absorbed by the buyer
 *   and the buyback completes at the declared price.
 * - Otherwise the customer is offered the controlled price (a counter-offer, then a litigation).
 */

export interface AbsorptionPolicy {
  type: AbsorptionType;
  /** Cents with `by_value`; a whole percentage with the percentage types (schemas/catalog.ts). */
  value: number;
  /** The retailer holds the premium feature `absorption`. */
  premiumEnabled: boolean;
}

export interface ControlDecision {
  outcome: ControlOutcome;
  /** What the buyback completes at: the declared price, or the proposal of a counter-offer. */
  validatedPriceCents: number;
  /** What the buyer absorbs (absorption only). */
  absorbedCents: number;
  /** The most the category lets the buyer absorb here; null when absorption does not apply. */
  allowanceCents: number | null;
}

/**
 * The most a category lets the buyer absorb, in whole cents (a percentage is rounded down, so a
 * difference is absorbed only when it is at most the exact share); null when absorption does not apply.
 */
export function absorptionAllowance(
  policy: AbsorptionPolicy,
  prices: { declaredCents: number; controlledCents: number },
): number | null {
  if (!policy.premiumEnabled) return null;
  switch (policy.type) {
    case 'none':
      return null;
    case 'by_value':
      return policy.value;
    case 'percentage_of_controlled_amount':
      return Math.floor((prices.controlledCents * policy.value) / 100);
    case 'percentage_of_declared_amount':
      return Math.floor((prices.declaredCents * policy.value) / 100);
  }
}

export function controlDecision(
  prices: { declaredCents: number; controlledCents: number },
  policy: AbsorptionPolicy,
): ControlDecision {
  const allowanceCents = absorptionAllowance(policy, prices);
  if (prices.controlledCents >= prices.declaredCents)
    return {
      outcome: 'by_price',
      validatedPriceCents: prices.declaredCents,
      absorbedCents: 0,
      allowanceCents,
    };
  const difference = prices.declaredCents - prices.controlledCents;
  if (allowanceCents !== null && difference <= allowanceCents)
    return {
      outcome: 'absorption',
      validatedPriceCents: prices.declaredCents,
      absorbedCents: difference,
      allowanceCents,
    };
  return {
    outcome: 'counter_offer',
    validatedPriceCents: prices.controlledCents,
    absorbedCents: 0,
    allowanceCents,
  };
}
