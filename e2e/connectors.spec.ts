import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, login, test, translations } from './fixtures';

/**
 * Connectors (docs/connectors.md), against the real server: the root manager of Demo Retail opens
 * Connectors from the menu, creates a gift-card terminal configuration (its passphrase a secret),
 * finds it listed, edits it (the secret shown as set, never its value), and meets the duplicate
 * name on the field; on the public site, the search by IMEI (the demo's active scan-search
 * configuration, seed/demo-connectors.ts) finds a product by its TAC.
 */

test.use({ locale: 'fr-FR' });
test.beforeEach(async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    localStorage.setItem('reprise.language', 'fr-FR');
    localStorage.setItem('reprise.public.language', 'fr-FR');
  });
});
test.describe.configure({ mode: 'serial' });

const connectors = translations('connectors');
const errors = translations('errors');
const layout = translations('layout');
const publicFr = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/public/locales/fr-FR.json'), 'utf8'),
);

/** Demo Retail's root organisation (apps/server/src/seed/demo-ids.ts). */
const RETAIL_ROOT = '00000000-0000-4000-8000-000000000201';
const LOADED = { timeout: 30_000 };
const suffix = Math.random().toString(36).slice(2, 7);
const created = `Terminal E2E ${suffix}`;
const PASSPHRASE = `e2e-passphrase-${suffix}`;

const terminalName = connectors.connector.reprise_payment_gift_card_terminal as string;

async function openTerminalConfigurations(page: Page) {
  await page.getByRole('link', { name: layout.menu.connectors }).first().click();
  await expect(page).toHaveURL(new RegExp(`/connectors/${RETAIL_ROOT}/connectors$`));
  await expect(page.getByRole('heading', { level: 2, name: connectors.type.payment_mode })).toBeVisible(
    LOADED,
  );
  await page.getByRole('link', { name: connectors.catalogue.open.replace('{{name}}', terminalName) }).click();
  await expect(page).toHaveURL(/\/configurations\/00000000-0000-4000-c000-000000000003$/);
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the root manager creates a gift-card terminal configuration from the Connectors menu', async ({
  page,
}) => {
  await login(page, 'root_management_unit_manager@demo.test');
  await openTerminalConfigurations(page);
  // the demo seed's terminal
  await expect(rowOf(page, 'Terminal cartes cadeaux')).toHaveCount(1, LOADED);
  await page.getByRole('link', { name: connectors.list.create }).click();
  await expect(page).toHaveURL(/\/connectors\/createConfiguration\?/);
  await page.getByTestId('configuration-name-input').fill(created, LOADED);
  await page.getByTestId('property-merchant_id').fill('M-E2E');
  await page.getByTestId('property-terminal_id').fill('T-9000');
  await page.getByTestId('property-maximum_amount').fill('20000');
  await page.getByTestId('property-passphrase').fill(PASSPHRASE);
  await expect(page.getByTestId('property-passphrase')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: connectors.create.submit }).click();
  await expect(page).toHaveURL(/\/configurations\/00000000-0000-4000-c000-000000000003/);
  await expect(page.getByText(connectors.alert.created)).toBeVisible();
  await expect(rowOf(page, created)).toHaveCount(1, LOADED);
});

test('the configuration is edited: its secret shown as set, never its value', async ({ page }) => {
  await login(page, 'root_management_unit_manager@demo.test');
  await openTerminalConfigurations(page);
  await rowOf(page, created).getByTestId('configuration-name').click(LOADED);
  await expect(page).toHaveURL(/\/connectors\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('configuration-name-input')).toHaveValue(created, LOADED);
  await expect(page.getByTestId('property-terminal_id')).toHaveValue('T-9000');
  const secret = page.getByTestId('secret-passphrase');
  await expect(secret).toContainText(connectors.form.secretSet);
  expect(await page.content()).not.toContain(PASSPHRASE);
  await page.getByTestId('property-terminal_id').fill('T-9001');
  await page.getByRole('button', { name: connectors.edit.submit }).click();
  await expect(page.getByText(connectors.alert.updated)).toBeVisible(LOADED);
  await rowOf(page, created).getByTestId('configuration-name').click();
  await expect(page.getByTestId('property-terminal_id')).toHaveValue('T-9001', LOADED);
  await expect(page.getByTestId('secret-passphrase')).toContainText(connectors.form.secretSet);
});

test('a name the account already has is refused on the field, whatever its case', async ({ page }) => {
  await login(page, 'root_management_unit_manager@demo.test');
  await openTerminalConfigurations(page);
  await page.getByRole('link', { name: connectors.list.create }).click();
  await page.getByTestId('configuration-name-input').fill(created.toUpperCase(), LOADED);
  await page.getByTestId('property-merchant_id').fill('M-E2E');
  await page.getByTestId('property-terminal_id').fill('T-9002');
  await page.getByTestId('property-maximum_amount').fill('100');
  await page.getByTestId('property-passphrase').fill('another-passphrase');
  await page.getByRole('button', { name: connectors.create.submit }).click();
  const name = page.getByTestId('configuration-name-input');
  await expect(name).toHaveAttribute('aria-invalid', 'true', LOADED);
  await expect(page.getByText(errors.connector_configuration_name_exists).first()).toBeVisible();
  await expect(page).toHaveURL(/\/connectors\/createConfiguration\?/);
});

