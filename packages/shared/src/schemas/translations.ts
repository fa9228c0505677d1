import { z } from 'zod';
import { LOCALES } from '../enums';
import type { Translations } from '../translations';

export { localized, requestedLocale, type Translations, translatedText } from '../translations';

/** What a response carries: per locale, per field, the translated text. */
export const TranslationsResponse = z.partialRecord(z.enum(LOCALES), z.partialRecord(z.string(), z.string()));

/**
 * Translations of the given fields, each validated as its base field is; '' or null removes a
 * translation, and a locale left without any is dropped (the stored form holds texts only).
 * The account's own language is the base text, not a translation: the services refuse it.
 */
export const translationsOf = <const S extends Record<string, z.ZodType<string | null>>>(fields: S) => {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      z
        .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable())
        .optional(),
    ]),
  ) as unknown as { [K in keyof S]: z.ZodOptional<z.ZodType<string | null>> };
  return z
    .partialRecord(z.enum(LOCALES), z.object(shape).strict(), {
      // a language we do not offer comes as an unrecognised key of the record (zod's types omit that code)
      error: (issue) => ((issue.code as string) === 'unrecognized_keys' ? 'invalid_locale' : 'invalid_value'),
    })
    .transform((value) => {
      const result: Translations<keyof S & string> = {};
      for (const [locale, texts] of Object.entries(value) as [
        keyof Translations,
        Record<string, unknown>,
      ][]) {
        const kept = Object.fromEntries(
          Object.entries(texts ?? {}).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
          ),
        );
        if (Object.keys(kept).length) result[locale] = kept as Partial<Record<keyof S & string, string>>;
      }
      return result;
    });
};
