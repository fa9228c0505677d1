// Subpath imports keep zod and the schemas out of the first bundle (they load with the forms).
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@reprise/shared/enums';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One JSON file per namespace and locale: `./<locale>/<namespace>.json`, each loaded when first
 * needed, in the current language and the fallback only (never the other languages). The shell's
 * namespaces (sign-in, layout, errors, the top bar's cart) are one chunk per locale
 * (`i18n-shell-<locale>`, vite.config.ts), loaded before the first render (`i18nReady`); every
 * other namespace is a chunk of its own, loaded with the screen that uses it (screens wait for it
 * in a Suspense boundary of their layout).
 */
const SHELL_NAMESPACES = ['common', 'layout', 'errors', 'auth', 'cart'] as const;
const lazyFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', { import: 'default' });

/** Reads a namespace's chunk when a screen first needs it. */
const lazyNamespaces = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data: unknown) => void) {
    const load = lazyFiles[`./${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  },
};

const STORAGE_KEY = 'reprise.language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language the user picked in the profile panel, if any. */
function chosenLanguage(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Resolves once the shell's namespaces are there in the current language and the fallback: the
 * back office renders after it (main.tsx), so that no screen ever shows a key.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    lng: chosenLanguage() ?? DEFAULT_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/** The user's explicit choice: applied now and remembered on this browser. */
export function chooseLanguage(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing may refuse storage; the choice still applies to this page.
  }
  void i18n.changeLanguage(locale);
}

/** Without an explicit choice the account's language applies, then fr-FR. */
export function applyAccountLanguage(accountLanguage: Locale | null | undefined): void {
  if (chosenLanguage()) return;
  const locale = accountLanguage ?? DEFAULT_LOCALE;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

export { i18n };
