import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
const common = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/i18n/fr-FR/common.json'), 'utf8'),
);
const LOADED = { timeout: 30_000 };
/** The words of the redemption's message between its figures ("utilisés. Nouveau solde :"). */
const redeemedText = (vouchers.redeem.done as string).split('}}')[1]?.split('{{')[0]?.trim() ?? '';

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

/**
 * A gift card of 194,50 € as the API gives it (issued by a payment job that takes minutes to
 * reach in a browser test): its look-up and its redemptions are answered here, as the server's
 * rules answer them (docs/payments.md), and every amount the screen sends is kept to be read.
 */
async function giftCardAt(page: Page, balanceCents: number) {
  const card = {
    id: '00000000-0000-4000-8000-00000000ca4d',
    kind: 'gift_card',
    code: 'G123456789012345',
    status: 'active',
    expired: false,
    initialCents: balanceCents,
    balanceCents,
    currency: 'EUR',
    expiresAt: null,
    retailer: 'Demo Retail',
    buybackIdentificationNumber: '2100000000999',
    createdAt: '2026-11-02T09:00:00.000Z',
    redemptions: [] as { id: string; amountCents: number; at: string; by: string; store: string }[],
  };
  const sent: number[] = [];
  await page.route('**/api/gift-cards/by-code/*', (route) => route.fulfill({ json: card }));
  await page.route('**/api/gift-cards/by-code/*/redemptions', async (route) => {
    const { amountCents } = route.request().postDataJSON() as { amountCents: number };
    sent.push(amountCents);
    if (amountCents > card.balanceCents) {
      const message = 'The amount is above the balance of the card.';
      return route.fulfill({
        status: 422,
        contentType: 'application/problem+json',
        json: {
          type: '/problems/gift_card_amount_above_balance',
          title: 'gift card amount above balance',
          status: 422,
          detail: message,
          code: 'gift_card_amount_above_balance',
          violations: [{ propertyPath: 'amountCents', message, code: 'gift_card_amount_above_balance' }],
        },
      });
    }
    card.balanceCents -= amountCents;
    if (card.balanceCents === 0) card.status = 'exhausted';
    card.redemptions.push({
      id: crypto.randomUUID(),
      amountCents,
      at: new Date().toISOString(),
      by: 'store_seller@demo.test',
      store: 'Demo Retail Paris Rivoli',
    });
    return route.fulfill({ status: 201, json: card });
  });
  return sent;
}

test('an amount above a gift card balance is refused as typed; the remaining balance is its own action', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'store_seller@demo.test');
  const sent = await giftCardAt(page, 19_450);
  await page.goto('/vouchers/redeem');
  await expect(page.getByTestId('gift-card-code')).toBeFocused(LOADED);
  await page.keyboard.type('G123456789012345');
  await page.keyboard.press('Enter');
  const card = page.getByTestId('gift-card');
  await expect(card.getByTestId('gift-card-balance')).toHaveText(/^194,50\s€$/, LOADED);

  // 295 typed, then "Utiliser": 295 is sent, refused, and the field still reads 295
  const amount = page.getByTestId('redeem-amount');
  await amount.fill('295');
  await page.getByTestId('redeem-submit').click();
  await expect(card.getByText(errors.gift_card_amount_above_balance)).toBeVisible();
  expect(sent).toEqual([29_500]);
  await expect(amount).toHaveValue(/^295/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByTestId('gift-card-balance')).toHaveText(/^194,50\s€$/);
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.active);

  // the whole remaining balance, on purpose
  const balance = page.getByTestId('redeem-balance');
  const label = vouchers.redeem.useBalance.replace(/[()]/g, '\\$&').replace('{{balance}}', '194,50\\s€');
  await expect(balance).toHaveText(new RegExp(`^${label}$`));
  await balance.click();
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.exhausted);
  await expect(card.getByTestId('gift-card-balance')).toHaveText(/^0,00\s€$/);
  expect(sent).toEqual([29_500, 19_450]);

  // its message names what was used; its close button has a name, and it goes with the page
  const message = page.getByRole('alert').filter({ hasText: redeemedText });
  await expect(message).toBeVisible();
  await expect(message.getByRole('button', { name: common.actions.dismiss })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // the logo (or the name) of the top bar: the home page, opened by the router (no reload)
  await page.getByRole('link', { name: new RegExp(`^(${common.goHome}|${common.appName})$`) }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(message).toHaveCount(0);
});

test('a success message closes by itself after a few seconds', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, 'store_seller@demo.test');
  await giftCardAt(page, 5_000);
  await page.goto('/vouchers/redeem');
  await expect(page.getByTestId('gift-card-code')).toBeFocused(LOADED);
  await page.keyboard.type('G123456789012345');
  await page.keyboard.press('Enter');
  await page.getByTestId('redeem-amount').fill('20');
  // the mouse away from the message: hovering one keeps it open
  await page.getByTestId('redeem-submit').press('Enter');
  const message = page.getByRole('alert').filter({ hasText: redeemedText });
  await expect(message).toBeVisible();
  await expect(page.getByTestId('gift-card-balance')).toHaveText(/^30,00\s€$/);
  // 4 s on screen (apps/web/src/app/notifications-on-navigation.ts), then gone without a click
  await expect(message).toHaveCount(0, { timeout: 10_000 });
});
