import type { APIRequestContext, Page } from '@playwright/test';
import { call, type Headers, STORE_PARIS, signIn, storeBuybackRequest, storeDropIphone } from './api-calls';
import { expect, login, pickOption, test, translations, useLanguage } from './fixtures';

/**
 * Quarantine and loss, against the real server. Two Paris store
 * buybacks are brought to the warehouse through the API as the screens do (sent by the store,
 * checked in and controlled at Saint-Priest, one of them put in quarantine from the control);
 * then, in the browser: the warehouse manager finds the quarantined item on /buybacksQuarantine by
 * scanning its code, downloads its return label and releases it to the customer return stock; an
 * operator declares the other item lost in the warehouse from the buyback detail; the admin undoes
 * that loss with a reason; the History tab shows each step with who, where and why.
 */

useLanguage('fr-FR');

const quarantine = translations('quarantine');
const buybacks = translations('buybacks');

interface Created {
  id: string;
  identificationNumber: string;
  item: { id: string; identificationNumber: string };
}

/** A Paris store-drop buyback, created by the retailer's administrator through the API. */
async function createStoreBuyback(
  request: APIRequestContext,
  rmu: Headers,
  lastName: string,
): Promise<Created> {
  const offer = await storeDropIphone(request, rmu);
  if (!offer) throw new Error('no product with a store drop and a payment without IBAN');
  return call<Created>(
    request,
    rmu,
    'POST',
    `/api/store/${STORE_PARIS}/buybacks`,
    storeBuybackRequest(offer, {
      firstName: 'Quentin',
      lastName,
      email: `${lastName.toLowerCase()}@example.test`,
      phone: '06 12 34 56 78',
      street: '8 Rue de la Quarantaine',
      zip: '75011',
      city: 'Paris',
      country: 'FR',
      identification: {
        type: 'identity_card',
        number: 'QL12345',
        deliveryDate: '2020-05-04',
        issuingAuthority: 'Préfecture de Paris',
      },
    }),
  );
}

/** Sent by the store, checked in at Saint-Priest and controlled there (awaiting compliancy tests). */
async function bringToControl(request: APIRequestContext, buyback: Created) {
  const seller = await signIn(request, 'store_seller@demo.test');
  const operator = await signIn(request, 'warehouse_operator@demo.test');
  await call(request, seller, 'POST', `/api/buybacks/${buyback.id}/send`);
  await call(request, operator, 'POST', '/api/warehouse/checkin', {
    code: buyback.item.identificationNumber,
  });
  await call(request, operator, 'POST', '/api/warehouse/control/start', {
    code: buyback.item.identificationNumber,
  });
  return operator;
}

/** The History tab of the buyback detail, its rows once loaded. */
async function openHistory(page: Page, buybackId: string) {
  await page.goto(`/buyback/${buybackId}`);
  await page.getByRole('tab', { name: buybacks.itemHistory.tab }).click();
  const rows = page.getByTestId('item-event');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  return rows;
}

test.describe.configure({ mode: 'serial' });

let quarantined: Created;
let lost: Created;

test.beforeAll(async ({ request }) => {
  const rmu = await signIn(request, 'root_management_unit_manager@demo.test');
  quarantined = await createStoreBuyback(request, rmu, 'Quarantaine');
  const operator = await bringToControl(request, quarantined);
  await call(request, operator, 'POST', `/api/warehouse/control/${quarantined.item.id}/quarantine`, {
    reason: 'locked',
    comment: 'Compte iCloud toujours actif',
  });
  lost = await createStoreBuyback(request, rmu, 'Perte');
  await bringToControl(request, lost);
});

