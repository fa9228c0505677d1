import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, login, test, useLanguage } from './fixtures';

/**
 * The general settings (docs/general-settings.md): a retailer admin changes the user experience
 * and uploads its terms of use as a PDF on the brand screen, and the public site's /cgu offers that
 * PDF; a file too large or not a PDF is refused with a translated message; a buyer manager
 * changes the check-in requirement on the buyer screen, and turns buyer payment on and off.
 */

useLanguage('en-GB');

const root = path.resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const text = json('apps/web/src/i18n/en-GB/generalSettings.json');
const menu = json('apps/web/src/i18n/en-GB/layout.json').menu;
const publicText = json('apps/web/src/public/locales/en-GB.json');
const errors = json('apps/web/src/i18n/en-GB/errors.json');
const LOADED = { timeout: 30_000 };

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

/** A small whole PDF (header, one page, cross-reference table, end-of-file marker). */
function pdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Title (${title}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/login', {
    headers: { Origin: test.info().project.use.baseURL as string },
    data: { email, password: DEMO_PASSWORD, tokenRequested: true },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { headers: { authorization: `Bearer ${body.apiToken}` }, accountId: body.accountId as string };
}

/** The root details of a demo user's account, read through the API. */
async function rootDetail(request: APIRequestContext, email: string) {
  const { headers, accountId } = await signIn(request, email);
  const res = await request.get(`/api/accounts/${accountId}/organization-root-detail`, { headers });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Picks a file for the upload button named `name` (a Mantine FileButton's hidden input). */
async function chooseFile(
  page: Page,
  name: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name }).click();
  await (await chooser).setFiles(file);
}

test('a retailer admin changes the user experience and publishes its terms of use as a PDF', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const termsOfUse = text.files.eula as string;
  const uploadName = `${text.files.upload} – ${termsOfUse}`;
  await login(page, 'root_management_unit_manager@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: menu.brandSettings }).click();
  await expect(page).toHaveURL(/\/settings\/tim\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: text.brand.title })).toBeVisible();
  // one general settings entry: the buyer screen's belongs to the buyer module
  await expect(page.getByRole('navigation').getByRole('link', { name: menu.brandSettings })).toHaveCount(1);

  // user experience: a rule refused on its field, then a change saved
  const cartMin = page.getByLabel(text.field.cartMinValue.replace('{{currency}}', 'EUR'));
  await expect(cartMin).toBeVisible(LOADED);
  await cartMin.fill('');
  // the tag price, not the bar code: e2e/buyback.spec.ts finds products by barcode meanwhile
  const tagPrice = page.getByRole('switch', { name: text.field.tagPriceEnabled });
  const wasOn = await tagPrice.isChecked();
  await tagPrice.click({ force: true });
  await page.getByRole('button', { name: text.save }).click();
  // an empty cart minimum is refused on its field (the positive-integer rule, shown as required)
  await expect(page.getByText(errors.required)).toBeVisible();
  await cartMin.fill('0');
  const noResult = page.getByLabel(text.field.noSearchResultDescription);
  await noResult.fill('Nothing matches: ask a seller in store.');
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByText(text.saved)).toBeVisible();
  await expect
    .poll(async () => {
      const d = await rootDetail(request, 'root_management_unit_manager@demo.test');
      return [d.tagPriceEnabled, d.noSearchResultDescription];
    })
    .toEqual([!wasOn, 'Nothing matches: ask a seller in store.']);

  // the public site's empty search shows the retailer's text
  await page.goto(`${siteUrl(baseURL)}/search?q=zzqxwvk`);
  await expect(page.getByTestId('no-result-description')).toHaveText(
    'Nothing matches: ask a seller in store.',
    LOADED,
  );
  await page.goto('/settings/tim/general');
  await expect(page.getByLabel(text.field.noSearchResultDescription)).toBeVisible(LOADED);

  // a file too large and a file that is not a PDF are refused with a translated message
  await chooseFile(page, uploadName, {
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([pdf('huge'), Buffer.alloc(251 * 1024)]),
  });
  await expect(page.getByRole('alert').filter({ hasText: text.files.tooLarge })).toBeVisible();
  await chooseFile(page, uploadName, {
    name: 'terms.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('These are not the terms you are looking for.'),
  });
  await expect(page.getByRole('alert').filter({ hasText: text.files.notPdf })).toBeVisible(LOADED);

  // the PDF itself, then its download link
  await chooseFile(page, uploadName, {
    name: 'terms-of-use.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('Terms of use of Demo Retail'),
  });
  await expect(page.getByText(text.files.uploaded)).toBeVisible(LOADED);
  const download = page.getByRole('link', { name: text.files.download }).first();
  await expect(download).toHaveAttribute('href', /\/files\/eula\?v=/);

  // the customer on the public site gets the PDF on the terms-of-use page
  const site = siteUrl(baseURL);
  await page.goto(`${site}/cgu`);
  await expect(page.getByRole('heading', { level: 1, name: publicText.legal.cgu })).toBeVisible(LOADED);
  const open = page.getByRole('link', { name: publicText.documents.open });
  await expect(open).toHaveAttribute('href', /^\/api\/white-label\/legal\/eula\?v=/);
  const served = await page.evaluate(
    async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        head: String.fromCharCode(...bytes.subarray(0, 5)),
      };
    },
    (await open.getAttribute('href')) as string,
  );
  expect(served).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });

  // back in the settings, the file is removed and the page shows the text version again
  await page.goto('/settings/tim/general');
  await page.getByRole('button', { name: `${text.files.remove} – ${termsOfUse}` }).click();
  await expect(page.getByText(text.files.removed)).toBeVisible(LOADED);
  await expect(page.getByRole('button', { name: uploadName })).toBeVisible();
  await page.goto(`${site}/cgu`);
  await expect(page.getByRole('heading', { level: 1, name: publicText.legal.cgu })).toBeVisible(LOADED);
  await expect(page.getByRole('link', { name: publicText.documents.open })).toHaveCount(0);

  // the tag price as it was
  const { headers } = await signIn(request, 'root_management_unit_manager@demo.test');
  const detail = await rootDetail(request, 'root_management_unit_manager@demo.test');
  const reset = await request.patch(`/api/organization-root-details/${detail.id}`, {
    headers: { ...headers, 'content-type': 'application/merge-patch+json' },
    data: { tagPriceEnabled: wasOn, noSearchResultDescription: null },
  });
  expect(reset.status()).toBe(200);
});

