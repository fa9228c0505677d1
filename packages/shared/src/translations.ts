import { LOCALES, type Locale } from './enums';

/**
 * Translations of a catalogue or home page text (docs/translations.md): per locale, per field, the
 * text in that language. The text entered in the entity itself is the account language's (the base).
 */
export type Translations<F extends string = string> = Partial<Record<Locale, Partial<Record<F, string>>>>;

/** The text of `field` in `locale`: its translation when there is one, else the base text. */
export function translatedText<T extends string | null>(
  base: T,
  translations: Translations | null | undefined,
  locale: Locale | null,
  field: string,
): T | string {
  const text = locale ? translations?.[locale]?.[field] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : base;
}

/** The entity with each of `fields` in `locale` (falling back field by field to the base text). */
export function localized<T extends object, F extends keyof T & string>(
  entity: T,
  translations: Translations | null | undefined,
  locale: Locale | null,
  fields: readonly F[],
): T {
  if (!locale || !translations?.[locale]) return entity;
  const copy = { ...entity };
  for (const field of fields) {
    const base = entity[field];
    if (typeof base === 'string' || base === null)
      copy[field] = translatedText(base as string | null, translations, locale, field) as T[F];
  }
  return copy;
}

/**
 * The locale a request asks for, from its `Accept-Language` header: the supported locale of the
 * highest-weighted language (exact, else the same language: `de` and `de-AT` give de-DE); null when
 * none is supported.
 */
export function requestedLocale(acceptLanguage: string | undefined | null): Locale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const same = LOCALES.find((l) => l.toLowerCase().startsWith(`${language}-`));
    if (same) return same;
  }
  return null;
}
