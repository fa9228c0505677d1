import { readFileSync } from 'node:fs';
import path from 'node:path';
import { axeFindings } from './axe';
import { expect, login, pickOption, test, translations, useLanguage } from './fixtures';

/**
 * The home dashboard (docs/dashboard.md): the demo's weekly statistics as key figures and charts,
 * another week picked in the week picker, and a demo device found by its IMEI in the device history.
 */

useLanguage('en-GB');

const text = translations('dashboard', 'en-GB');
const errors = translations('errors', 'en-GB');
/** Zoé Łukasiewicz's iPhone, bought back at Paris Rivoli (seed/buybacks.ts). */
const DEMO_IMEI = '356789012345678';
const LOADED = { timeout: 30_000 };

test('the home dashboard shows the week in charts, another week picked changes the figures', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'root_management_unit_manager@demo.test');
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible(LOADED);
  const count = page.getByTestId('kpi-count-value');
  await expect(count).not.toHaveText('0', LOADED);
  const latest = await count.textContent();
  for (const chart of ['chart-channel', 'chart-status', 'chart-store', 'chart-category', 'chart-payment']) {
    await expect(page.getByTestId(chart).getByTestId('chart-bar').first()).toBeVisible();
  }
  await expect(page.getByTestId('eco-impact')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  // the weeks before the demo's, with its one buyback pre-declared 20 days ago or none
  const week = page.getByRole('textbox', { name: text.week });
  const options = page.getByRole('option');
  await week.click();
  await expect(options).toHaveCount(4);
  const earlier = options.nth(1);
  await pickOption(week, earlier);
  await expect(count).not.toHaveText(latest ?? '', LOADED);
});

test('the device history finds a demo device by its IMEI and links to its buyback', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'store_seller@demo.test');
  const input = page.getByTestId('device-search-input');
  await expect(input).toBeVisible(LOADED);
  await input.fill('12345');
  await page.getByRole('button', { name: text.device.search }).click();
  await expect(page.getByText(errors.imei_invalid)).toBeVisible();
  await input.fill(DEMO_IMEI);
  await page.getByRole('button', { name: text.device.search }).click();
  const table = page.getByTestId('device-history');
  await expect(table).toBeVisible(LOADED);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/buyback\/[0-9a-f-]{36}$/, LOADED);
});

test('the dashboard reads on a phone without sideways scrolling', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'management_unit_manager@demo.test');
  await expect(page.getByTestId('kpi-count')).toBeVisible(LOADED);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test('on a phone the figures of the week come before the shortcuts, within the first screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // the user with the most shortcuts of the demo's retailers
  await login(page, 'root_management_unit_manager@demo.test');
  const figure = page.getByTestId('kpi-count');
  await expect(figure).toBeVisible(LOADED);
  const { top, screen, shortcuts } = await figure.evaluate((element) => ({
    top: element.getBoundingClientRect().top + window.scrollY,
    screen: window.innerHeight,
    shortcuts: document.querySelectorAll('[data-testid="home-shortcut"]').length,
  }));
  // 5,200 px down below 27 shortcut cards before issue 23
  expect(shortcuts).toBeGreaterThan(10);
  expect(top).toBeLessThan(screen);
  const firstShortcut = page.getByTestId('home-shortcut').first();
  const shortcutTop = await firstShortcut.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  expect(shortcutTop).toBeGreaterThan(top);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
  });

  test('the charts count devices in whole numbers and write every number the French way', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, 'root_management_unit_manager@demo.test');
    const chart = page.getByTestId('chart-channel');
    await expect(chart.getByTestId('chart-tick').first()).toBeVisible(LOADED);
    const ticks = await page.getByTestId('chart-tick').allTextContents();
    expect(ticks.length).toBeGreaterThan(5);
    // by count: whole numbers grouped by a narrow no-break space, never "0.25" nor "0,25"
    for (const tick of ticks) expect(tick).toMatch(/^\d{1,3}(\u202f\d{3})*$/);
    const counts = await page.getByTestId('chart-value').allTextContents();
    for (const value of counts) expect(value).toMatch(/:\s*\d{1,3}(\u202f\d{3})*$/);
    // by value: amounts in euros, French format (a comma before the cents, the sign after)
    const fr = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/i18n/fr-FR/dashboard.json'), 'utf8'),
    );
    await page.getByText(fr.metric.value, { exact: true }).click();
    await expect(chart.getByTestId('chart-tick').last()).toContainText('€');
    for (const tick of await chart.getByTestId('chart-tick').allTextContents())
      expect(tick).toMatch(/^\d{1,3}(\u202f\d{3})*\u00a0€$/);
    for (const value of await chart.getByTestId('chart-value').allTextContents())
      expect(value).toMatch(/\d,\d{2}\u00a0€$/);
  });
});
