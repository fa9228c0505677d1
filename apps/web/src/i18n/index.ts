// Subpath imports keep zod and the schemas out of the first bundle (they load with the forms).
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@reprise/shared/enums';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One JSON file per namespace and locale: `./<locale>/<namespace>.json`. The namespaces of the
 * shell (sign-in, layout, errors, the top bar's cart) come with the first bundle; every other one
 * is a chunk of its own, loaded with the screen that uses it (screens wait for it in a Suspense
 * boundary of their layout), in the current language and the fallback.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/{common,layout,errors,auth,cart}.json', {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Record<string, unknown>>(
  ['./*/*.json', '!./*/{common,layout,errors,auth,cart}.json'],
  { import: 'default' },
);

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

function resourcesFrom(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(modules)) {
    const [, locale, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!locale || !namespace) continue;
    resources[locale] = { ...resources[locale], [namespace]: content };
  }
  return resources;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language the user picked in the profile panel, if any. */
export function chosenLanguage(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

const resources = resourcesFrom(files);

void i18n
  .use(lazyNamespaces)
  .use(initReactI18next)
  .init({
    resources,
    // the bundled namespaces are used as they are; the others are read by the backend above
    partialBundledLanguages: true,
    lng: chosenLanguage() ?? DEFAULT_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
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
