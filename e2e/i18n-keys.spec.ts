import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_LOCALE, LOCALES } from '../packages/shared/src/enums';
import {
  pathsIn,
  read,
  root,
  sampleUrl,
  settle,
  signedInScreens,
  signedOutPaths,
  USERS,
  userFor,
} from './back-office-screens';
import { expect, login, test } from './fixtures';

/**
 * Every screen of the back office and of the public site, in every language, shows no
 * untranslated key: the routes come from the routers themselves, so a new screen is checked too.
 */

// read-only visits: the two workers share the locales
test.describe.configure({ mode: 'parallel' });

const publicSitePaths = pathsIn(read('apps/web/src/public/routes.tsx')).filter((p) => p !== '*');

/**
 * What i18next shows for a missing key (`key.path`, or `namespace:key` when the namespace is
 * unknown) and for a value it was not given (`{{count}}`): the names are those of the translations.
 */
function keyPatterns(): { namespaces: string[]; heads: string[]; placeholders: string[] } {
  const dir = path.join(root, 'apps/web/src/i18n/fr-FR');
  const namespaces = readdirSync(dir).map((file) => file.replace(/\.json$/, ''));
  const sources = [
    ...readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')),
    read('apps/web/src/public/locales/fr-FR.json'),
  ];
  const heads = new Set<string>(namespaces);
  const placeholders = new Set<string>();
  for (const source of sources) {
    for (const key of Object.keys(JSON.parse(source))) heads.add(key);
    for (const match of source.matchAll(/\{\{(\w+)\}\}/g)) placeholders.add(match[1] as string);
  }
  return { namespaces, heads: [...heads], placeholders: [...placeholders] };
}
const PATTERNS = keyPatterns();

/** The texts of the page (visible text, labels, title) that look like a translation key or a placeholder. */
async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // the rendered text: textContent would glue the words of adjacent elements into one token
    // biome-ignore lint/performance/useDomNodeTextContent: what the user reads is what is checked
    const found = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        found.push(element.getAttribute(name) ?? '');
    return found;
  });
  const heads = new Set(PATTERNS.heads);
  const namespaces = new Set(PATTERNS.namespaces);
  const placeholders = new Set(PATTERNS.placeholders);
  const keys = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\{\{(\w+)\}\}/g))
      if (placeholders.has(match[1] as string)) keys.add(match[0]);
    for (const token of text.split(/[\s"'«»“”()[\],;!?]+/)) {
      const word = token.replace(/[.:…]+$/, '');
      const nsKey = /^([a-zA-Z]+):[a-zA-Z][\w.-]*$/.exec(word);
      if (nsKey && namespaces.has(nsKey[1] as string)) keys.add(word);
      const dotted = /^([a-z][a-zA-Z0-9_]*)(\.[a-zA-Z0-9_-]+)+$/.exec(word);
      if (dotted && heads.has(dotted[1] as string)) keys.add(word);
    }
  }
  return [...keys];
}

const SIGNED_OUT_SAMPLES: Record<string, string> = {
  'erasure-certificate/:code?': '/erasure-certificate/AAAABBBBCCCCDDDD',
  // an IBAN link no payment holds (its page says the link is not valid)
  'iban/:token': '/iban/0000000000000000000000000000000000000000000',
  'renew/:resetToken': '/renew/0000000000000000000000000000000000000000000',
  'open-id/:organizationId/callback': '/open-id/00000000-0000-4000-8000-000000000200/callback',
  'openid/:organizationId/callback': '/openid/00000000-0000-4000-8000-000000000200/callback',
};

