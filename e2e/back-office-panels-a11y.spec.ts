import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeFindings } from './axe';
import { expect, login, test } from './fixtures';

/**
 * axe-core on states of the back office a plain visit does not show (a chosen file, side panels);
 * every screen as it opens is checked by e2e/back-office-sweep.spec.ts.
 */

const translations = (locale: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../apps/web/src/i18n/${locale}/${namespace}.json`),
      'utf8',
    ),
  );
const common = translations('fr-FR', 'common');
const imports = translations('fr-FR', 'imports');
// the platform account speaks English: the platform admin's screens are in English
const auditLog = translations('en-GB', 'auditLog');

/** Waits for the screen's data: its heading, its requests done, no loader left. */
async function loaded(page: Page): Promise<void> {
  // a lazy screen's first load on a loaded machine (load 30 and more on 2 cores) takes long
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
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
  expect(await axeFindings(page), '/users/import with a file').toEqual([]);
  await page.getByRole('button', { name: common.actions.clearFile }).click();
  await expect(page.getByRole('button', { name: common.actions.clearFile })).toHaveCount(0);

  // an import's side panel (one that does not exist: its title and its message): one heading, its title
  await page.goto('/imports?import=00000000-0000-4000-8000-00000000dead');
  const importPanel = page.getByRole('dialog', { name: imports.panel.title });
  await expect(importPanel.getByRole('alert')).toHaveText(imports.panel.notFound, { timeout: 30_000 });
  await expect(importPanel.getByRole('heading')).toHaveCount(1);
  await expect(importPanel.getByRole('heading', { level: 2 })).toHaveText(imports.panel.title);
  expect(await axeFindings(page), '/imports with its panel').toEqual([]);

  // an audit entry's side panel: one heading of its own, then its sections
  await page.context().clearCookies();
  await login(page, 'admin@demo.test', '/admin/audit-log');
  await loaded(page);
  await page.getByTestId('audit-entry-open').first().click();
  const auditPanel = page.getByRole('dialog', { name: auditLog.panel.title });
  await expect(auditPanel.getByRole('heading', { level: 2 })).toHaveText(auditLog.panel.title);
  await expect(auditPanel.getByRole('heading', { level: 2 })).toHaveCount(1);
  expect(await axeFindings(page), '/admin/audit-log with its panel').toEqual([]);
});