test('the warehouse manager finds the item in quarantine by its code, downloads its return label and releases it to the customer return stock', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'warehouse_manager@demo.test', '/buybacksQuarantine');
  const code = page.getByTestId('quarantine-code');
  // the screen's chunk and its translations load first (a busy machine: give them time)
  await expect(code).toBeFocused({ timeout: 30_000 });

  // a code of the wrong length is said, and selected for the next scan
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(page.getByText(translations('errors').code_length_invalid)).toBeVisible();
  // a keyboard-wedge scan: the whole code and Enter, replacing the selected text
  await page.keyboard.type(quarantined.item.identificationNumber, { delay: 5 });
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: quarantined.identificationNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText(quarantine.reasons.locked);
  await expect(row).toContainText('Compte iCloud toujours actif');
  await expect(row).toContainText('Demo Retail');
  await expect(page.getByRole('row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await row.getByTestId('download-return-label').click();
  expect((await download).suggestedFilename()).toBe(
    `etiquette-de-retour-${quarantined.item.identificationNumber}.pdf`,
  );

  await row.getByTestId('release-item').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // a stock is required
  await dialog.getByTestId('release-submit').click();
  await expect(dialog.getByText(translations('errors').required ?? 'requis')).toBeVisible();
  await pickOption(
    dialog.getByTestId('release-stock'),
    page.getByRole('option', { name: buybacks.nativeStock.customer_return }),
  );
  await expect(dialog.getByText(quarantine.release.toReturn)).toBeVisible();
  await dialog.getByLabel(quarantine.release.comment).fill('Client injoignable, retour à l’expéditeur');
  await dialog.getByTestId('release-submit').click();
  await expect(page.getByText(quarantine.release.done.item_to_return)).toBeVisible();
  await expect(
    page.getByText(quarantine.emptyForCode.replace('{{code}}', quarantined.item.identificationNumber)),
  ).toBeVisible();

  // the buyback: to return, and its history with who, where and why
  const rows = await openHistory(page, quarantined.id);
  // the IMEI is checked against the stolen-device register at the buyback's creation and at check-in
  await expect(rows).toHaveCount(7);
  const clean = buybacks.itemEventReason.device_check_clean as string;
  await expect(rows.nth(0)).toContainText(clean);
  await expect(rows.nth(1)).toContainText(buybacks.itemEventReason.sent);
  await expect(rows.nth(2)).toContainText(buybacks.itemEventReason.checkin);
  await expect(rows.nth(2)).toContainText('Wendy Janssens');
  await expect(rows.nth(3)).toContainText(clean);
  await expect(rows.nth(3)).toContainText('Entrepôt Saint-Priest');
  await expect(rows.nth(5)).toContainText(buybacks.itemEventReason.quarantine);
  await expect(rows.nth(5)).toContainText(buybacks.nativeStock.in_quarantine);
  await expect(rows.nth(5)).toContainText('Compte iCloud toujours actif');
  const release = rows.nth(6);
  await expect(release).toContainText(buybacks.itemEventReason.quarantine_release);
  await expect(release).toContainText('Wassim Haddad');
  await expect(release).toContainText('Entrepôt Saint-Priest');
  await expect(release).toContainText(buybacks.nativeStock.customer_return);
  await expect(release).toContainText(buybacks.itemStatus.item_to_return);
  await expect(release).toContainText('Client injoignable');
  // the return label stays available from the detail while the product goes back
  await expect(page.getByTestId('download-return-label')).toBeVisible();
  await expect(page.getByTestId('mark-returned')).toBeVisible();
});

test('an operator declares an item lost in the warehouse; the admin undoes it with a reason; the history shows both', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'warehouse_operator@demo.test', `/buyback/${lost.id}`);
  await expect(page.getByTestId('mark-lost-warehouse')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('mark-lost-warehouse').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(buybacks.itemActions.lost.warehouse.confirm)).toBeVisible();
  await dialog.getByTestId('item-lost-comment').fill('Introuvable en zone de contrôle');
  await dialog.getByTestId('item-lost-submit').click();
  await expect(page.getByText(buybacks.itemActions.lost.warehouse.done)).toBeVisible();
  await expect(page.getByText(buybacks.itemStatus.item_lost_warehouse).first()).toBeVisible();
  await expect(page.getByTestId('mark-lost-warehouse')).toHaveCount(0);
  // an operator cannot undo it
  await expect(page.getByTestId('revert-loss')).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'admin@demo.test', `/buyback/${lost.id}`);
  await expect(page.getByTestId('revert-loss')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('revert-loss').click();
  const revert = page.getByRole('dialog');
  // the reason is required
  await revert.getByTestId('revert-loss-submit').click();
  await expect(revert.getByTestId('revert-loss-reason')).toHaveAttribute('aria-invalid', 'true');
  await revert.getByTestId('revert-loss-reason').fill('Retrouvé sur une étagère du contrôle');
  await revert.getByTestId('revert-loss-submit').click();
  await expect(page.getByText(buybacks.itemActions.revert.done)).toBeVisible();
  await expect(page.getByText(buybacks.itemStatus.item_awaiting_compliancy_tests).first()).toBeVisible();

  const rows = await openHistory(page, lost.id);
  const loss = rows.filter({ hasText: buybacks.itemEventReason.loss }).first();
  await expect(loss).toContainText('Wendy Janssens');
  await expect(loss).toContainText('Entrepôt Saint-Priest');
  await expect(loss).toContainText('Introuvable en zone de contrôle');
  await expect(loss).toContainText(buybacks.itemStatus.item_lost_warehouse);
  const reverted = rows.last();
  await expect(reverted).toContainText(buybacks.itemEventReason.loss_reverted);
  await expect(reverted).toContainText('Alice Admin');
  await expect(reverted).toContainText('Retrouvé sur une étagère du contrôle');
  await expect(reverted).toContainText(buybacks.itemStatus.item_awaiting_compliancy_tests);
});