test("the public site finds a product by an IMEI's TAC (the demo's scan search)", async ({
  page,
  baseURL,
}) => {
  // a published product of Demo Retail with a TAC code, read as its root manager
  const origin = baseURL as string;
  const signIn = await page.request.post('/api/login', {
    headers: { Origin: origin },
    data: { email: 'root_management_unit_manager@demo.test', password: DEMO_PASSWORD, tokenRequested: true },
  });
  expect(signIn.status()).toBe(200);
  const authorization = `Bearer ${(await signIn.json()).apiToken}`;
  const products = await page.request.get(
    '/api/products?status=published&itemsPerPage=30&search_product_buyback=iphone',
    {
      headers: { authorization },
    },
  );
  expect(products.status()).toBe(200);
  const product = (await products.json()).member.find(
    (p: { tacCodes: string[] }) => p.tacCodes.length > 0,
  ) as {
    id: string;
    tacCodes: string[];
  };
  expect(product).toBeTruthy();
  const imei = `${product.tacCodes[0]}1234567`;

  const site = origin.replace('//localhost', '//demo-retail.localhost');
  await page.goto(`${site}/search`);
  const form = page.getByTestId('imei-search');
  await expect(form).toBeVisible(LOADED);
  const field = form.getByLabel(publicFr.imeiSearch.label);
  await field.fill('1234-5678');
  await form.getByRole('button', { name: publicFr.imeiSearch.submit }).click();
  await expect(form.getByText(publicFr.imeiSearch.invalid)).toBeVisible();

  await field.fill(imei);
  await form.getByRole('button', { name: publicFr.imeiSearch.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?imei=${imei}$`));
  const results = page.getByTestId('imei-results');
  const link = results.locator(`a[href^="/product/${product.id}"]`);
  await expect(link).toBeVisible(LOADED);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
});

const REFURBISHMENT = '00000000-0000-4000-c000-000000000039';

test('the refurbishment connector: its switches on the form; a feature switched off leaves the menu and its screens lead home', async ({
  page,
}) => {
  // Demo Retail has no workshop: switching its refurbishment off touches no other test
  await login(page, 'root_management_unit_manager@demo.test');
  await page.getByRole('link', { name: layout.menu.connectors }).first().click();
  const refurbishmentName = connectors.connector.reprise_premium_refurbishment as string;
  await page
    .getByRole('link', { name: connectors.catalogue.open.replace('{{name}}', refurbishmentName) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/configurations/${REFURBISHMENT}$`));
  await page.getByRole('link', { name: connectors.list.create }).click();
  const name = `Reconditionnement E2E ${suffix}`;
  await page.getByTestId('configuration-name-input').fill(name, LOADED);
  for (const [property, value] of [
    ['advanced_stocks', connectors.boolean.true],
    ['refurb_steps', connectors.boolean.false],
    ['diagnosis', connectors.boolean.true],
  ] as const) {
    await page.getByTestId(`property-${property}`).click();
    await page.getByRole('option', { name: value as string, exact: true }).click();
  }
  await page.getByRole('button', { name: connectors.create.submit }).click();
  await expect(page.getByText(connectors.alert.created)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(1, LOADED);
  const saved = await page.request.get(`/api/connector-organizations?connectorId=${REFURBISHMENT}`);
  const configuration = (
    (await saved.json()).member as { name: string; properties: Record<string, string> }[]
  ).find((c) => c.name === name);
  expect(configuration?.properties).toEqual({
    advanced_stocks: 'true',
    refurb_steps: 'false',
    diagnosis: 'true',
  });

  // a workshop whose account switched the refurb steps off (the answer of its account's connector,
  // here given by the test: Demo Buyer's workshop is shared with the other tests)
  await page.route('**/api/refurbishment-features', (route) =>
    route.fulfill({ json: { advancedStocks: true, refurbSteps: false, diagnosis: true } }),
  );
  await login(page, 'warehouse_manager@demo.test');
  const menu = page.locator('#side-menu');
  await expect(menu.getByRole('link', { name: layout.menu.stocks, exact: true })).toHaveCount(1, LOADED);
  await expect(menu.getByRole('link', { name: layout.menu.refurbSteps, exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: layout.menu.itemRefurbSteps, exact: true })).toHaveCount(0);
  await page.goto('/refurb-steps');
  await expect(page).toHaveURL(/\/home$/, LOADED);
});
