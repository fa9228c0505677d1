import { execFileSync } from 'node:child_process';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * The police register (docs/police-register.md): the Paris store's manager opens the register of the
 * month of its latest entry, downloads it as PDF (its text read with poppler's pdftotext: the store,
 * the period, the entries, the chain's result, "page N / M") and verifies the chain.
 */

useLanguage('fr-FR');

const text = translations('policeRegister');
const STORE_MANAGER = 'store_manager@demo.test';
const LOADED = { timeout: 20_000 };

test('a store manager exports a month of the register as PDF and verifies the chain', async ({ page }) => {
  await login(page, STORE_MANAGER, '/police-register');
  await expect(page.getByRole('heading', { name: text.list.title })).toBeVisible(LOADED);

  // the month of the store's latest entry (the demo completes buybacks at its seeding)
  const stores = (await (await page.request.get('/api/police-register/stores')).json()) as {
    member: { id: string; commonName: string }[];
  };
  const store = stores.member[0] as { id: string; commonName: string };
  const all = (await (
    await page.request.get(`/api/police-register/stores/${store.id}/entries?itemsPerPage=1&page=1`)
  ).json()) as { totalItems: number };
  expect(all.totalItems).toBeGreaterThan(0);
  const last = (await (
    await page.request.get(
      `/api/police-register/stores/${store.id}/entries?itemsPerPage=1&page=${all.totalItems}`,
    )
  ).json()) as { member: { number: number; acquiredAt: string }[] };
  const latest = last.member[0] as { number: number; acquiredAt: string };
  const month = latest.acquiredAt.slice(0, 7);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  await page.getByTestId('register-from').fill(`${month}-01`);
  await page.getByTestId('register-to').fill(`${month}-${lastDay}`);
  await expect(page.getByTestId('register-entry-number').first()).toBeVisible(LOADED);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: text.actions.exportPdf }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`police-register-${month}-01-${month}-${lastDay}.pdf`);
  const pdf = execFileSync('/usr/bin/pdftotext', ['-layout', await download.path(), '-'], {
    encoding: 'utf8',
  });
  expect(pdf).toContain(`Registre de police — ${store.commonName}`);
  expect(pdf).toMatch(/Période du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}/);
  expect(pdf).toMatch(/Chaîne vérifiée : intègre \(\d+ entrées?\)/);
  const pages = [...pdf.matchAll(/page (\d+) \/ (\d+)/g)];
  expect(pages.length).toBeGreaterThan(0);
  expect(pages.map((p) => p[1])).toEqual(pages.map((_, i) => String(i + 1)));
  expect(new Set(pages.map((p) => p[2]))).toEqual(new Set([String(pages.length)]));
  expect(pdf).toMatch(new RegExp(`(^|\\s)${latest.number}\\s`));

  await page.getByRole('button', { name: text.actions.verify }).click();
  await expect(page.getByTestId('register-verification')).toContainText('Chaîne intègre', LOADED);
});