for (const locale of LOCALES) {
  test.describe(`${locale}: no untranslated key`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        ([language]) => {
          localStorage.setItem('reprise.language', language as string);
          localStorage.setItem('reprise.public.language', language as string);
        },
        [locale],
      );
    });

    test('on every signed-out screen of the back office', async ({ page }) => {
      test.setTimeout(180_000);
      const found: string[] = [];
      for (const routePath of signedOutPaths) {
        const url = routePath.includes(':') ? SIGNED_OUT_SAMPLES[routePath] : `/${routePath}`;
        if (!url) throw new Error(`No sample address for the route "${routePath}"`);
        await page.goto(url);
        await settle(page);
        for (const key of await rawKeys(page)) found.push(`${url}: ${key}`);
      }
      expect(found).toEqual([]);
    });

    // The back office's screens in fr-FR, its default language, only: every locale has the same
    // keys (apps/web/src/i18n/i18n.test.ts), falls back to en-GB, and names no placeholder fr-FR
    // does not (the same test), so a key shown raw in one locale is shown raw in fr-FR too. The
    // sweep of about 140 screens took 6 to 12 minutes a locale; the signed-out screens and the
    // public site, whose texts are their own, are still read in every locale.
    if (locale === DEFAULT_LOCALE) {
      test('every screen of the back office is opened by a demo user who may open it', () => {
        expect(signedInScreens.filter((screen) => !userFor(screen)).map((s) => s.path)).toEqual([]);
      });
      // one test a user, so that the two workers share the sweep
      for (const { email } of USERS)
        test(`on every screen of the back office ${email} is the first to open`, async ({ page }) => {
          // up to 60 screens read one after another, each until it settles
          test.setTimeout(900_000);
          const found: string[] = [];
          await login(page, email);
          // the home page differs by user (its shortcuts follow the permissions): every user's is read
          await settle(page);
          for (const key of await rawKeys(page)) found.push(`/home (${email}): ${key}`);
          for (const screen of signedInScreens.filter((s) => userFor(s)?.email === email)) {
            const url = await sampleUrl(page.request, screen.path);
            await page.goto(url);
            await settle(page);
            for (const key of await rawKeys(page)) found.push(`${url} (${email}): ${key}`);
          }
          expect(found).toEqual([]);
        });
    }

    test('on every page of the public site', async ({ page, baseURL }) => {
      test.setTimeout(240_000);
      const site = (baseURL as string).replace('//localhost', '//demo-retail.localhost');
      await page.goto(site);
      // asked by the browser: only it resolves the site's *.localhost host
      const { product, category } = await page.evaluate(async () => {
        const search = await (await fetch('/api/white-label/search?q=iphone')).json();
        // categories are listed only when the account enables category navigation (else a not-found page)
        const categories = await fetch('/api/white-label/categories');
        return {
          product: search.member[0].id as string,
          category: categories.ok
            ? ((await categories.json()).member[0]?.id as string | undefined)
            : undefined,
        };
      });
      const samples: Record<string, string> = {
        'product/:id/:slug?': `/product/${product}`,
        'category/:id/:slug?': `/category/${category ?? '00000000-0000-4000-8000-00000000ca7e'}`,
        'cart/:cartId/checkout': '/cart/00000000-0000-4000-8000-00000000c0de/checkout',
        // the litigation page with a link no longer valid
        'buyback/:buybackId/accept': '/buyback/00000000-0000-4000-8000-00000000b0b0/accept?token=expired',
        'buyback/:buybackId/reject': '/buyback/00000000-0000-4000-8000-00000000b0b0/reject?token=expired',
        // a verification code no certificate has
        'erasure-certificate/:code': '/erasure-certificate/AAAABBBBCCCCDDDD',
        // an IBAN link no payment holds
        'iban/:token': '/iban/0000000000000000000000000000000000000000000',
      };
      const found: string[] = [];
      for (const routePath of ['', ...publicSitePaths]) {
        const url = routePath.includes(':') ? samples[routePath] : `/${routePath}`;
        if (!url) throw new Error(`No sample address for the public route "${routePath}"`);
        await page.goto(`${site}${url}`);
        await settle(page);
        for (const key of await rawKeys(page)) found.push(`${url}: ${key}`);
      }
      expect(found).toEqual([]);
    });
  });
}
