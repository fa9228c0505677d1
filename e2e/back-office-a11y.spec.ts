import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sampleUrl, signedInScreens, userFor } from './back-office-screens';
import { expect, login, test } from './fixtures';

/**
 * axe-core on every screen of the back office that no other spec already checks: the screens come
 * from the routers (e2e/back-office-screens.ts), so a screen added later is checked too.
 */

// read-only visits: the two workers share the users
test.describe.configure({ mode: 'parallel' });

const fr = (namespace: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/i18n/fr-FR/${namespace}.json`), 'utf8'),
  );
const common = fr('common');
const imports = fr('imports');
const auditLog = fr('auditLog');

/** Screens another spec runs axe on, in a state of its own (a form with errors, a panel open…). */
const CHECKED_ELSEWHERE = new Set([
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

/** axe-core's findings on the current page, short enough to read in a failure. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for the screen's data: its heading, its requests done, no loader left. */
async function loaded(page: Page): Promise<void> {
  // a lazy screen's first load on a loaded machine (load 30 and more on 2 cores) takes long
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
}

const swept = signedInScreens.filter((screen) => !CHECKED_ELSEWHERE.has(screen.path));

test('every screen of the back office is checked by axe here or in another spec', () => {
  expect(swept.length).toBeGreaterThan(60);
  expect(swept.filter((screen) => !userFor(screen)).map((s) => s.path)).toEqual([]);
});

// one test a screen: each has its own time, and the two workers share them
for (const screen of swept) {
  const email = userFor(screen)?.email ?? 'root_management_unit_manager@demo.test';
  test(`/${screen.path} (${email}) passes the automated accessibility checks`, async ({ page }) => {
    test.setTimeout(240_000); // a sign-in, a screen and axe on a loaded machine
    await login(page, email);
    const url = await sampleUrl(page.request, screen.path);
    await page.goto(url);
    await loaded(page);
    expect(await accessibilityViolations(page), url).toEqual([]);
  });
}

test("a chosen file's clear button and the side panels' titles are named once", async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'root_management_unit_manager@demo.test');

  // the file fields of the uploads: their clear button says what it does
  await page.goto('/users/import');
  await loaded(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'utilisateurs.csv', mimeType: 'text/csv', buffer: Buffer.from('email\r\n') });
  await expect(page.getByRole('button', { name: common.actions.clearFile })).toBeVisible();
  expect(await accessibilityViolations(page), '/users/import with a file').toEqual([]);
  await page.getByRole('button', { name: common.actions.clearFile }).click();
  await expect(page.getByRole('button', { name: common.actions.clearFile })).toHaveCount(0);

  // an import's side panel (one that does not exist: its title and its message): one heading, its title
  await page.goto('/imports?import=00000000-0000-4000-8000-00000000dead');
  const importPanel = page.getByRole('dialog', { name: imports.panel.title });
  await expect(importPanel.getByRole('alert')).toHaveText(imports.panel.notFound, { timeout: 30_000 });
  await expect(importPanel.getByRole('heading')).toHaveCount(1);
  await expect(importPanel.getByRole('heading', { level: 2 })).toHaveText(imports.panel.title);
  expect(await accessibilityViolations(page), '/imports with its panel').toEqual([]);

  // an audit entry's side panel: one heading of its own, then its sections
  await page.context().clearCookies();
  await login(page, 'admin@demo.test');
  await page.goto('/admin/audit-log');
  await loaded(page);
  await page.getByTestId('audit-entry-open').first().click();
  const auditPanel = page.getByRole('dialog', { name: auditLog.panel.title });
  await expect(auditPanel.getByRole('heading', { level: 2 })).toHaveText(auditLog.panel.title);
  await expect(auditPanel.getByRole('heading', { level: 2 })).toHaveCount(1);
  expect(await accessibilityViolations(page), '/admin/audit-log with its panel').toEqual([]);
});
