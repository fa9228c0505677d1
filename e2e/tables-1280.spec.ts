import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/** Every list page, as a user who may open it (the demo data fills each of them). */
const LISTS: { path: string; user: string }[] = [
  { path: '/buybacks', user: 'root_management_unit_manager@demo.test' },
  { path: '/products', user: 'root_management_unit_manager@demo.test' },
  { path: '/categories/list', user: 'root_management_unit_manager@demo.test' },
  { path: '/users', user: 'root_management_unit_manager@demo.test' },
  { path: '/entities', user: 'root_management_unit_manager@demo.test' },
  { path: '/circuits', user: 'root_management_unit_manager@demo.test' },
  { path: '/dispatch-circuit-rules', user: 'root_management_unit_manager@demo.test' },
  { path: '/payment-modes', user: 'root_management_unit_manager@demo.test' },
  { path: '/white-label/sites', user: 'admin@demo.test' },
  { path: '/clients', user: 'admin@demo.test' },
];

const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;

/** What reads badly at this width: a row or a filter's label on two lines, a badge cut short. */
async function layoutDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defects: string[] = [];
    const lineCount = (node: Text) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      return tops.size;
    };
    for (const row of document.querySelectorAll('main table tr, main label')) {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (text && lineCount(node as Text) > 1) defects.push(`wraps: "${text}"`);
      }
    }
    for (const badge of document.querySelectorAll<HTMLElement>(
      'main .mantine-Badge-root, main .mantine-Badge-label',
    )) {
      if (badge.scrollWidth > badge.clientWidth + 1) defects.push(`badge cut: "${badge.textContent}"`);
    }
    return defects;
  });
}

for (const locale of LOCALES) {
  test(`at 1280 px in ${locale}, every list reads one line per row and no badge is cut`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('reprise.language', l), locale);
    const found: string[] = [];
    let user = '';
    for (const list of LISTS) {
      if (list.user !== user) {
        await page.context().clearCookies();
        await login(page, list.user);
        user = list.user;
      }
      await page.goto(list.path);
      await expect(page.locator('main table tbody tr').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      for (const defect of await layoutDefects(page)) found.push(`${list.path}: ${defect}`);
    }
    expect(found).toEqual([]);
  });
}
