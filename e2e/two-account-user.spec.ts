import type { APIRequestContext, Page, Response } from '@playwright/test';
import { call, type Headers, signIn } from './api-calls';
import { expect, login, openProfileMenu, test, translations } from './fixtures';

/**
 * A user whose modules belong to two accounts (docs/data-access.md, "Which account a request
 * works on"): `multi@demo.test` is store manager at Demo Retail's Paris Rivoli (tim) and warehouse
 * manager at Demo Buyer's Saint-Priest (rps). Switched to the warehouse module, the home page
 * opens without an error and the warehouse screens list what `warehouse_manager@demo.test` sees;
 * switched back, the store's buybacks are those `store_manager@demo.test` sees.
 */

test.use({ locale: 'fr-FR' });
test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
});

const common = translations('common');

const DEMO_BUYER = '00000000-0000-4000-8000-000000000300';
const DEMO_RETAIL = '00000000-0000-4000-8000-000000000200';

/** The total a list's footer shows ("1–7 sur 7"): the range text of common.json with any numbers. */
const rangeOf = (total: number) =>
  new RegExp(
    `^${String(common.table.range)
      .replace('{{from}}', '\\d+')
      .replace('{{to}}', '\\d+')
      .replace('{{total}}', String(total))}$`,
  );

const isGet = (api: string) => (response: Response) =>
  new URL(response.url()).pathname === api && response.request().method() === 'GET';

interface ListScreen {
  path: string;
  api: string;
  /** What the screen shows of a list of `total` members. */
  shows: (page: Page, total: number) => Promise<void>;
}

const footerShows = async (page: Page, total: number) => expect(page.getByText(rangeOf(total))).toBeVisible();

/**
 * Opens a list screen and checks it shows what the single-account user is answered for the same
 * query at the same moment (other specs add rows meanwhile: the pair is read again until they agree).
 */
async function expectSameList(page: Page, request: APIRequestContext, single: Headers, screen: ListScreen) {
  await expect(async () => {
    const listed = page.waitForResponse(isGet(screen.api), { timeout: 20_000 });
    await page.goto(screen.path);
    const response = await listed;
    expect(response.status(), await response.text()).toBe(200);
    const shown = (await response.json()) as { totalItems: number };
    const query = new URL(response.url()).search;
    const theirs = await call<{ totalItems: number }>(request, single, 'GET', `${screen.api}${query}`);
    expect(shown.totalItems, screen.path).toBeGreaterThan(0);
    expect(shown.totalItems, screen.path).toBe(theirs.totalItems);
    await screen.shows(page, shown.totalItems);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }).toPass({ timeout: 90_000 });
}

/** Switches module from the profile panel and waits for the home page's root details and figures. */
async function switchTo(page: Page, moduleLabel: string, accountId: string) {
  const rootDetail = page.waitForResponse(isGet(`/api/accounts/${accountId}/organization-root-detail`), {
    timeout: 60_000,
  });
  const statistics = page.waitForResponse(isGet('/api/dashboard-data'), { timeout: 60_000 });
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: new RegExp(moduleLabel) }).click();
  // the switch reloads the application: its answers first, then the top bar
  expect((await rootDetail).status()).toBe(200);
  expect((await statistics).status()).toBe(200);
  await expect(page.getByTestId('current-module')).toContainText(moduleLabel, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/home$/);
}

test('the two-account user works on Demo Buyer in the warehouse module and on Demo Retail in the store one', async ({
  page,
  request,
}) => {
  const warehouseManager = await signIn(request, 'warehouse_manager@demo.test');
  const storeManager = await signIn(request, 'store_manager@demo.test');
  await login(page, 'multi@demo.test');
  // a user starts in the module they used last: e2e/shell.spec.ts may have left them in the warehouse
  const current = page.getByTestId('current-module');
  await expect(current).toContainText(new RegExp(`${common.module.tim}|${common.module.rps}`));
  if (!((await current.textContent()) ?? '').includes(common.module.tim))
    await switchTo(page, common.module.tim, DEMO_RETAIL);
  await expect(current).toContainText(common.module.tim);

  await switchTo(page, common.module.rps, DEMO_BUYER);
  // the home page opened without the error modal ("L'élément demandé est introuvable")
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  for (const screen of [
    { path: '/stocks', api: '/api/stocks', shows: footerShows },
    { path: '/items-stock', api: '/api/items-stock', shows: footerShows },
    { path: '/refurb-steps', api: '/api/refurb-steps', shows: footerShows },
    {
      path: '/warehouse-dispatch',
      api: '/api/warehouse-dispatch-rules',
      shows: (p: Page, total: number) => expect(p.locator('tr[data-rule-id]')).toHaveCount(total),
    },
  ])
    await expectSameList(page, request, warehouseManager, screen);

  await switchTo(page, common.module.tim, DEMO_RETAIL);
  await expectSameList(page, request, storeManager, {
    path: '/buybacks',
    api: '/api/buybacks',
    shows: footerShows,
  });
});
