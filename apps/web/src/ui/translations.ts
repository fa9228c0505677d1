import { LOCALES, type Locale } from '@reprise/shared/enums';

/** A translatable text's inputs in a form: one per locale ('' for none); the base locale's stays ''. */
export type TranslationValues<F extends string> = Record<Locale, Record<F, string>>;

type StoredTranslations = Partial<Record<Locale, Partial<Record<string, string>>>>;

/** The form values of stored translations: every locale, every field, '' where there is none. */
export function translationValues<F extends string>(
  fields: readonly F[],
  translations?: StoredTranslations | null,
): TranslationValues<F> {
  const values = {} as TranslationValues<F>;
  for (const locale of LOCALES) {
    const texts = {} as Record<F, string>;
    for (const field of fields) texts[field] = translations?.[locale]?.[field] ?? '';
    values[locale] = texts;
  }
  return values;
}

/**
 * The request's translations: every locale but the base one, as typed ('' removes a translation;
 * the server keeps texts only). The base locale is the record's own text.
 */
export function translationsRequest<F extends string>(
  values: TranslationValues<F>,
  baseLocale: Locale,
): Partial<TranslationValues<F>> {
  return Object.fromEntries(LOCALES.filter((l) => l !== baseLocale).map((l) => [l, { ...values[l] }]));
}

/** The locales a form offers translations for: every one but the account's. */
export const translationLocales = (baseLocale: Locale): Locale[] => LOCALES.filter((l) => l !== baseLocale);
