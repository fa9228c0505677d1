import { DEFAULT_LOCALE } from '@reprise/shared/enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n';
import { formatDate, formatDateTime, formatMoney } from '../ui/format';
import { useSession } from './session';

/** Formatters bound to the interface language and the account's currency. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  const currency = user?.currentOrganization.account.currency ?? 'EUR';
  return useMemo(
    () => ({
      locale,
      currency,
      money: (cents: number) => formatMoney(cents, currency, locale),
      date: (value: Date | string | number) => formatDate(value, locale),
      dateTime: (value: Date | string | number) => formatDateTime(value, locale),
    }),
    [locale, currency],
  );
}
