import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, login, test } from './fixtures';
import { completedBuyback } from './payment-calls';

/**
 * Vouchers at the store counter (issue 14; docs/payments.md): the Paris store seller scans a
 * voucher's code on /vouchers/redeem, reads its balance and redeems it whole; it is then spent.
 */

test.use({ locale: 'fr-FR' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
});

const vouchers = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/i18n/fr-FR/vouchers.json'), 'utf8'),
);
const errors = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/i18n/fr-FR/errors.json'), 'utf8'),
);
const LOADED = { timeout: 30_000 };

test('a store seller redeems a voucher by its code', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const paid = await completedBuyback(baseURL as string, 'voucher', 'Bon');
  expect(paid.payment.status).toBe('payment_completed');
  const code = paid.voucherCode as string;

  await login(page, 'store_seller@demo.test');
  await page.goto('/vouchers/redeem');
  const field = page.getByTestId('gift-card-code');
  await expect(field).toBeFocused(LOADED);
  // an unknown code is said under the field
  await page.keyboard.type('V0000000000X');
  await page.keyboard.press('Enter');
  await expect(page.getByText(errors.gift_card_not_found)).toBeVisible();
  // a scan: the code typed quickly, then Enter
  await field.fill('');
  await page.keyboard.type(code.toLowerCase());
  await page.keyboard.press('Enter');
  const card = page.getByTestId('gift-card');
  await expect(card).toContainText(code, LOADED);
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.active);
  await expect(card).toContainText(vouchers.kind.voucher);
  await expect(page.getByTestId('redeem-amount')).toBeDisabled();
  await page.getByTestId('redeem-submit').click();
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.exhausted);
  await expect(card.getByTestId('gift-card-balance')).toHaveText(/^0,00\s€$/);
  await expect(card.getByRole('alert')).toHaveText(errors.gift_card_exhausted);
});
