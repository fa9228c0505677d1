import { readFileSync } from 'node:fs';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * Exports (issue 15; docs/exports.md): the catalogue's export page (start disabled until a type is
 * chosen, progress, entry count, a CSV download with the import's header) and the buyback list's
 * export of its filters in a modal. The export job runs in the server's worker: the waits are generous.
 */

useLanguage('fr-FR');

const text = translations('exports');

const RMU = 'root_management_unit_manager@demo.test';
const LOADED = { timeout: 30_000 };
const EXPORT_ENDS = { timeout: 120_000 };

test('the export page: a type first, then progress, the entry count and a CSV with the header', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await login(page, RMU, '/exports');
  await expect(page.getByRole('heading', { name: text.page.title })).toBeVisible(LOADED);
  const start = page.getByRole('button', { name: text.actions.start });
  await expect(start).toBeDisabled();
  await page.getByRole('radio', { name: new RegExp(`^${text.types.categories}`) }).click();
  await expect(start).toBeEnabled();
  await start.click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toBeVisible(LOADED);
  // the export under way is in the address: a reload keeps following it
  await expect(page).toHaveURL(/type=categories&export=[0-9a-f-]{36}/);
  await expect(progress).toHaveAttribute('data-status', 'success', EXPORT_ENDS);
  const count = Number(/\d+/.exec((await page.getByTestId('export-count').textContent()) ?? '')?.[0]);
  expect(count).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: text.download.button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^categories-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'id,identifier,label,parent_identifier,description,status,default_weight,default_length,default_width,default_height,absorption_type,absorption_value,highlighted_instruction,children_description',
  );

  // a new export starts from the choice again
  await page.getByRole('button', { name: text.actions.new }).click();
  await expect(page.getByRole('button', { name: text.actions.start })).toBeDisabled();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
});

test('a user without both export permissions is sent home from the export page', async ({ page }) => {
  await login(page, 'management_unit_manager@demo.test', '/exports');
  await expect(page).toHaveURL(/\/home$/, LOADED);
});

test("the buyback list's export holds its filters' buybacks, downloaded from its modal", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, RMU);
  // the other worker's journeys create buybacks meanwhile: the export holds those of the moment it
  // ran, between the totals read before and after it
  const total = async () =>
    (await (await page.request.get('/api/buybacks?itemsPerPage=1')).json()).totalItems as number;
  const before = await total();
  await page.goto('/buybacks');
  const exportButton = page.getByRole('button', { name: text.buybacks.button, exact: true });
  await expect(exportButton).toBeVisible(LOADED);
  await exportButton.click();
  const modal = page.getByRole('dialog', { name: text.buybacks.title });
  await expect(modal).toBeVisible();
  const progress = modal.getByTestId('export-progress');
  await expect(progress).toHaveAttribute('data-status', 'success', EXPORT_ENDS);
  const after = await total();
  const exported = Number((await modal.getByTestId('export-count').textContent())?.match(/\d+/)?.[0]);
  expect(exported).toBeGreaterThanOrEqual(before);
  expect(exported).toBeLessThanOrEqual(after);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByRole('button', { name: text.download.button }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    'identification_number,external_code,created_at,store,status,customer_name,payment_type,payment_status,item_count,declared_total,validated_total,paid_amount,currency',
  );
});
