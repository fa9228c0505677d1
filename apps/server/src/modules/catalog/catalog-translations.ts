import type { Translations, Violation } from '@reprise/shared';
import type { BaseContext } from '../../platform/request-context';
import { baseLanguageViolations, checkBaseLanguage } from '../../platform/translations';
import { findAccountLanguage } from './catalog-translations.repository';

/** Refuses (422) translations into the catalogue account's own language, at each of their paths. */
export async function checkCatalogTranslations(
  ctx: BaseContext,
  accountId: string,
  entries: { path: string; translations: Translations | undefined }[],
): Promise<void> {
  const sent = entries.filter((e) => e.translations && Object.keys(e.translations).length > 0);
  if (sent.length === 0) return;
  const language = await findAccountLanguage(ctx, accountId);
  if (!language) return;
  const violations: Violation[] = sent.flatMap((e) =>
    baseLanguageViolations(e.translations, language, e.path),
  );
  checkBaseLanguage(violations);
}
