import type { Page } from '@playwright/test';
import { call, signIn } from './api-calls';
import { expect, login, pickOption, test, translations } from './fixtures';

/**
 * Stocks and items in stock, against the real server, as the
 * warehouse manager of Saint-Priest: creates a stock, renames it, meets the duplicate-name error,
 * cannot delete a native stock; on /items-stock scans a demo item awaiting dispatch and moves it
 * into the new stock; opens its page, whose History tab lists the move; sets a resale price and
 * sees the margin; then the stock cannot be deleted while the item is in it.
 */

test.use({ locale: 'fr-FR' });
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
});
test.describe.configure({ mode: 'serial' });

const stocks = translations('stocks');
const buybacks = translations('buybacks');
const errors = translations('errors');
const layout = translations('layout');

/** A demo item awaiting dispatch at Saint-Priest (seed/demo-ids.ts, completedWithAbsorption). */
const ITEM = '2100000000180';
const suffix = Math.random().toString(36).slice(2, 7);
const created = `Rayon E2E ${suffix}`;
const renamed = `Rayon revente ${suffix}`;

/** Text as the browser shows it: the narrow spaces of French amounts made plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function openStocks(page: Page, search?: string) {
  await page.goto(search ? `/stocks?search=${encodeURIComponent(search)}` : '/stocks');
  await expect(page.getByRole('heading', { level: 1, name: stocks.list.title })).toBeVisible({
    timeout: 30_000,
  });
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the warehouse manager creates a stock and renames it', async ({ page }) => {
  await login(page, 'warehouse_manager@demo.test');
  await openStocks(page);
  await page.getByRole('link', { name: stocks.actions.create }).click();
  await expect(page).toHaveURL(/\/stocks\/create$/);
  await expect(page.getByTestId('stock-warehouse')).toHaveValue('Entrepôt Saint-Priest');
  await page.getByTestId('stock-name-input').fill(created);
  await page.getByTestId('stock-identifier-input').fill(`E2E-${suffix}`);
  await page.getByTestId('stock-location-input').fill('Bâtiment C, allée 4');
  await page.getByRole('button', { name: stocks.create.submit }).click();
  await expect(page).toHaveURL(/\/stocks\?/);
  await expect(page.getByText(stocks.alert.created)).toBeVisible();

  await openStocks(page, created);
  const row = rowOf(page, created);
  await expect(row).toContainText(`E2E-${suffix}`);
  await expect(row).toContainText('Entrepôt Saint-Priest');
  await row.getByTestId('stock-name').click();
  await expect(page).toHaveURL(/\/stocks\/[0-9a-f-]+\/edit$/);
  const name = page.getByTestId('stock-name-input');
  await expect(name).toHaveValue(created);
  await name.fill(renamed);
  await page.getByRole('button', { name: stocks.edit.submit }).click();
  await expect(page.getByText(stocks.alert.updated)).toBeVisible();
  await openStocks(page, suffix);
  await expect(rowOf(page, renamed)).toHaveCount(1);
  await expect(rowOf(page, created)).toHaveCount(0);
});

test('a name another stock of the warehouse has is refused, whatever its case', async ({ page }) => {
  await login(page, 'warehouse_manager@demo.test', '/stocks/create');
  const name = page.getByTestId('stock-name-input');
  await expect(name).toBeVisible({ timeout: 30_000 });
  await name.fill('étagère REVENTE a');
  await page.getByRole('button', { name: stocks.create.submit }).click();
  await expect(page.getByText(errors.stock_name_exists).first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/stocks\/create$/);
});

test('a native stock cannot be deleted, nor renamed', async ({ page }) => {
  await login(page, 'warehouse_manager@demo.test');
  await openStocks(page);
  const native = buybacks.nativeStock.awaiting_control;
  const row = rowOf(page, native);
  await expect(row).toContainText(stocks.list.native);
  const remove = row.getByTestId('stock-delete');
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleName(stocks.list.nativeNotDeletable);
  await remove.hover();
  await expect(page.getByRole('tooltip')).toHaveText(stocks.list.nativeNotDeletable);
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // its form keeps the name read-only, and says why
  await row.getByTestId('stock-name').click();
  await expect(page.getByTestId('stock-native-note')).toHaveText(stocks.form.nativeNote);
  await expect(page.getByTestId('stock-name-input')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('stock-name-input')).toHaveValue(native);
});

test('an item awaiting dispatch is moved into the new stock from /items-stock', async ({ page }) => {
  await login(page, 'warehouse_manager@demo.test', '/items-stock');
  const code = page.getByTestId('items-stock-code');
  await expect(code).toBeFocused({ timeout: 30_000 });
  // a code of the wrong length is refused and selected for the next scan
  await code.fill('12345');
  await code.press('Enter');
  await expect(page.getByText(errors.code_length_invalid)).toBeVisible();
  await code.pressSequentially(ITEM);
  await code.press('Enter');
  await expect(page).toHaveURL(new RegExp(`code=${ITEM}`));
  const row = rowOf(page, ITEM);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(buybacks.nativeStock.awaiting_control);
  await expect(row).toContainText(buybacks.itemStatus.item_completed_with_absorption);

  await row.getByTestId('move-item').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await pickOption(dialog.getByTestId('move-stock'), page.getByRole('option', { name: renamed }));
  await dialog.getByTestId('move-comment').fill('Prêt pour la revente');
  await dialog.getByTestId('move-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(renamed);
});

test('the item page lists the move in its history, and shows the margin of a resale price', async ({
  page,
  request,
}) => {
  await login(page, 'warehouse_manager@demo.test', `/items-stock?code=${ITEM}`);
  await rowOf(page, ITEM).getByTestId('item-stock-link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: stocks.page.title.replace('{{number}}', ITEM) }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('item-stock-name')).toHaveText(renamed);

  await page.getByRole('tab', { name: stocks.page.tabs.history }).click();
  await expect(page).toHaveURL(/tab=history/);
  const moved = page.getByTestId('item-event').filter({ hasText: buybacks.itemEventReason.stock_move });
  await expect(moved).toHaveCount(1, { timeout: 30_000 });
  await expect(moved).toContainText(renamed);
  await expect(moved).toContainText('Prêt pour la revente');
  // the tab is kept in the address: a reload opens it again
  await page.reload();
  await expect(page.getByRole('tab', { name: stocks.page.tabs.history })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('tab', { name: stocks.page.tabs.economics }).click();
  await expect(page.getByTestId('economics')).toContainText(stocks.page.economics.noMargin);
  await page.getByTestId('resale-price-input').fill('450');
  await page.getByTestId('resale-price-save').click();
  await expect(page.getByText(stocks.page.economics.saved)).toBeVisible();

  const manager = await signIn(request, 'warehouse_manager@demo.test');
  const items = await call<{ member: { id: string }[] }>(
    request,
    manager,
    'GET',
    `/api/items-stock?code=${ITEM}`,
  );
  const item = await call<{ economics: { paidPriceCents: number; plannedRefurbCostCents: number } }>(
    request,
    manager,
    'GET',
    `/api/items-stock/${items.member[0]?.id}`,
  );
  const margin = 45_000 - item.economics.paidPriceCents - item.economics.plannedRefurbCostCents;
  const expected = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(
    margin / 100,
  );
  await expect(page.getByTestId('margin')).toBeVisible();
  expect(plain(await page.getByTestId('margin').textContent())).toBe(plain(expected));
});

test('the stock cannot be deleted while the item is in it', async ({ page }) => {
  await login(page, 'warehouse_manager@demo.test');
  await openStocks(page, renamed);
  const row = rowOf(page, renamed);
  await expect(row.getByTestId('stock-product-count')).toHaveText('1');
  await row.getByTestId('stock-delete').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(renamed);
  await dialog.getByTestId('stock-delete-submit').click();
  await expect(dialog.getByTestId('stock-delete-error')).toHaveText(errors.stock_not_empty);
  await dialog.getByRole('button', { name: stocks.delete.cancel }).click();
  await expect(rowOf(page, renamed)).toHaveCount(1);
});

test('on a phone, the item page’s move is in the Actions menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'warehouse_manager@demo.test', `/items-stock?code=${ITEM}`);
  await rowOf(page, ITEM).getByTestId('item-stock-link').click();
  await expect(page.getByTestId('item-stock-name')).toHaveText(renamed, { timeout: 30_000 });
  await page.getByRole('button', { name: layout.header.actions }).click();
  await page.getByRole('menuitem', { name: stocks.move.action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(stocks.move.title.replace('{{code}}', ITEM));
  await dialog.getByRole('button', { name: stocks.move.cancel }).click();
  await expect(dialog).toHaveCount(0);
});
