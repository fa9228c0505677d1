import { type Page, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillLogin, test } from './fixtures';

/**
 * The built apps under their Content-Security-Policy (docs/security.md, "Security headers"): the
 * back office, the API documentation and a public site run without any violation, and a site's
 * tag manager is let in by the page's policy only after consent to audience measurement.
 */

const DEMO_RETAIL = '00000000-0000-4000-8000-000000000200';
const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

test.use({ locale: 'fr-FR' });

/**
 * Records every CSP violation of the page, from the DOM event and from the console; the console's
 * record starts again with `fromNow` (the DOM's starts again with each page load).
 */
async function watchViolations(page: Page): Promise<{ (): Promise<string[]>; fromNow(): void }> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push(
          `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        ),
      true,
    );
  });
  const list = async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
  return Object.assign(list, { fromNow: () => void fromConsole.splice(0) });
}

async function setTagManager(baseURL: string, tagManagerId: string | null) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const signIn = await api.post('/api/login', {
    data: { email: 'root_management_unit_manager@demo.test', password: DEMO_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const res = await api.patch(`/api/accounts/${DEMO_RETAIL}/white-label`, {
    headers: { 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ tagManagerId }),
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
}

test.describe
  .serial('the apps under their Content-Security-Policy', () => {
    test('the back office runs without any violation', async ({ page }) => {
      test.setTimeout(90_000);
      const violations = await watchViolations(page);
      const response = await page.goto('/login');
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await fillLogin(page, 'root_management_unit_manager@demo.test', DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/home$/);
      for (const path of ['/users', '/products', '/design']) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('main'), path).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
      }
      expect(await violations()).toEqual([]);
    });

    test('the API documentation (Swagger UI) runs without any violation', async ({ page }) => {
      // the OpenAPI document of every route is generated on the first request: slow on a busy machine
      test.setTimeout(120_000);
      const violations = await watchViolations(page);
      await page.goto('/api/docs');
      await expect(page.locator('.swagger-ui .info .title')).toContainText('Reprise API', {
        timeout: 90_000,
      });
      await expect(page.locator('.opblock').first()).toBeVisible();
      expect(await violations()).toEqual([]);
    });

    test('a public site runs without any violation: home, search, product, stores', async ({
      page,
      baseURL,
    }) => {
      const violations = await watchViolations(page);
      const site = siteUrl(baseURL);
      await page.goto(site);
      // the banner's title is the site's own (public-site.spec.ts may have changed it)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const search = page.getByRole('search', { name: 'Recherche de produit' });
      await search.getByLabel('Nom, marque ou modèle du produit').fill('iphone');
      await search.getByLabel('Nom, marque ou modèle du produit').press('Enter');
      const first = page.getByRole('heading', { level: 2, name: /iPhone/ }).first();
      await expect(first).toBeVisible();
      await first.click();
      await expect(page).toHaveURL(/\/product\//);
      await expect(page.getByRole('heading', { level: 1, name: /iPhone/ })).toBeVisible();
      await page.goto(`${site}/stores`);
      await expect(page.getByRole('heading', { level: 1, name: 'Nos magasins' })).toBeVisible();
      expect(await violations()).toEqual([]);
    });

    test("the page's policy lets the tag manager in only after consent to audience measurement", async ({
      page,
      baseURL,
    }) => {
      await setTagManager(baseURL as string, 'GTM-CSP0001');
      try {
        // Google's tag manager, answered here: the test needs no network
        await page.route('https://www.googletagmanager.com/**', (route) =>
          route.fulfill({ contentType: 'application/javascript', body: 'window.__gtmLoaded = true;' }),
        );
        const violations = await watchViolations(page);
        const site = siteUrl(baseURL);
        await page.goto(site);
        const banner = page.getByRole('region', { name: 'Votre vie privée' });
        await expect(banner).toBeVisible();
        // before consent, even a script that tried to load the tag manager is refused by the browser
        await page.evaluate(() => {
          const script = document.createElement('script');
          script.src = 'https://www.googletagmanager.com/gtm.js?id=GTM-CSP0001';
          document.head.append(script);
        });
        await expect
          .poll(violations)
          .toContainEqual(expect.stringMatching(/script-src(-elem)? https:\/\/www\.googletagmanager\.com/));
        expect(await page.evaluate(() => 'gtmLoaded' in window || '__gtmLoaded' in window)).toBe(false);

        // consent to everything: the page reloads with a policy that lets the tag manager in
        const reloaded = page.waitForEvent('load');
        violations.fromNow();
        await banner.getByRole('button', { name: 'Tout accepter' }).click();
        await reloaded;
        await expect.poll(() => page.evaluate(() => '__gtmLoaded' in window)).toBe(true);
        expect(await violations()).toEqual([]);
      } finally {
        await setTagManager(baseURL as string, null);
      }
    });

    test('after sign-in, a redirect that would leave the app goes home instead', async ({ page }) => {
      test.setTimeout(120_000);
      const signIn = async (target: string) => {
        await page.context().clearCookies();
        await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
        await expect(page.locator('input[autocomplete="username"]')).toBeVisible({ timeout: 20_000 });
        await fillLogin(page, 'store_seller@demo.test', DEMO_PASSWORD);
      };
      for (const target of [
        '/\\evil.example',
        '/\t/evil.example',
        '/%2F%2Fevil.example',
        '/..//evil.example',
      ]) {
        await signIn(target);
        await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/home$/);
        await expect(page.getByRole('main')).toBeVisible();
      }
      // a path of the app itself is still followed
      await signIn('/buybacks');
      await expect(page).toHaveURL(/\/buybacks$/);
    });
  });
