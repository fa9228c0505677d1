import { expect, login, test, translations, useLanguage } from './fixtures';
import {
  completedBuyback,
  newStoreBuyback,
  type PaidBuyback,
  setTerminalMaximum,
  TERMINAL_MAXIMUM_CENTS,
} from './payment-calls';

/**
 * Payments (issue 14): a store buyback paid by gift card above the
 * gift-card terminal's maximum completes at the warehouse and its payment fails; once the maximum
 * is raised, the root manager relaunches it from /searchPayment and it is paid. On another buyback
 * the root manager marks the payment as paid from the buyback detail, with complementary information.
 */

useLanguage('fr-FR');

const payments = translations('payments');
const buybacks = translations('buybacks');

const LOADED = { timeout: 30_000 };
const RMU = 'root_management_unit_manager@demo.test';

test.describe.configure({ mode: 'serial' });

test('a failed payment is relaunched from /searchPayment', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  let failed: PaidBuyback & { payment: { status: string; failureReason: string | null } };
  await setTerminalMaximum(baseURL as string, 1000);
  try {
    failed = await completedBuyback(baseURL as string, 'gift_card', 'Relance');
  } finally {
    await setTerminalMaximum(baseURL as string, TERMINAL_MAXIMUM_CENTS);
  }
  expect(failed.payment).toMatchObject({
    status: 'payment_failed',
    failureReason: 'amount_above_terminal_maximum',
  });

  await login(page, RMU, `/searchPayment?buybackCode=${failed.identificationNumber}`);
  const row = page.getByRole('row').filter({ hasText: failed.identificationNumber });
  await expect(row).toBeVisible(LOADED);
  await expect(row.getByText(buybacks.paymentStatus.payment_failed)).toBeVisible();
  await expect(row.getByTestId('payment-failure-reason')).toHaveText(
    payments.failureReasons.amount_above_terminal_maximum,
  );
  await row.getByTestId('payment-relaunch').click();
  const dialog = page.getByRole('dialog', { name: payments.relaunch.title });
  await expect(dialog).toContainText(failed.identificationNumber);
  await dialog.getByTestId('relaunch-confirm').click();
  await expect(page.getByText(payments.relaunch.success)).toBeVisible();
  // the payment job runs it again: paid by a new gift card
  await expect
    .poll(async () => (await (await page.request.get(`/api/buybacks/${failed.id}/payment`)).json()).status, {
      timeout: 45_000,
    })
    .toBe('payment_completed');
  await page.reload();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: failed.identificationNumber })
      .getByText(buybacks.paymentStatus.payment_completed),
  ).toBeVisible(LOADED);
  await expect(
    page.getByRole('row').filter({ hasText: failed.identificationNumber }).getByTestId('payment-relaunch'),
  ).toHaveCount(0);

  // the buyback detail shows the card and offers it for download
  await page.goto(`/buyback/${failed.id}`);
  await expect(page.getByTestId('payment-panel')).toContainText(/•{12}\d{4}/, LOADED);
  const download = page.waitForEvent('download');
  await page.getByTestId('download-gift-card').click();
  expect((await download).suggestedFilename()).toBe(`carte-cadeau-${failed.identificationNumber}.pdf`);
});

test('a payment is marked as paid from the buyback detail', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const buyback = await newStoreBuyback(baseURL as string, 'Manuel');
  await login(page, RMU, `/buyback/${buyback.id}`);
  const panel = page.getByTestId('payment-panel');
  await expect(panel).toContainText(buybacks.paymentStatus.awaiting_payment, LOADED);
  await page.getByTestId('mark-payment-paid').click();
  const dialog = page.getByRole('dialog', { name: payments.markPaid.title });
  await dialog.getByTestId('mark-paid-information').fill('x'.repeat(256));
  await dialog.getByTestId('mark-paid-confirm').click();
  await expect(dialog.getByText(translations('errors').too_long)).toBeVisible();
  await dialog.getByTestId('mark-paid-information').fill('Espèces remises en caisse, ticket 4821');
  await dialog.getByTestId('mark-paid-confirm').click();
  await expect(page.getByText(payments.markPaid.done)).toBeVisible();
  await expect(panel).toContainText(buybacks.paymentStatus.payment_completed);
  await expect(panel).toContainText('Espèces remises en caisse, ticket 4821');
  await expect(page.getByTestId('mark-payment-paid')).toHaveCount(0);
});
