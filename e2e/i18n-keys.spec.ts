import { DEFAULT_LOCALE, LOCALES } from '../packages/shared/src/enums';
import { pathsIn, rawKeys, read, settle, signedOutPaths } from './back-office-screens';
import { expect, test } from './fixtures';

/**
 * The signed-out screens of the back office and every page of the public site show no untranslated
 * key: the routes come from the routers themselves, so a new screen is checked too. Every key the
 * code names exists in every locale (apps/web/src/i18n/keys-used.test.ts) and every locale has the
 * same keys (i18n.test.ts, public/locales/locales.test.ts), so the whole walk runs in fr-FR, the
 * default; the other locales read a sample (the sign-in screen, the site's home and search), which
 * proves their files load. The signed-in screens are read in fr-FR by e2e/back-office-sweep.spec.ts.
 */

// read-only visits: the two workers share the locales
test.describe.configure({ mode: 'parallel' });

const publicSitePaths = pathsIn(read('apps/web/src/public/routes.tsx')).filter((p) => p !== '*');

const SIGNED_OUT_SAMPLES: Record<string, string> = {
  'erasure-certificate/:code?': '/erasure-certificate/AAAABBBBCCCCDDDD',
  // an IBAN link no payment holds (its page says the link is not valid)
  'iban/:token': '/iban/0000000000000000000000000000000000000000000',
  'renew/:resetToken': '/renew/0000000000000000000000000000000000000000000',
  'open-id/:organizationId/callback': '/open-id/00000000-0000-4000-8000-000000000200/callback',
  'openid/:organizationId/callback': '/openid/00000000-0000-4000-8000-000000000200/callback',
};

/** What a locale other than the default reads: its files load, and the shell shows no key. */
const SAMPLE_SIGNED_OUT = new Set(['login', 'lostPassword']);
const SAMPLE_PUBLIC = new Set(['', 'search']);

for (const locale of LOCALES) {
  const whole = locale === DEFAULT_LOCALE;
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
      for (const routePath of signedOutPaths.filter((p) => whole || SAMPLE_SIGNED_OUT.has(p))) {
        const url = routePath.includes(':') ? SIGNED_OUT_SAMPLES[routePath] : `/${routePath}`;
        if (!url) throw new Error(`No sample address for the route "${routePath}"`);
        await page.goto(url);
        await settle(page);
        for (const key of await rawKeys(page)) found.push(`${url}: ${key}`);
      }
      expect(found).toEqual([]);
    });

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
        // a tracking link no buyback holds (docs/tracking.md), and its unsubscribe page
        'tracking/:token': '/tracking/0000000000000000000000000000000000000000000',
        'tracking/:token/unsubscribe': '/tracking/0000000000000000000000000000000000000000000/unsubscribe',
      };
      const found: string[] = [];
      for (const routePath of ['', ...publicSitePaths].filter((p) => whole || SAMPLE_PUBLIC.has(p))) {
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