test('a buyer manager changes the check-in requirement of its warehouses', async ({ page, request }) => {
  test.setTimeout(90_000);
  await login(page, 'buyer_manager@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: menu.buyerSettings }).click();
  await expect(page).toHaveURL(/\/settings\/lcm\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: text.buyer.title })).toBeVisible();
  // premium features are shown, not edited
  await expect(page.getByRole('heading', { name: text.premium.title })).toBeVisible();

  const mandatory = page.getByRole('radio', { name: text.checkin.mandatory });
  await expect(mandatory).toBeChecked(LOADED);
  await page.getByRole('radio', { name: text.checkin.disabled }).check();
  await expect(page.getByText(text.checkin.disabledNotice)).toBeVisible();
  await page.getByRole('radio', { name: text.checkin.optional }).check();
  await expect(page.getByText(text.checkin.disabledNotice)).toHaveCount(0);
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByText(text.saved)).toBeVisible();
  expect((await rootDetail(request, 'buyer_manager@demo.test')).warehouseCheckinRequirement).toBe('optional');
  // the browser's copy of the root details (reprise.rootDetail) follows the save
  const cached = () =>
    page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('reprise.rootDetail') ?? 'null')?.detail.warehouseCheckinRequirement,
    );
  await expect.poll(cached).toBe('optional');

  // the warehouses' check-in back as it was (the warehouse specs expect it mandatory)
  await mandatory.check();
  await page.getByRole('button', { name: text.save }).click();
  await expect
    .poll(async () => (await rootDetail(request, 'buyer_manager@demo.test')).warehouseCheckinRequirement)
    .toBe('mandatory');

  // buyer payment saved: without a SEPA configuration of its own the buyer is told its transfers would fail
  const buyerPayment = page.getByRole('switch', { name: text.field.buyerPaymentEnabled });
  await expect(buyerPayment).not.toBeChecked();
  await buyerPayment.check();
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByText(text.buyer.paymentNoConnector)).toBeVisible(LOADED);
  await buyerPayment.uncheck();
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByText(text.buyer.paymentNoConnector)).toHaveCount(0);
  await expect
    .poll(async () => (await rootDetail(request, 'buyer_manager@demo.test')).buyerPaymentEnabled)
    .toBe(false);
});

test('a user without the general settings permission is sent home', async ({ page }) => {
  await login(page, 'store_seller@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: menu.brandSettings })).toHaveCount(0);
  await page.goto('/settings/tim/general');
  await expect(page).toHaveURL(/\/home$/);
});
