import { axeFindings } from './axe';
import {
  rawKeys,
  type Screen,
  sampleUrl,
  settle,
  signedInScreens,
  USERS,
  userFor,
} from './back-office-screens';
import { expect, login, openInApp, test } from './fixtures';

/**
 * Every signed-in screen of the back office, read from the routers (e2e/back-office-screens.ts, so
 * a screen added later is swept too), opened once by the first demo user who may open it, in fr-FR:
 * - no untranslated key shows (every locale has the same keys and falls back to en-GB,
 *   apps/web/src/i18n/i18n.test.ts, so a key shown raw in one locale is shown raw in fr-FR too);
 * - axe-core finds nothing, except on the screens another spec checks in a state of its own.
 * One sign-in serves a group of screens; the groups are tests, shared by the two workers.
 */

// read-only visits: the two workers share the groups
test.describe.configure({ mode: 'parallel' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
});

/** Screens another spec runs axe on, in a state of its own (a form with errors, a panel open…). */
const AXE_ELSEWHERE = new Set([
  // e2e/administration-a11y.spec.ts
  'users',
  'user/create',
  'entities',
  'entity/create',
  'design',
  // e2e/catalog.spec.ts
  'categories/list',
  'category/create',
  'products',
  'product/create',
  'diagnostic',
  'diagnostic/category/:categoryId',
  'diagnostic/category/:categoryId/question/add',
  'catalog-search',
  // e2e/clients.spec.ts
  'clients',
  'client/create',
  'client/:organizationId/edit',
  'userClient/create',
  // e2e/shell.spec.ts, e2e/dashboard.spec.ts
  'home',
  'design-system',
  // e2e/failed-jobs.spec.ts, e2e/audit-log.spec.ts
  'admin/jobs',
  'admin/audit-log',
  // e2e/buybacks-predeclared.spec.ts
  'buybacks-predeclared',
  // e2e/buyback.spec.ts: the wizard's steps, a buyback in the cart, the review
  'buyback/create',
  'diag/:productId?/:slug?/:itemId?/:predeclaredBuybackId?',
  'cart/customer-infos',
  'cart/summary',
]);

/**
 * The top bar and the side menu, the same on every screen, are left to e2e/shell.spec.ts: without
 * them axe reads a screen in half the time.
 */
const SHELL = ['.mantine-AppShell-header', '#side-menu'];

/** Screens a group: enough to pay for its sign-in, few enough for the two workers to share the sweep. */
const GROUP = 10;

test('every screen of the back office is opened by a demo user who may open it', () => {
  expect(signedInScreens.filter((screen) => !userFor(screen)).map((s) => s.path)).toEqual([]);
  expect(signedInScreens.filter((screen) => !AXE_ELSEWHERE.has(screen.path)).length).toBeGreaterThan(60);
});

for (const { email } of USERS) {
  const screens: Screen[] = signedInScreens.filter((s) => userFor(s)?.email === email);
  for (let first = 0; first < screens.length; first += GROUP) {
    const group = screens.slice(first, first + GROUP);
    test(`${email}, screens ${first + 1} to ${first + group.length}: no raw key, no axe finding`, async ({
      page,
    }) => {
      // a sign-in, then each screen until it settles and axe has read it
      test.setTimeout(60_000 + group.length * 30_000);
      await login(page, email);
      const found: string[] = [];
      // the home page differs by user (its shortcuts follow the permissions): every user's is read
      if (first === 0) {
        await settle(page);
        for (const key of await rawKeys(page)) found.push(`/home (${email}): ${key}`);
      }
      for (const screen of group) {
        const url = await sampleUrl(page.request, screen.path);
        await openInApp(page, url);
        await settle(page);
        for (const key of await rawKeys(page)) found.push(`${url}: untranslated ${key}`);
        if (AXE_ELSEWHERE.has(screen.path)) continue;
        await expect(page.locator('h1').first(), `${url} has its heading`).toBeVisible({ timeout: 30_000 });
        for (const violation of await axeFindings(page, { exclude: SHELL }))
          found.push(`${url}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }
}
