import { z } from 'zod';
import { PRODUCT_GRADES, type ProductGrade } from '../enums';
import type { PriceImpactKind } from '../schemas/catalog';
import { assertWholeCents, percentOf } from './rounding';

/**
 * The buyback price (docs/pricing.md): the one computation the wizard runs for the live price
 * and the server runs as the authority. Pure and integer-only: amounts are cents.
 */

/** A payment-mode bonus or a circuit bonus/malus. */
export const Modifier = z.object({
  /** `percentage`: whole percent (may be negative) of the BASE price; `fixed`: cents (may be negative). */
  kind: z.enum(['percentage', 'fixed']),
  value: z.number().int(),
  /** Percentage only: the most the modifier may add or remove, in cents (null: no cap). */
  capCents: z.number().int().nullable(),
});
export type Modifier = z.infer<typeof Modifier>;

export interface PricingAnswer {
  /** The answer's title, for impactPriceEntries. */
  label: string;
  /** The best grade the answer still allows; null leaves the grade free. */
  maxGrade: ProductGrade | null;
  /** `fixed`: cents; `percentage`: whole percent of the base price. */
  impact: { kind: PriceImpactKind; value: number } | null;
}

export interface PricingInput {
  /** The product's price per state, in cents. */
  prices: Record<ProductGrade, number>;
  /** Every selected answer of every question. */
  answers: PricingAnswer[];
  /** From the payment mode's bonus mode. */
  paymentModifier?: Modifier | null;
  /** From the circuit's bonus/malus. */
  shippingModifier?: Modifier | null;
  /** Extra bonus in cents (a cart buyback's bonus.amountInCents). */
  bonusCents?: number | null;
  buybackZeroNotAllowed: boolean;
}

export interface PriceBreakdown {
  /** The worst grade any answer allows; 'functional' when no answer limits it. */
  declaredState: ProductGrade;
  /** prices[declaredState]. */
  basePriceCents: number;
  /** One entry per selected answer that has a price impact, in the order of the answers. */
  impactPriceEntries: { label: string; valueCents: number }[];
  /** Base price plus the answer impacts, never below 0. */
  estimatedPriceCents: number;
  paymentModifierCents: number;
  shippingModifierCents: number;
  bonusCents: number;
  /** Estimated price plus both modifiers plus the bonus, never below 0; 0 when the estimated price is 0. */
  totalCents: number;
  /** totalCents is 0 and the product refuses a buyback at zero. */
  zeroRefused: boolean;
}

/** Rank of a grade: 0 for 'functional' (the best) to 5 for 'grade_e' (the worst). */
function gradeRank(grade: ProductGrade): number {
  const rank = PRODUCT_GRADES.indexOf(grade);
  if (rank < 0) throw new RangeError(`unknown grade ${String(grade)}`);
  return rank;
}

/** The worst of the grades the answers allow; 'functional' when none limits it. */
export function declaredStateOf(answers: Pick<PricingAnswer, 'maxGrade'>[]): ProductGrade {
  let worst = 0;
  for (const answer of answers) {
    if (answer.maxGrade !== null) worst = Math.max(worst, gradeRank(answer.maxGrade));
  }
  return PRODUCT_GRADES[worst] as ProductGrade;
}

/**
 * The cents a modifier adds to (or removes from) the price. A percentage applies to `baseCents`,
 * is rounded half away from zero, then limited to |capCents| keeping its own sign; a fixed
 * modifier is its value (capCents does not apply to it).
 */
export function applyModifier(baseCents: number, m: Modifier | null | undefined): number {
  if (!m) return 0;
  if (m.kind === 'fixed') {
    assertWholeCents('fixed modifier', m.value);
    return m.value;
  }
  const raw = percentOf(baseCents, m.value);
  if (m.capCents === null) return raw;
  assertWholeCents('modifier cap', m.capCents);
  const cap = Math.abs(m.capCents);
  if (Math.abs(raw) <= cap) return raw;
  if (cap === 0) return 0;
  return raw < 0 ? -cap : cap;
}

/** The cents an answer's impact adds to (or removes from) the base price. */
function answerImpact(baseCents: number, impact: NonNullable<PricingAnswer['impact']>): number {
  if (impact.kind === 'fixed') {
    assertWholeCents('answer impact', impact.value);
    return impact.value;
  }
  return percentOf(baseCents, impact.value);
}

/**
 * The whole price: declared state → base price → answer impacts (estimated price, floored at 0)
 * → payment and shipping modifiers (on the base price) → bonus → total (floored at 0). The
 * modifiers and the bonus apply only when both the base price and the estimated price are above 0.
 */
export function computePrice(input: PricingInput): PriceBreakdown {
  const declaredState = declaredStateOf(input.answers);
  const basePriceCents = input.prices[declaredState];
  assertWholeCents(`price of ${declaredState}`, basePriceCents);

  const impactPriceEntries = input.answers.flatMap((answer) =>
    answer.impact ? [{ label: answer.label, valueCents: answerImpact(basePriceCents, answer.impact) }] : [],
  );
  const impacts = impactPriceEntries.reduce((sum, entry) => sum + entry.valueCents, 0);
  const estimatedPriceCents = Math.max(0, basePriceCents + impacts);

  // A device worth nothing (base or estimate at 0, e.g. a locked phone) earns no bonus (docs/pricing.md).
  const bonusesApply = basePriceCents > 0 && estimatedPriceCents > 0;
  const paymentModifierCents = bonusesApply ? applyModifier(basePriceCents, input.paymentModifier) : 0;
  const shippingModifierCents = bonusesApply ? applyModifier(basePriceCents, input.shippingModifier) : 0;
  assertWholeCents('bonus', input.bonusCents ?? 0);
  const bonusCents = bonusesApply ? (input.bonusCents ?? 0) : 0;

  const totalCents = Math.max(
    0,
    estimatedPriceCents + paymentModifierCents + shippingModifierCents + bonusCents,
  );
  return {
    declaredState,
    basePriceCents,
    impactPriceEntries,
    estimatedPriceCents,
    paymentModifierCents,
    shippingModifierCents,
    bonusCents,
    totalCents,
    zeroRefused: totalCents === 0 && input.buybackZeroNotAllowed,
  };
}
