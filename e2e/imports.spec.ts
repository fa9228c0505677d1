import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PRICE_COLUMNS } from './api-calls';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * Catalogue imports (issue 15; docs/imports.md): a products file with bad lines goes through the
 * four steps and its report lists each ignored line; a products export (engineer B's /exports page)
 * re-imports by uuid to the same catalogue. The import job runs in the server's worker, which polls
 * every 2 s: the waits are generous.
 */

useLanguage('fr-FR');

const imports = translations('imports');
const exportsText = translations('exports');

const RMU = 'root_management_unit_manager@demo.test';
const LOADED = { timeout: 30_000 };
/** An import of a few lines, or of the whole demo catalogue, queued then run by the worker. */
const IMPORT_ENDS = { timeout: 150_000 };

/** A valid EAN-13 from 12 digits (the 13th is the check digit). */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** A products file of Demo Retail's catalogue: two good lines, then a bad EAN, an empty name and an unknown category. */
function productsFileWithBadLines(run: string): string {
  const header = [
    'reference',
    'ean_code',
    'name',
    'brand',
    'model',
    'category_identifier',
    'status',
    ...PRICE_COLUMNS,
  ];
  const prices = ['320.00', '290.00', '250,00', '190.00', '120.00', '40.00'];
  const line = (reference: string, ean: string, name: string, category: string) =>
    [reference, ean, name, 'Marque E2E', 'Modèle E2E', category, 'draft', ...prices].join(';');
  const digits = run.slice(-9).padStart(9, '0');
  return [
    header.join(';'),
    line(`E2E-${run}-1`, ean13(`200${digits}`), `Produit importé ${run} A`, 'smartphones'),
    line(`E2E-${run}-2`, ean13(`201${digits}`), `Produit importé ${run} B`, 'smartphones'),
    // line 4: an EAN of 5 digits
    line(`E2E-${run}-3`, '12345', `Produit importé ${run} C`, 'smartphones'),
    // line 5: no name
    line(`E2E-${run}-4`, ean13(`202${digits}`), '', 'smartphones'),
    // line 6: a category the catalogue does not have
    line(`E2E-${run}-5`, ean13(`203${digits}`), `Produit importé ${run} E`, `inconnue-${run}`),
  ].join('\n');
}

/** The new import's four steps, from the list's header action to the start. */
async function runImportSteps(
  page: Page,
  options: { content: string; strategy: string; file: { name: string; buffer: Buffer } },
) {
  await page.goto('/imports');
  await expect(page.getByRole('heading', { name: imports.list.title })).toBeVisible(LOADED);
  await page.getByRole('link', { name: imports.list.new }).first().click();
  await expect(page.getByRole('heading', { name: imports.wizard.content.title })).toBeVisible(LOADED);

  // 1. the type of data; its template is offered once chosen
  await expect(page.getByTestId('import-template')).toBeDisabled();
  await page.getByTestId(`choice-${options.content}`).click();
  await expect(page.getByTestId('import-template')).toBeEnabled();
  await page.getByTestId('import-next').click();

  // 2. the strategy
  await expect(page.getByRole('heading', { name: imports.wizard.strategy.title })).toBeVisible();
  await page.getByTestId(`choice-${options.strategy}`).click();
  await page.getByTestId('import-next').click();

  // 3. the file, its size shown
  await expect(page.getByRole('heading', { name: imports.wizard.file.title })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: options.file.name, mimeType: 'text/csv', buffer: options.file.buffer });
  await expect(page.getByTestId('import-file-summary')).toContainText(options.file.name);
  await page.getByTestId('import-next').click();

  // 4. the summary, then the start: the list opens with the new import's side panel
  await expect(page.getByTestId('import-summary')).toContainText(imports.strategies[options.strategy].label);
  await page.getByTestId('import-start').click();
  await expect(page).toHaveURL(/\/imports\?import=[0-9a-f-]{36}$/, LOADED);
  const importId = new URL(page.url()).searchParams.get('import') as string;
  const details = page.getByTestId('import-details');
  await expect(details).toHaveAttribute('data-import-id', importId, LOADED);
  return { importId, details };
}

