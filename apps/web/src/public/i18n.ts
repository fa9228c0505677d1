import { DEFAULT_LOCALE, LOCALES, type Locale } from '@reprise/shared/enums';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setContentLanguage } from './api';

/** The public site's translations: one file per locale, only the visitor's language is loaded. */
const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

const CHOICE_KEY = 'reprise.public.language';

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The visitor's own choice, else the first browser language we have, else the retailer's language. */
export function pickLocale(
  browserLanguages: readonly string[],
  accountLanguage: string | null,
  chosen: string | null,
): Locale {
  if (isLocale(chosen)) return chosen;
  for (const language of browserLanguages) {
    const exact = LOCALES.find((l) => l.toLowerCase() === language.toLowerCase());
    if (exact) return exact;
    const prefix = language.slice(0, 2).toLowerCase();
    const sameLanguage = LOCALES.find((l) => l.startsWith(`${prefix}-`));
    if (sameLanguage) return sameLanguage;
  }
  return isLocale(accountLanguage) ? accountLanguage : DEFAULT_LOCALE;
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

async function resourcesOf(locale: Locale) {
  const load = files[`./locales/${locale}.json`];
  return load ? await load() : {};
}

export async function startI18n(accountLanguage: string | null): Promise<Locale> {
  const locale = pickLocale(navigator.languages ?? [navigator.language], accountLanguage, storedChoice());
  setContentLanguage(locale);
  await i18n.use(initReactI18next).init({
    resources: { [locale]: { public: await resourcesOf(locale) } },
    lng: locale,
    fallbackLng: false,
    ns: ['public'],
    defaultNS: 'public',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return locale;
}

/** The visitor picks a language: loaded, applied and remembered on this browser. */
export async function chooseLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'public'))
    i18n.addResourceBundle(locale, 'public', await resourcesOf(locale));
  try {
    localStorage.setItem(CHOICE_KEY, locale);
  } catch {
    // storage refused: the choice applies to this page
  }
  setContentLanguage(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
