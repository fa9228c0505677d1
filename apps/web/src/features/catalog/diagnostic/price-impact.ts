import type { PriceImpact } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../app/use-formatters';

/** An answer's effect on the price as text: "−25,50 €", "+5 %", or "no change". */
export function usePriceImpactText(): (impact: PriceImpact | null) => string {
  const { t } = useTranslation('diagnostic');
  const { money, locale } = useFormatters();
  return (impact) => {
    if (!impact || impact.value === 0) return t('impact.noChange');
    const sign = impact.value > 0 ? '+' : '−';
    const amount =
      impact.kind === 'fixed'
        ? money(Math.abs(impact.value))
        : `${new Intl.NumberFormat(locale).format(Math.abs(impact.value))} %`;
    return `${sign}${amount}`;
  };
}
