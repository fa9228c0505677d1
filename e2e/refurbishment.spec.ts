import type { Page } from '@playwright/test';
import { expect, login, pickOption, signedInFrench, test, translations, useLanguage } from './fixtures';
import { apiAs } from './store-buybacks';
import { awaitingDispatch } from './warehouse-calls';

/**
 * The refurbishment journey of issue 13 from end to end, in the browser (docs/refurbishment.md):
 * the Saint-Priest operator diagnoses a controlled item (scratched screen, cleaning: two services),
 * runs the cleaning (started, paused, resumed, validated) while the warehouse manager has the screen
 * replacement open; the operator cancels that one with a comment, and the manager's stale start is
 * told another user changed it (412). The operator validates the item, moves it to the resale
 * shelf from the items in stock, packs it with another item in a package with a label, closes the
 * package and downloads its label; the item's page tells the whole story.
 */

useLanguage('fr-FR');

const diagnosis = translations('refurbDiagnosis');
const steps = translations('itemRefurbSteps');
const buybacks = translations('buybacks');
const errors = translations('errors');

const LOADED = { timeout: 30_000 };
const SCREEN = "Remplacement de l'écran";
const CLEANING = 'Nettoyage complet';
const SHELF = 'Étagère revente A';

const statusOf = (page: Page) => page.getByTestId('step-details').getByTestId('step-status');

async function act(page: Page, testId: string, status: string) {
  await page.getByTestId(testId).click();
  await expect(statusOf(page)).toHaveAttribute('data-status', status);
}

