import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, login, test, translations, useLanguage } from './fixtures';
import { apiAs, storeBuybacks, uniqueLastName } from './store-buybacks';
import { awaitingDispatch } from './warehouse-calls';

/**
 * Expedition (issue 13): the warehouse operator of
 * Saint-Priest packs two items awaiting dispatch in a package with a label as a keyboard-wedge
 * scanner would, sees a code entered twice and an item in transit refused under the field, closes
 * the package, downloads its label and packing list, finds it closed in the transports list, and
 * the items' history says they were dispatched. The Paris store seller packs a store-drop buyback
 * in a package without a label and closes it: the buyback is in transit.
 */

useLanguage('fr-FR');

const expedition = translations('expedition');
const buybacks = translations('buybacks');
const errors = translations('errors');
const layout = translations('layout');

/** A demo item of Saint-Priest in transit (apps/server/src/seed/demo-ids.ts, warehouseItems). */
const IN_TRANSIT = '2100000000111';

/** A scan: the code typed quickly, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

const selectedText = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) =>
    input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
  );

/** Clicks a download button: the server answered a PDF, saved under the name it gave. */
async function downloadPdf(page: Page, button: Locator, document: 'label' | 'packing-list') {
  const [response, download] = await Promise.all([
    page.waitForResponse((res) => res.url().includes(`/documents/${document}`)),
    page.waitForEvent('download'),
    button.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  return download.suggestedFilename();
}

test('the warehouse operator packs items awaiting dispatch in a package with a label, closes it and dispatches them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // two items of its own: the demo's stay as the README describes them
  const AWAITING_DISPATCH = [
    (await awaitingDispatch(baseURL as string, 'Colis')).identificationNumber,
    (await awaitingDispatch(baseURL as string, 'Colis')).identificationNumber,
  ];
  await login(page, 'warehouse_operator@demo.test');
  await page.getByRole('link', { name: layout.menu.expedition }).first().click();
  await expect(page).toHaveURL(/\/start-expedition$/);
  await page.getByTestId('start-with-label').click();
  await expect(page).toHaveURL(/\/packing-with-label\?packageId=/, { timeout: 30_000 });
  const packageId = new URL(page.url()).searchParams.get('packageId') as string;
  const field = page.getByTestId('packing-code');
  await expect(field).toBeFocused({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(expedition.type.withLabel) })).toBeVisible();

  const list = page.getByTestId('packing-list');
  for (const [index, code] of AWAITING_DISPATCH.entries()) {
    await scan(page, code);
    await expect(list.getByRole('row').filter({ hasText: code })).toBeVisible();
    await expect(page.getByTestId('package-count')).toHaveText(
      index === 0
        ? expedition.packing.count_one.replace('{{count}}', '1')
        : expedition.packing.count_other.replace('{{count}}', '2'),
    );
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
  }

  // refusals are said under the field, the code selected for the next scan
  await scan(page, AWAITING_DISPATCH[0] as string);
  await expect(page.getByText(errors.expedition_code_already_entered)).toBeVisible();
  await expect(field).toBeFocused();
  expect(await selectedText(field)).toBe(AWAITING_DISPATCH[0]);
  await scan(page, IN_TRANSIT);
  await expect(page.getByText(errors.expedition_not_awaiting_shipment)).toBeVisible();
  expect(await selectedText(field)).toBe(IN_TRANSIT);
  await expect(list.getByRole('row')).toHaveCount(3);

  await page.getByTestId('packing-close').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(expedition.packing.closeWarehouse_other.replace('{{count}}', '2'));
  await dialog.getByTestId('packing-close-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/expedition/confirmation\\?packageId=${packageId}`));
  await expect(page.getByTestId('confirmation-done')).toContainText(expedition.confirmation.warehouseDone);
  const number = ((await page.getByTestId('confirmation-number').textContent()) ?? '').trim();
  expect(number).toMatch(/^PK\d{10}$/);
  await expect(page.getByTestId('confirmation-tracking')).toHaveText(new RegExp(`^RP${number.slice(2)}\\d$`));
  await expect(page.getByTestId('confirmation-items').getByRole('row')).toHaveCount(3);

  expect(await downloadPdf(page, page.getByTestId('download-package-label'), 'label')).toBe(
    `etiquette-de-colis-${number}.pdf`,
  );
  expect(await downloadPdf(page, page.getByTestId('download-packing-list'), 'packing-list')).toBe(
    `liste-de-colisage-${number}.pdf`,
  );

  // the transports list shows it closed
  await page.goto(`/transports-list?search=${number}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('package-status')).toHaveText(expedition.status.closed);
  await expect(row).toContainText(expedition.type.withLabelShort);
  await expect(row).toContainText('Demo Buyer');

  // the items' history says they were dispatched
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  const item = await operator.get<{ buyback: { id: string } }>(`/api/items/by-code/${AWAITING_DISPATCH[0]}`);
  await operator.dispose();
  await page.goto(`/buyback/${item.buyback.id}`);
  await page.getByRole('tab', { name: buybacks.itemHistory.tab }).click();
  const events = page.getByTestId('item-event');
  await expect(events.first()).toBeVisible({ timeout: 30_000 });
  await expect(events.last()).toContainText(buybacks.itemEventReason.dispatched);
  await expect(events.last()).toContainText(number);
  await expect(events.filter({ hasText: buybacks.itemEventReason.packed })).toHaveCount(1);
});

test('the store seller packs a store-drop buyback in a package without a label on a phone; closed, the buyback is in transit', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const store = await storeBuybacks(baseURL as string);
  const buyback = await store.create(uniqueLastName('Colis'));
  await store.seller.dispose();

  // a phone: below the 768 px breakpoint
  await page.setViewportSize({ width: 390, height: 844 });
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await login(page, 'store_seller@demo.test', '/start-expedition');
  await expect(page.getByTestId('start-without-label')).toBeVisible({ timeout: 30_000 });
  expect(await fitsTheScreen()).toBe(true);
  await page.getByTestId('start-without-label').click();
  await expect(page).toHaveURL(/\/packing-with-label\?packageId=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(expedition.type.withoutLabel) })).toBeVisible();
  const field = page.getByTestId('packing-code');
  await expect(field).toBeFocused({ timeout: 30_000 });

  // the buyback's 13-digit number packs its item
  await scan(page, buyback.identificationNumber);
  const row = page
    .getByTestId('packing-list')
    .getByRole('row')
    .filter({ hasText: buyback.item.identificationNumber });
  await expect(row).toContainText(buyback.identificationNumber);
  await expect(page.getByTestId('packing-success')).toBeVisible();
  await expect(page.getByText('Entrepôt Saint-Priest')).toBeVisible();
  expect(await fitsTheScreen()).toBe(true);

  await page.getByTestId('packing-close').click();
  await page.getByRole('dialog').getByTestId('packing-close-confirm').click();
  await expect(page).toHaveURL(/\/expedition\/confirmation\?packageId=/);
  await expect(page.getByTestId('confirmation-done')).toContainText(
    expedition.confirmation.storeDone.replace('{{destination}}', 'Entrepôt Saint-Priest'),
  );
  // without a label: the packing list only, no tracking number
  await expect(page.getByTestId('download-package-label')).toHaveCount(0);
  await expect(page.getByTestId('confirmation-tracking')).toHaveText('—');
  expect(await fitsTheScreen()).toBe(true);
  await downloadPdf(page, page.getByTestId('download-packing-list'), 'packing-list');

  await page.goto(`/buyback/${buyback.id}`);
  await expect(page.getByTestId('buyback-status').first()).toHaveText(buybacks.status.bb_in_transit, {
    timeout: 30_000,
  });
});
