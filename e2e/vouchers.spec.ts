import { request as playwrightRequest } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { axeFindings } from './axe';
import { DEMO_PASSWORD, expect, login, test, translations, useLanguage } from './fixtures';
import { completedBuyback } from './payment-calls';

/**
 * Vouchers at the store counter (issue 14; docs/payments.md): the Paris store seller scans a
 * voucher's code on /vouchers/redeem, reads its balance and redeems it whole; it is then spent.
 */

useLanguage('fr-FR');

const vouchers = translations('vouchers');
const errors = translations('errors');
const common = translations('common');
const LOADED = { timeout: 30_000 };
/** The words of the redemption's message between its figures ("utilisés. Nouveau solde :"). */
const redeemedText = (vouchers.redeem.done as string).split('}}')[1]?.split('{{')[0]?.trim() ?? '';

test('a store seller redeems a voucher by its code', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const paid = await completedBuyback(baseURL as string, 'voucher', 'Bon');
  expect(paid.payment.status).toBe('payment_completed');
  const code = paid.voucherCode as string;

  await login(page, 'store_seller@demo.test', '/vouchers/redeem');
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
 * A real gift card: a Paris store buyback paid by gift card is completed through the API, the
 * payment job issues the card, and its number is read from the gift card's PDF (the only place it
 * is printed whole, in groups of 4).
 */
async function issuedGiftCard(
  baseURL: string,
  prefix: string,
): Promise<{ code: string; balanceCents: number }> {
  const paid = await completedBuyback(baseURL, 'gift_card', prefix);
  expect(paid.payment.status).toBe('payment_completed');
  const seller = await playwrightRequest.newContext({ baseURL });
  try {
    const signIn = await seller.post('/api/login', {
      data: { email: 'store_seller@demo.test', password: DEMO_PASSWORD, tokenRequested: true },
    });
    const headers = { authorization: `Bearer ${(await signIn.json()).apiToken}` };
    const pdf = await seller.get(`/api/buybacks/${paid.id}/documents/gift-card?lang=fr-FR`, { headers });
    expect(pdf.status(), await pdf.text()).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
    const { text } = await parser.getText();
    await parser.destroy();
    const code = /\b(\d{4}) (\d{4}) (\d{4}) (\d{4})\b/.exec(text)?.slice(1).join('');
    expect(code, text).toMatch(/^\d{16}$/);
    const card = await seller.get(`/api/gift-cards/by-code/${code}`, { headers });
    expect(card.status()).toBe(200);
    return { code: code as string, balanceCents: (await card.json()).balanceCents as number };
  } finally {
    await seller.dispose();
  }
}

/** An amount in cents as the French screen writes it, as a pattern (its spaces any white space). */
const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\s/g, '\\s');

test('an amount above a gift card balance is refused as typed; the remaining balance is its own action', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { code, balanceCents } = await issuedGiftCard(baseURL as string, 'Carte');
  const balance = euros(balanceCents);
  // 100 € more than the card holds, as the seller types it (whole euros: the field's own format)
  const above = Math.floor(balanceCents / 100) + 100;
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/redemptions')) {
      sent.push((request.postDataJSON() as { amountCents: number }).amountCents);
    }
  });
  await login(page, 'store_seller@demo.test', '/vouchers/redeem');
  await expect(page.getByTestId('gift-card-code')).toBeFocused(LOADED);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const card = page.getByTestId('gift-card');
  await expect(card.getByTestId('gift-card-balance')).toHaveText(new RegExp(`^${balance}$`), LOADED);

  // an amount above the balance, then "Utiliser": it is sent as typed, refused, and the field keeps it
  const amount = page.getByTestId('redeem-amount');
  await amount.fill(String(above));
  await page.getByTestId('redeem-submit').click();
  await expect(card.getByText(errors.gift_card_amount_above_balance)).toBeVisible(LOADED);
  expect(sent).toEqual([above * 100]);
  await expect(amount).toHaveValue(new RegExp(`^${above}`));
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByTestId('gift-card-balance')).toHaveText(new RegExp(`^${balance}$`));
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.active);

  // the whole remaining balance, on purpose
  const useBalance = page.getByTestId('redeem-balance');
  const label = vouchers.redeem.useBalance.replace(/[()]/g, '\\$&').replace('{{balance}}', balance);
  await expect(useBalance).toHaveText(new RegExp(`^${label}$`));
  await useBalance.click();
  await expect(card.getByTestId('gift-card-state')).toHaveText(vouchers.state.exhausted, LOADED);
  await expect(card.getByTestId('gift-card-balance')).toHaveText(/^0,00\s€$/);
  expect(sent).toEqual([above * 100, balanceCents]);

  // its message names what was used; its close button has a name, and it goes with the page
  const message = page.getByRole('alert').filter({ hasText: redeemedText });
  await expect(message).toBeVisible();
  await expect(message.getByRole('button', { name: common.actions.dismiss })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  // the logo (or the name) of the top bar: the home page, opened by the router (no reload)
  await page.getByRole('link', { name: new RegExp(`^(${common.goHome}|${common.appName})$`) }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(message).toHaveCount(0);
});

test('a success message closes by itself after a few seconds', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { code, balanceCents } = await issuedGiftCard(baseURL as string, 'Message');
  expect(balanceCents).toBeGreaterThan(2_000);
  await login(page, 'store_seller@demo.test', '/vouchers/redeem');
  await expect(page.getByTestId('gift-card-code')).toBeFocused(LOADED);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await page.getByTestId('redeem-amount').fill('20');
  // the mouse away from the message: hovering one keeps it open
  await page.getByTestId('redeem-submit').press('Enter');
  const message = page.getByRole('alert').filter({ hasText: redeemedText });
  await expect(message).toBeVisible(LOADED);
  await expect(page.getByTestId('gift-card-balance')).toHaveText(
    new RegExp(`^${euros(balanceCents - 2_000)}$`),
  );
  // 4 s on screen (apps/web/src/app/notifications-on-navigation.ts), then gone without a click
  await expect(message).toHaveCount(0, { timeout: 10_000 });
});
