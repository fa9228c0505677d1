import { expect, login, test, translations, useLanguage } from './fixtures';
import { apiAs, storeBuybacks, uniqueLastName } from './store-buybacks';

/**
 * Sending and checking in (issue 12): the store seller marks a
 * buyback sent, one from its detail and several from the list; the warehouse operator of
 * Saint-Priest registers the items at `/warehouse/checkin` as a keyboard-wedge scanner would
 * (the code typed and Enter), sees the refusals said, and opens the confirmation. Check-in is
 * disabled for platform admins: no menu entry, and the route leads home.
 */

useLanguage('fr-FR');

const checkin = translations('warehouseCheckin');
const buybacks = translations('buybacks');
const errors = translations('errors');
const layout = translations('layout');
const control = translations('warehouseControl');

test('the store seller marks a buyback sent from its detail, and two from the list', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const store = await storeBuybacks(baseURL as string);
  const one = await store.create(uniqueLastName('Envoi'));
  const name = uniqueLastName('Lot');
  const two = [await store.create(name), await store.create(name)];
  await store.seller.dispose();

  await login(page, 'store_seller@demo.test', `/buyback/${one.id}`);
  // the detail reads several translation namespaces on its first visit
  const markSent = page.getByRole('button', { name: checkin.send.button });
  await expect(markSent).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('buyback-status').first()).toHaveText(buybacks.status.bb_awaiting_inventory);
  await markSent.click();
  await expect(page.getByTestId('buyback-status').first()).toHaveText(buybacks.status.bb_in_transit);
  await expect(page.getByRole('button', { name: checkin.send.button })).toHaveCount(0);

  await page.goto(`/buybacks?customerName=${name}`);
  for (const b of two) {
    const box = page.getByRole('checkbox', { name: `Sélectionner la reprise ${b.identificationNumber}` });
    await expect(box).toBeVisible({ timeout: 30_000 });
    await box.check();
  }
  await expect(page.getByTestId('send-selection')).toContainText('Sélectionnées : 2');
  await page.getByTestId('send-selection-submit').click();
  await expect(page.getByTestId('send-summary')).toContainText('Envoyées : 2 · non envoyées : 0');
  for (const b of two)
    await expect(page.getByRole('row').filter({ hasText: b.identificationNumber })).toContainText(
      buybacks.status.bb_in_transit,
    );
});

test('the warehouse operator checks items in with a scanner, sees the refusals and the confirmation', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const store = await storeBuybacks(baseURL as string);
  const first = await store.create(uniqueLastName('Scan'));
  const second = await store.create(uniqueLastName('Scan'));
  const notSent = await store.create(uniqueLastName('Scan'));
  await store.send(first);
  await store.send(second);
  await store.seller.dispose();

  await login(page, 'warehouse_operator@demo.test');
  await page.getByRole('link', { name: layout.menu.warehouseCheckin }).first().click();
  await expect(page).toHaveURL(/\/warehouse\/checkin$/);
  const field = page.getByTestId('checkin-code');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('checkin-mandatory')).toHaveText(checkin.mandatory);

  // a scanner types the 13 digits and Enter
  await page.keyboard.type(first.item.identificationNumber);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkin-success')).toContainText(first.product.name);
  const list = page.getByTestId('checkin-list');
  const row = list.getByRole('row').filter({ hasText: first.item.identificationNumber });
  await expect(row).toContainText(first.product.name);
  await expect(row).toContainText('Demo Retail');
  await expect(row).toContainText(checkin.stock.awaiting_control);
  await expect(row.getByRole('button', { name: checkin.control })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  // the label's last 8 digits
  await page.keyboard.type(second.item.identificationNumber.slice(-8));
  await page.keyboard.press('Enter');
  await expect(list.getByRole('row').filter({ hasText: second.item.identificationNumber })).toBeVisible();
  await expect(field).toBeFocused();

  // refusals: said in words, the code selected for the next scan
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkin-error')).toContainText(errors.code_length_invalid);
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    ),
  ).toBe('12345');

  await page.keyboard.type('2199999999999');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkin-error')).toContainText(errors.item_not_found);
  await expect(field).toHaveValue('2199999999999');

  await page.keyboard.type(notSent.item.identificationNumber);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkin-error')).toContainText(errors.item_status_mismatch);

  // an item checked in before: said so, when and where (not "the status does not match")
  await page.keyboard.type(first.item.identificationNumber);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkin-error')).toContainText(
    /Déjà enregistré le .+ à Entrepôt Saint-Priest\./,
  );
  await expect(page.getByTestId('checkin-error')).not.toContainText(errors.item_status_mismatch);
  await expect(list.getByRole('row')).toHaveCount(3);

  // "Control" next to it starts that item's control: its wizard opens at its first step
  await row.getByRole('button', { name: checkin.control }).click();
  await expect(page).toHaveURL(new RegExp(`/warehouse/check/${first.item.id}$`));
  await expect(page.getByRole('button', { name: control.specification.start })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('not-under-control')).toHaveCount(0);

  // the confirmation of the last one registered
  await page.goto(`/warehouse/confirmation-checkin/${second.item.id}`);
  await expect(page.getByRole('heading', { name: checkin.confirmation.registered })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('confirmation-stock')).toHaveText(checkin.stock.awaiting_control);
  await expect(page.getByText(second.product.name)).toBeVisible();
  await expect(page.getByTestId('confirmation-control')).toBeVisible();
  await page.getByTestId('confirmation-scan-next').click();
  await expect(page).toHaveURL(/\/warehouse\/checkin$/);
  await expect(page.getByTestId('checkin-code')).toBeFocused();

  // its wizard, opened before its control starts, offers to start it; a scan on the control's
  // search then starts it, and the wizard shows the server's state at once (no reload)
  await page.goto(`/warehouse/check/${second.item.id}`);
  await expect(page.getByTestId('not-under-control')).toContainText(control.wizard.notStarted);
  await expect(page.getByTestId('control-start')).toBeVisible();
  await page.goto('/warehouse/check');
  await expect(page.getByTestId('control-code')).toBeFocused();
  await page.keyboard.type(second.item.identificationNumber);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/warehouse/check/${second.item.id}$`));
  await expect(page.getByRole('button', { name: control.specification.start })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('not-under-control')).toHaveCount(0);

  // the item has moved on the server too
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  const item = await operator.get<{ status: string; stock: { nativeKind: string } }>(
    `/api/items/${first.item.id}`,
  );
  await operator.dispose();
  expect(item).toMatchObject({
    status: 'item_awaiting_compliancy_tests',
    stock: { nativeKind: 'awaiting_control' },
  });
});

test('check-in is disabled for a platform admin: no menu entry, and its routes lead home', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, 'admin@demo.test');
  await expect(page.getByRole('link', { name: layout.menu.verification }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: layout.menu.warehouseCheckin })).toHaveCount(0);
  await page.goto('/warehouse/checkin');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/warehouse/confirmation-checkin');
  await expect(page).toHaveURL(/\/home$/);
});
