import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  CEILING_BYTES,
  gzipSize,
  type PAGES,
  pageFiles,
  readChunks,
} from '../scripts/back-office-bundle-size.mjs';
import { expect, login, test } from './fixtures';

/**
 * The back office's weight (issue 23, bench/RESULTS.md): the JavaScript Chromium really loads for
 * the sign-in page and the home page, gzipped as served, stays under the ceiling of
 * scripts/back-office-bundle-size.mjs, and every file it loads is one that script counts (so the
 * script's list of what each page loads at once cannot drift from the truth).
 */

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const LOADED = { timeout: 30_000 };

/** Every JavaScript file of the build the page requests from now on. */
function recordScripts(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) files.add(pathname.slice(1));
  });
  return files;
}

function weigh(files: Set<string>, page: keyof typeof PAGES, locale: string) {
  const counted = new Set<string>(pageFiles(readChunks(dist), page, locale));
  const uncounted = [...files].filter((file) => !counted.has(file));
  const total = [...files].reduce((sum, file) => sum + gzipSize(file, dist), 0);
  return { uncounted, total };
}

for (const locale of ['fr-FR', 'de-DE']) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((language) => localStorage.setItem('reprise.language', language), locale);
    });

    test('the sign-in page loads no more JavaScript than the budget script counts', async ({ page }) => {
      test.setTimeout(90_000);
      const files = recordScripts(page);
      await page.goto('/login');
      // the form shows once its translations (the single sign-on step's too) are there
      await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible(LOADED);
      const { uncounted, total } = weigh(files, '/login', locale);
      expect(uncounted).toEqual([]);
      expect(total).toBeLessThanOrEqual(CEILING_BYTES['/login']);
    });

    test('the home page loads no more JavaScript than the budget script counts', async ({
      browser,
      page,
    }) => {
      test.setTimeout(120_000);
      await login(page, 'root_management_unit_manager@demo.test');
      // a fresh browser (empty cache) with the session of the one that signed in
      const context = await browser.newContext({ storageState: await page.context().storageState(), locale });
      const home = await context.newPage();
      const files = recordScripts(home);
      await home.goto('/home');
      // the statistics, their charts and the device history search are the last to show
      await expect(home.getByTestId('chart-channel').getByTestId('chart-bar').first()).toBeVisible(LOADED);
      await expect(home.getByTestId('device-search-input')).toBeVisible(LOADED);
      const { uncounted, total } = weigh(files, '/home', locale);
      await context.close();
      expect(uncounted).toEqual([]);
      expect(total).toBeLessThanOrEqual(CEILING_BYTES['/home']);
    });
  });
}
