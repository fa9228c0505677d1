import { readFileSync } from 'node:fs';
import { expect, login, test, translations, useLanguage } from './fixtures';
import { completeAtWarehouse, createStoreBuyback } from './payment-calls';
import { type Api, apiAs } from './store-buybacks';

/**
 * Bank transfers (issue 14's acceptance; docs/payments.md): a store buyback paid by bank transfer
 * is controlled at Saint-Priest (through the API, as the warehouse screens do) and so completed;
 * the payment job puts it into Demo Retail's open transfer batch. On /payment-batches the root
 * manager downloads the batch's pain.001 file, marks the batch sent, uploads the bank statement
 * (CSV) and the buyback then shows its payment paid.
 */

useLanguage('fr-FR');

const batches = translations('paymentBatches');
const buybacks = translations('buybacks');

const LOADED = { timeout: 30_000 };
const RMU = 'root_management_unit_manager@demo.test';

interface Batch {
  id: string;
  messageId: string;
  status: string;
  payments: { buybackCode: string; amountCents: number; status: string }[];
}

/** A Paris store buyback paid by bank transfer (an IBAN given), sent, checked in and controlled at its declared answers. */
async function completedTransferBuyback(seller: Api, operator: Api, rmu: Api) {
  const buyback = await createStoreBuyback(seller, rmu, 'bank_transfer', 'Transfert');
  await completeAtWarehouse(seller, operator, buyback);
  return buyback;
}

test('a transfer is paid: batch file downloaded, batch sent, statement uploaded, buyback paid', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const seller = await apiAs(baseURL as string, 'store_seller@demo.test');
  const operator = await apiAs(baseURL as string, 'warehouse_operator@demo.test');
  const rmu = await apiAs(baseURL as string, RMU);
  let batch: Batch | undefined;
  let buyback: Awaited<ReturnType<typeof completedTransferBuyback>>;
  try {
    buyback = await completedTransferBuyback(seller, operator, rmu);
    // the payment job puts it into the open batch
    await expect
      .poll(
        async () => {
          const open = await rmu.get<{ member: { id: string }[] }>('/api/transfer-batches?status[]=open');
          for (const { id } of open.member) {
            const detail = await rmu.get<Batch>(`/api/transfer-batches/${id}`);
            if (detail.payments.some((p) => p.buybackCode === buyback.identificationNumber)) batch = detail;
          }
          return batch?.id;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
  } finally {
    await Promise.all([seller.dispose(), operator.dispose(), rmu.dispose()]);
  }
  const open = batch as Batch;

  await login(page, RMU, '/payment-batches');
  await expect(page.getByRole('heading', { name: batches.list.title })).toBeVisible(LOADED);
  const row = page.getByRole('row').filter({ hasText: open.messageId });
  await expect(row.getByTestId('batch-status')).toHaveAttribute('data-status', 'open', LOADED);
  await row.getByTestId('batch-link').click();
  await expect(
    page.getByTestId('batch-payment').filter({ hasText: buyback.identificationNumber }),
  ).toBeVisible(LOADED);
  await expect(page.getByTestId('batch-payment').first()).toContainText('FR76 ****');

  // the pain.001 file, as an attachment
  const downloading = page.waitForEvent('download');
  await page.getByTestId('batch-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${open.messageId}.xml`);
  const xml = readFileSync(await download.path(), 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain(`<EndToEndId>${buyback.identificationNumber}</EndToEndId>`);
  expect(xml).toContain('<IBAN>FR7630006000011234567890189</IBAN>');

  // irreversible: it asks first, naming the batch's transfers and their total; cancelling keeps it open
  const live = page
    .getByTestId('batch-payment')
    .filter({ hasNot: page.locator('[data-status="payment_cancelled"]') });
  const transfers = await live.count();
  await page.getByTestId('batch-mark-sent').click();
  const confirmText = page.getByTestId('batch-confirm-sent-text');
  await expect(confirmText).toContainText(open.messageId);
  await expect(confirmText).toContainText(
    new RegExp(`${transfers} virements?, pour un total de [0-9\\s\u202f\u00a0]+,\\d{2}\\s?€`),
  );
  await page.getByRole('button', { name: batches.detail.confirmSent.cancel }).click();
  await expect(confirmText).toHaveCount(0);
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'open');
  await page.getByTestId('batch-mark-sent').click();
  await page.getByTestId('batch-confirm-sent').click();
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'sent', LOADED);
  const ours = page.getByTestId('batch-payment').filter({ hasText: buyback.identificationNumber });
  await expect(ours.getByTestId('payment-status')).toHaveAttribute('data-status', 'payment_initiated');
  await expect(page.getByTestId('batch-mark-sent')).toHaveCount(0);

  // the bank's statement: every transfer of the batch paid
  const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  const csv = [
    'date;reference;amount;status',
    ...open.payments.map((p) => `2026-11-26;${p.buybackCode};${euros(p.amountCents)};paid`),
  ].join('\n');
  await page.goto('/payment-batches');
  await expect(page.getByRole('heading', { name: batches.statement.title })).toBeVisible(LOADED);
  // the statement's file input (Mantine's FileInput keeps it hidden beside its button)
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('statement-upload').click();
  const summary = page.getByTestId('statement-summary');
  await expect(summary).toBeVisible(LOADED);
  // what it read, in words with their plurals (never "ligne(s) lue(s)"): every line paid, one batch
  const count = (key: string, n: number) =>
    (batches.statement[`${key}_${n < 2 ? 'one' : 'other'}`] as string).replace('{{count}}', String(n));
  await expect(summary).toContainText(
    (batches.statement.summary as string)
      .replace('{{lines}}', count('lines', open.payments.length))
      .replace('{{paid}}', count('paid', open.payments.length))
      .replace('{{failed}}', count('failed', 0))
      .replace('{{reconciled}}', count('reconciled', 1)),
  );
  await expect(
    page.getByRole('row').filter({ hasText: open.messageId }).getByTestId('batch-status'),
  ).toHaveAttribute('data-status', 'reconciled', LOADED);

  // the buyback shows its payment paid
  await page.goto(`/buyback/${buyback.id}`);
  await expect(page.getByText(buybacks.paymentStatus.payment_completed).first()).toBeVisible(LOADED);
});