test('an import with bad lines ends with ignored lines, each with its line number and reason', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const run = `${Date.now()}`;
  await login(page, RMU);

  // a wrong extension is refused on the file step before anything is sent
  await page.goto('/imports/new');
  await page.getByTestId('choice-products').click();
  await page.getByTestId('import-next').click();
  await page.getByTestId('import-next').click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'produits.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText(imports.uploadErrors.invalid_extension)).toBeVisible();
  await page.getByTestId('import-next').click();
  await expect(page.getByRole('heading', { name: imports.wizard.file.title })).toBeVisible();

  const { details } = await runImportSteps(page, {
    content: 'products',
    strategy: 'generic',
    file: { name: `produits-${run}.csv`, buffer: Buffer.from(productsFileWithBadLines(run)) },
  });
  await expect(details).toHaveAttribute('data-status', 'success_with_ignored', IMPORT_ENDS);
  await expect(details.getByTestId('import-status')).toHaveText(imports.statuses.success_with_ignored);
  await expect(details.getByTestId('import-count-found')).toHaveText('5');
  await expect(details.getByTestId('import-count-inserted')).toHaveText('2');
  await expect(details.getByTestId('import-count-updated')).toHaveText('0');
  await expect(details.getByTestId('import-count-ignored')).toHaveText('3');

  const ignored = details.getByTestId('ignored-line');
  await expect(ignored).toHaveCount(3, LOADED);
  const expected = [
    { line: '4', field: 'ean_code', code: 'invalid_ean' },
    { line: '5', field: 'name', code: 'required' },
    { line: '6', field: 'category_identifier', code: 'unknown_category' },
  ];
  for (const [index, { line, field, code }] of expected.entries()) {
    const row = ignored.nth(index);
    await expect(row).toHaveAttribute('data-line', line);
    await expect(row).toHaveAttribute('data-code', code);
    await expect(row.getByRole('cell').nth(0)).toHaveText(line);
    await expect(row.getByRole('cell').nth(1)).toHaveText(field);
    await expect(row.getByRole('cell').nth(2)).toHaveText(imports.lineErrors[code]);
  }

  // the list shows it ended too, with its badge; the panel closes and opens again from its row
  await page.getByRole('button', { name: imports.panel.close }).click();
  await expect(page.getByTestId('import-panel')).toBeHidden();
  const row = page.getByTestId('import-row').filter({ hasText: `produits-${run}.csv` });
  await expect(row.getByTestId('import-status')).toHaveAttribute('data-status', 'success_with_ignored');
  await row.getByTestId('import-open').click();
  await expect(page.getByTestId('import-details').getByTestId('import-count-inserted')).toHaveText('2');

  // the two good lines are products of the catalogue now
  const found = await page.request.get(
    `/api/products?search_product_buyback=${encodeURIComponent(run)}&status=draft`,
  );
  expect(found.status()).toBe(200);
  const names = ((await found.json()).member as { name: string }[]).map((p) => p.name).sort();
  expect(names).toEqual([`Produit importé ${run} A`, `Produit importé ${run} B`]);
});

/** A product as GET /api/products/{id} answers, but for the time of its last write (the import did write it). */
function valuesOf(product: Record<string, unknown>) {
  const { updatedAt: _updatedAt, ...values } = product;
  return values;
}

test('a products export re-imports by uuid to the same catalogue: every line updated, none inserted or ignored', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await login(page, RMU);

  // the export page (features/exports): products, started, then its CSV downloaded
  await page.goto('/exports');
  await expect(page.getByRole('heading', { name: exportsText.page.title })).toBeVisible(LOADED);
  const startExport = page.getByRole('button', { name: exportsText.actions.start });
  await expect(startExport).toBeDisabled();
  await page.getByRole('radio', { name: new RegExp(`^${exportsText.types.products}`) }).click();
  await startExport.click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toHaveAttribute('data-status', 'success', IMPORT_ENDS);
  const exported = Number(/\d+/.exec((await page.getByTestId('export-count').textContent()) ?? '')?.[0]);
  expect(exported).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: exportsText.download.button }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  expect(header?.split(',')[0]).toBe('id');
  // the first data line's id (a uuid, unquoted): the product checked before and after
  const productId = /^([0-9a-f-]{36}),/.exec(lines[0] ?? '')?.[1] as string;
  expect(productId).toBeTruthy();
  const before = await page.request.get(`/api/products/${productId}`);
  expect(before.status()).toBe(200);
  const beforeProduct = await before.json();

  // the same file, imported by uuid
  const { details } = await runImportSteps(page, {
    content: 'products',
    strategy: 'uuid',
    file: { name: download.suggestedFilename() || 'products-export.csv', buffer: Buffer.from(csv) },
  });
  await expect(details).toHaveAttribute('data-status', 'success', IMPORT_ENDS);
  await expect(details.getByTestId('import-count-ignored')).toHaveText('0');
  await expect(details.getByTestId('import-count-inserted')).toHaveText('0');
  await expect(details.getByTestId('import-count-found')).toHaveText(String(exported));
  await expect(details.getByTestId('import-count-updated')).toHaveText(String(exported));
  await expect(details.getByTestId('ignored-lines')).toHaveCount(0);

  // a product of the file is what it was
  const after = await page.request.get(`/api/products/${productId}`);
  expect(after.status()).toBe(200);
  expect(valuesOf(await after.json())).toEqual(valuesOf(beforeProduct));
});
