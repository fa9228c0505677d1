import type { Page } from '@playwright/test';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * The buyer's and the warehouse's view of the buybacks (issue 11): Demo Buyer is a linked buyer of
 * Demo Retail; its buyer manager sees every demo buyback assigned to it, whichever warehouse it is
 * sent to; a warehouse operator of Saint-Priest sees those sent to Saint-Priest, not to Roubaix.
 * The demo buybacks (apps/server/src/seed/buybacks.ts): Zoé Łukasiewicz's cart, dropped in Paris,
 * goes to Saint-Priest; Søren Ærøskøbing's laptop, collected in Lille, goes to Roubaix.
 */

useLanguage('fr-FR');

const buybacks = translations('buybacks');

/** Opens the list filtered by a customer's name, once the list has answered. */
async function listByCustomer(page: Page, name: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/buybacks?') && response.request().method() === 'GET',
  );
  await page.goto(`/buybacks?customerName=${encodeURIComponent(name)}`);
  expect((await answered).status()).toBe(200);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('the buyer manager sees the buybacks assigned to Demo Buyer, sent to Saint-Priest and Roubaix, and opens one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'buyer_manager@demo.test');

  await listByCustomer(page, 'Łukasiewicz');
  await expect(rowOf(page, 'Łukasiewicz').first()).toBeVisible();
  await expect(rowOf(page, 'Łukasiewicz').first()).toContainText('Demo Retail Paris Rivoli');

  await listByCustomer(page, 'Ærøskøbing');
  const collected = rowOf(page, 'Ærøskøbing').first();
  await expect(collected).toContainText('Demo Retail Lille Rue Neuve');
  const number = (await collected.getByRole('link').first().textContent())?.trim() as string;
  expect(number).toMatch(/^\d{13}$/);
  await collected.getByRole('link', { name: number }).click();

  await expect(page).toHaveURL(/\/buyback\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Reprise ${number}` })).toBeVisible();
  await expect(page.getByText('Atelier Roubaix').first()).toBeVisible();
  // a buyer reads; cancelling is the retailer's
  await expect(page.getByRole('button', { name: 'Annuler la reprise' })).toHaveCount(0);
});

test('a warehouse operator of Saint-Priest sees the buybacks sent there, never those sent to Roubaix', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'warehouse_operator@demo.test');

  await listByCustomer(page, 'Ærøskøbing');
  await expect(page.getByText(buybacks.list.empty)).toBeVisible();
  await expect(rowOf(page, 'Ærøskøbing')).toHaveCount(0);

  await listByCustomer(page, 'Łukasiewicz');
  const dropped = rowOf(page, 'Łukasiewicz').first();
  await expect(dropped).toContainText('Demo Retail Paris Rivoli');
  const number = (await dropped.getByRole('link').first().textContent())?.trim() as string;
  await dropped.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Reprise ${number}` })).toBeVisible();
  await expect(page.getByText('Entrepôt Saint-Priest').first()).toBeVisible();
});
