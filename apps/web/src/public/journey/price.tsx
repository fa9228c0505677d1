import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../use-page-title';
import type { CartPrice } from './cart';

/** A price breakdown as a definition list: base, answers' impacts, modifiers, bonus, total. */
export function PriceLines({ price }: { price: CartPrice }) {
  const { t } = useTranslation();
  const money = useFormatPrice();
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  return (
    <dl className="price-lines">
      <div>
        <dt>{t('price.base')}</dt>
        <dd>{money(price.basePriceCents)}</dd>
      </div>
      {price.impactPriceEntries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries of a fixed breakdown
        <div key={index}>
          <dt>{entry.label}</dt>
          <dd>{signed(entry.valueCents)}</dd>
        </div>
      ))}
      {price.shippingModifierCents !== 0 && (
        <div>
          <dt>{t('price.transport')}</dt>
          <dd>{signed(price.shippingModifierCents)}</dd>
        </div>
      )}
      {price.paymentModifierCents !== 0 && (
        <div>
          <dt>{t('price.payment')}</dt>
          <dd>{signed(price.paymentModifierCents)}</dd>
        </div>
      )}
      {price.bonusCents !== 0 && (
        <div>
          <dt>{t('price.bonus')}</dt>
          <dd>{signed(price.bonusCents)}</dd>
        </div>
      )}
      <div className="price-total">
        <dt>{t('price.total')}</dt>
        <dd>{money(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
