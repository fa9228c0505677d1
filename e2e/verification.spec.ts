import { readFileSync } from 'node:fs';
import { expect, login, test, translations, useLanguage } from './fixtures';
import { apiAs, storeBuybacks, uniqueLastName } from './store-buybacks';

/**
 * Verification (issue 12): the warehouse operator verifies a device by its
 * number, typed as a scanner would, and a CSV list of codes: the outcome of each line, the counts,
 * and the results downloaded as CSV.
 */

useLanguage('fr-FR');

const verification = translations('verification');
const buybacks = translations('buybacks');
const errors = translations('errors');

test('the warehouse operator verifies devices by number and by a CSV list', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const store = await storeBuybacks(baseURL as string);
  const registered = await store.create(uniqueLastName('Verif'));
  const inTransit = await store.create(uniqueLastName('Verif'));
  await store.send(registered);
  await store.send(inTransit);
  await store.seller.dispose();
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  await operator.post('/api/warehouse/checkin', { code: registered.item.identificationNumber });
  await operator.dispose();

  await login(page, 'warehouse_operator@demo.test', '/verification');
  const field = page.getByTestId('verification-number');
  await expect(field).toBeFocused();

  await page.keyboard.type(registered.item.identificationNumber);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verification-verdict')).toHaveText(verification.outcome.verifiable);
  await expect(page.getByTestId('verification-item-status')).toHaveText(
    buybacks.itemStatus.item_registered_in_warehouse,
  );
  await expect(page.getByRole('link', { name: registered.identificationNumber })).toHaveAttribute(
    'href',
    `/buyback/${registered.id}`,
  );
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  // the last 8 digits of the item's number
  await page.keyboard.type(inTransit.item.identificationNumber.slice(-8));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verification-verdict')).toHaveText(verification.outcome.not_verifiable);
  await expect(page.getByTestId('verification-item-status')).toHaveText(buybacks.itemStatus.item_in_transit);

  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verification-error')).toHaveText(errors.code_length_invalid);
  await expect(field).toBeFocused();
  await page.keyboard.type('2199999999999');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verification-error')).toHaveText(verification.number.notFound);

  await page.getByRole('tab', { name: verification.tabs.list }).click();
  const csv = [
    'code;note',
    `${registered.item.identificationNumber};checked in`,
    `${inTransit.identificationNumber};in transit`,
    '2199999999999;unknown',
    'abc;not a code',
  ].join('\n');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: verification.list.submit }).click();
  await expect(page.getByTestId('verification-count-verifiable')).toHaveText(
    `${verification.outcome.verifiable}: 1`,
  );
  await expect(page.getByTestId('verification-count-not_verifiable')).toHaveText(
    `${verification.outcome.not_verifiable}: 1`,
  );
  await expect(page.getByTestId('verification-count-not_found')).toHaveText(
    `${verification.outcome.not_found}: 1`,
  );
  await expect(page.getByTestId('verification-count-invalid')).toHaveText(
    `${verification.outcome.invalid}: 1`,
  );
  const table = page.getByTestId('verification-results-table');
  await expect(
    table.getByRole('row').filter({ hasText: registered.item.identificationNumber }),
  ).toContainText(registered.product.name);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('verification-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('codes-results.csv');
  const content = readFileSync(await download.path(), 'utf8');
  expect(content).toContain(`2;${registered.item.identificationNumber};${verification.outcome.verifiable}`);
  expect(content).toContain(`5;abc;${verification.outcome.invalid}`);

  // a file that is not a list of codes is said so
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('code\n') });
  await page.getByRole('button', { name: verification.list.submit }).click();
  await expect(page.getByTestId('verification-list-error')).toHaveText(verification.list.errors.no_codes);
});
