import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { openTransferBatch } from './payment-calls';
import { storeBuybacks, uniqueLastName } from './store-buybacks';
import { awaitingDispatch } from './warehouse-calls';

/**
 * The warehouse on a handheld (issue 23, item 11): check-in, control, packing, quarantine and the
 * stock move work at 360 px, the page never wider than the screen, the item's code always in
 * sight (never behind a sideways scroll); the transfer batch page fits 390 px.
 */

test.use({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
});

/** The page is no wider than the screen. */
async function fitsTheScreen(page: Page, width = 360) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(width);
}

/** The element is on the screen, whole, without scrolling sideways (asked again while the page still renders). */
async function inSight(locator: Locator, width = 360) {
  await expect(locator).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        if (!box) return 'no box';
        return box.x >= 0 && box.x + box.width <= width ? 'in sight' : `${box.x} to ${box.x + box.width} px`;
      },
      { timeout: 10_000 },
    )
    .toBe('in sight');
}

async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('check-in, control and packing at 360 px: the page fits, the codes are in sight', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const store = await storeBuybacks(baseURL as string);
  const arriving = await store.create(uniqueLastName('Poche'));
  await store.send(arriving);
  await store.seller.dispose();
  const packed = await awaitingDispatch(baseURL as string, 'Poche');
  const code = arriving.item.identificationNumber;

  await login(page, 'warehouse_operator@demo.test', '/warehouse/checkin');
  await expect(page.getByTestId('checkin-code')).toBeFocused({ timeout: 30_000 });
  await scan(page, code);
  const row = page.getByTestId('checkin-list').getByRole('row').filter({ hasText: code });
  await inSight(row.getByText(code, { exact: true }));
  await fitsTheScreen(page);

  // its control, from the list
  await row.getByTestId('checkin-start-control').click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/check/${arriving.item.id}$`));
  await inSight(page.getByText(code, { exact: true }).first());
  await fitsTheScreen(page);

  // packing in a package with a label: the item's number and its buyback's
  await page.goto('/start-expedition');
  await page.getByTestId('start-with-label').click();
  await expect(page).toHaveURL(/\/packing-with-label\?packageId=/, { timeout: 30_000 });
  await expect(page.getByTestId('packing-code')).toBeFocused({ timeout: 30_000 });
  await scan(page, packed.identificationNumber);
  const line = page
    .getByTestId('packing-list')
    .getByRole('row')
    .filter({ hasText: packed.identificationNumber });
  await inSight(line.getByText(packed.identificationNumber, { exact: true }));
  await inSight(line.locator('td').nth(1));
  await fitsTheScreen(page);
});

test('quarantine and the stock move at 360 px: the page fits, the codes are in sight', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'warehouse_manager@demo.test', '/buybacksQuarantine');
  const first = page.locator('main table tbody tr').first();
  await inSight(
    first
      .locator('td')
      .first()
      .getByText(/^\d{13}$/)
      .first(),
  );
  await fitsTheScreen(page);

  await page.goto('/items-stock');
  const item = page.getByTestId('item-stock-link').first();
  await inSight(item);
  await fitsTheScreen(page);
  // the stock move's dialog
  await page.getByTestId('move-item').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await fitsTheScreen(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await item.click();
  await expect(page).toHaveURL(/\/items-stock\/[^/]+\/edit/);
  await fitsTheScreen(page);
});

test('a transfer batch fits 390 px, its file reference wrapped', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const batchId = await openTransferBatch(baseURL as string, 'Largeur');
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, 'root_management_unit_manager@demo.test', `/payment-batches/${batchId}`);
  await expect(page.getByTestId('batch-total')).toBeVisible({ timeout: 30_000 });
  await fitsTheScreen(page, 390);
});
