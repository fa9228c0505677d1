import { type Locale, requestedLocale, type Translations, type Violation } from '@reprise/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The locale a request reads texts in (its Accept-Language); null reads the base texts. */
export const localeOf = (request: FastifyRequest): Locale | null =>
  requestedLocale(request.headers['accept-language']);

/** A translation into the account's own language is refused: the entity's own text is that language's. */
export function baseLanguageViolations(
  translations: Translations | undefined,
  accountLanguage: string,
  path = 'translations',
): Violation[] {
  if (!translations || !(accountLanguage in translations)) return [];
  return [
    {
      propertyPath: `${path}.${accountLanguage}`,
      code: 'translation_of_base_language',
      message: "The account's language is the base text, not a translation.",
    },
  ];
}

/** Throws the 422 of `baseLanguageViolations` when there is one. */
export function checkBaseLanguage(violations: Violation[]): void {
  if (violations.length)
    throw new AppError(
      'translation_of_base_language',
      violations.map((v) => v.message).join(' '),
      violations,
    );
}

/** The stored form of a `translations` jsonb column. */
export const translationsColumn = (translations: Translations) => JSON.stringify(translations);