async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('diagnosed, refurbished service by service, stored and shipped: the item from its control to its package', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const item = await awaitingDispatch(baseURL as string, 'Parcours');
  const other = await awaitingDispatch(baseURL as string, 'Parcours');

  // the diagnosis: a scratched screen, a good battery, a cleaning
  await login(page, 'warehouse_operator@demo.test', '/refurb-diagnosis/start');
  await expect(page.getByTestId('refurb-diagnosis-code')).toBeFocused(LOADED);
  await scan(page, item.identificationNumber);
  await expect(page).toHaveURL(/\/warehouse\/refurb-diagnosis\/[0-9a-f-]{36}$/, LOADED);
  await page.getByRole('button', { name: diagnosis.overview.start }).click();
  await page.getByLabel('Rayé', { exact: true }).check(LOADED);
  await page.getByLabel('80 % ou plus', { exact: true }).check();
  await page.getByLabel('Nettoyage', { exact: true }).check();
  await page.getByRole('button', { name: diagnosis.nav.next }).click();
  await expect(page.getByTestId('refurb-diagnosis-planned-service')).toHaveCount(2, LOADED);
  await page.getByRole('button', { name: diagnosis.nav.next }).click();
  await page.getByLabel(diagnosis.stock.stock).selectOption({ label: 'Atelier réparation' }, LOADED);
  await page.getByLabel(CLEANING).check();
  await page.getByRole('button', { name: diagnosis.stock.finalize }).click();
  await expect(page).toHaveURL(/\/finalized$/, LOADED);

  // the first service: started, paused, resumed, validated
  await page.getByRole('link', { name: diagnosis.finalized.runFirst }).click();
  await expect(page).toHaveURL(/\/item-refurb-steps\/[0-9a-f-]{36}$/, LOADED);
  await expect(page.getByRole('heading', { level: 1, name: CLEANING })).toBeVisible(LOADED);
  await expect(statusOf(page)).toHaveAttribute('data-status', 'to_do', LOADED);
  await act(page, 'step-start', 'in_progress');
  await page.getByTestId('step-comment').fill('Produit nettoyant en rupture');
  await act(page, 'step-pause', 'paused');
  await act(page, 'step-start', 'in_progress');
  await act(page, 'step-validate', 'completed');

  // the screen replacement: the manager opens it; the operator cancels it with a comment
  await page.getByRole('link', { name: steps.step.back }).click();
  const rows = page.getByTestId('item-service');
  await expect(rows).toHaveCount(2, LOADED);
  const screenHref = await rows
    .filter({ hasText: SCREEN })
    .getByRole('link', { name: SCREEN, exact: true })
    .getAttribute('href');
  const manager = await signedInFrench(browser, 'warehouse_manager@demo.test');
  try {
    await manager.goto(screenHref as string);
    await expect(statusOf(manager)).toHaveAttribute('data-status', 'to_do', LOADED);

    await page.goto(screenHref as string);
    await expect(statusOf(page)).toHaveAttribute('data-status', 'to_do', LOADED);
    await page.getByTestId('step-cancel').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('cancel-comment').fill('Rayures légères : polissage suffisant');
    await dialog.getByTestId('cancel-confirm').click();
    await expect(statusOf(page)).toHaveAttribute('data-status', 'cancelled');

    // the manager's page still says "to do": the start is refused, the service shown as it now is
    await manager.getByTestId('step-start').click();
    const changed = manager.getByTestId('step-changed');
    await expect(changed).toContainText(errors.refurb_step_changed);
    await expect(statusOf(manager)).toHaveAttribute('data-status', 'cancelled');
  } finally {
    await manager.context().close();
  }

  // every service finished: the item is validated (stock "refurbishment completed")
  await page.getByRole('link', { name: steps.step.back }).click();
  const validate = page.getByTestId('validate-item');
  await expect(validate).toBeEnabled(LOADED);
  await validate.click();
  await expect(page).toHaveURL(/\/item-refurb-steps\/completed\?/, LOADED);
  await expect(page.getByTestId('completed-number')).toHaveText(item.identificationNumber);

  // stored on the resale shelf from the items in stock
  await page.goto(`/items-stock?code=${item.identificationNumber}`);
  const row = page.getByRole('row').filter({ hasText: item.identificationNumber });
  await expect(row).toHaveCount(1, LOADED);
  await expect(row).toContainText(buybacks.itemStatus.item_refurb_completed);
  await row.getByTestId('move-item').click();
  const move = page.getByRole('dialog');
  await pickOption(move.getByTestId('move-stock'), page.getByRole('option', { name: SHELF }));
  await move.getByTestId('move-submit').click();
  await expect(move).toHaveCount(0);
  await expect(row).toContainText(SHELF);

  // packed with another item in a package with a label, closed, its label downloaded
  await page.goto('/start-expedition');
  await page.getByTestId('start-with-label').click(LOADED);
  await expect(page.getByTestId('packing-code')).toBeFocused(LOADED);
  for (const code of [item.identificationNumber, other.identificationNumber]) {
    await scan(page, code);
    await expect(page.getByTestId('packing-list').getByRole('row').filter({ hasText: code })).toBeVisible();
  }
  await page.getByTestId('packing-close').click();
  await page.getByRole('dialog').getByTestId('packing-close-confirm').click();
  await expect(page).toHaveURL(/\/expedition\/confirmation\?packageId=/, LOADED);
  const number = ((await page.getByTestId('confirmation-number').textContent()) ?? '').trim();
  const [response, download] = await Promise.all([
    page.waitForResponse((res) => res.url().includes('/documents/label')),
    page.waitForEvent('download'),
    page.getByTestId('download-package-label').click(),
  ]);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(download.suggestedFilename()).toBe(`etiquette-de-colis-${number}.pdf`);

  // its history, on the buyback: diagnosed, each service, validated, moved, packed, dispatched
  await page.goto(`/buyback/${item.buybackId}`);
  await page.getByRole('tab', { name: buybacks.itemHistory.tab }).click();
  const events = page.getByTestId('item-event');
  await expect(events.last()).toContainText(buybacks.itemEventReason.dispatched, LOADED);
  for (const reason of [
    'refurb_diagnosis_started',
    'refurb_diagnosis_finalized',
    'refurb_step_paused',
    'refurb_step_resumed',
    'refurb_step_cancelled',
    'refurb_completed',
    'stock_move',
    'packed',
  ])
    await expect(events.filter({ hasText: buybacks.itemEventReason[reason] }).first()).toBeVisible();
});

test('a certificate of a retailer without a public site is checked on the platform’s own address', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // the demo's refurbished item (apps/server/src/seed/demo-ids.ts, refurbishmentItems.refurbished)
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  const item = await operator.get<{ id: string; imei: string | null }>('/api/items/by-code/2100000000319');
  const certificates = await operator.get<{ member: { verificationCode: string }[] }>(
    `/api/items/${item.id}/erasure-certificates`,
  );
  await operator.dispose();
  const code = certificates.member[0]?.verificationCode as string;
  const check = translations('erasureCertificate');

  // without a session, as the customer who reads the printed address
  await page.goto(`/erasure-certificate/${code}`);
  await expect(page.getByTestId('erasure-check-state')).toHaveAttribute('data-state', 'valid', LOADED);
  await expect(page.getByRole('heading', { level: 1, name: check.validTitle })).toBeVisible();
  await expect(page.getByTestId('erasure-check-imei')).toHaveText(
    item.imei ? `${'*'.repeat(item.imei.length - 4)}${item.imei.slice(-4)}` : '—',
  );
  await expect(page.getByText('Entrepôt Saint-Priest')).toBeVisible();

  // another code typed: not found
  await page.getByTestId('erasure-check-code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByRole('button', { name: check.check }).click();
  await expect(page).toHaveURL(/\/erasure-certificate\/AAAABBBBCCCCDDDD$/);
  await expect(page.getByTestId('erasure-check-state')).toHaveAttribute('data-state', 'unknown', LOADED);
});
