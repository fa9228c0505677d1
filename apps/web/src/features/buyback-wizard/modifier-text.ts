import type { Modifier } from '@reprise/shared';
import type { TFunction } from 'i18next';

/**
 * A modifier as the seller reads it: `+10 %`, `+10 % (up to 20,00 €)`, `−5,00 €`; null when none.
 * Percentages apply to the base price, fixed values are cents.
 */
export function modifierText(
  modifier: Modifier | null | undefined,
  t: TFunction,
  money: (cents: number) => string,
): string | null {
  if (!modifier || modifier.value === 0) return null;
  const sign = modifier.value > 0 ? '+' : '−';
  if (modifier.kind === 'fixed') return `${sign}${money(Math.abs(modifier.value))}`;
  const percent = `${sign}${Math.abs(modifier.value)} %`;
  return modifier.capCents === null
    ? percent
    : t('buybackWizard:modifier.capped', { percent, cap: money(Math.abs(modifier.capCents)) });
}
