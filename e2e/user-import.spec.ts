import { readFileSync } from 'node:fs';
import { expect, login, readLatestMail, test, translations, useLanguage } from './fixtures';

/**
 * The batch user import (issue 15; docs/imports.md, "Batch user import"): a store manager downloads
 * the template, checks a file whose lines are shown one by one before anything is written, then
 * imports the valid line; the new user is invited by e-mail and listed.
 */

useLanguage('fr-FR');

const text = translations('userImport');
const LOADED = { timeout: 30_000 };
const HEADER =
  'email;firstname;lastname;locale;force_sso;tim_user_type;tim_parent_entity;lcm_user_type;lcm_parent_entity';

test('a store manager checks a users file line by line, then imports the valid line', async ({ page }) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}`;
  const email = `import.${run}@demo.test`;
  await login(page, 'store_manager@demo.test', '/users/import');
  await expect(page.getByRole('heading', { name: text.file.downloadsTitle })).toBeVisible(LOADED);

  // the template: the header of every column
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text.file.template }).click();
  const template = await download;
  expect(template.suggestedFilename()).toMatch(/\.csv$/);
  const templateText = readFileSync((await template.path()) as string, 'utf8');
  expect(templateText.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toContain('email');

  // the check: each line's result, nothing written yet
  const file = [
    HEADER,
    `${email};Camille;Importée;fr-FR;no;store_seller;DR-PAR-01;;`,
    `pas-un-email;Camille;Martin;;;store_seller;DR-PAR-01;;`,
    `inconnu.${run}@demo.test;Camille;Martin;;;store_seller;NOPE-${run};;`,
  ].join('\r\n');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'utilisateurs.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: text.file.check }).click();
  await expect(page.getByTestId('user-import-check-summary')).toHaveText(
    text.check.summary
      .replace('{{valid}}', text.check.valid_one.replace('{{count}}', '1'))
      .replace('{{errors}}', text.check.errors_other.replace('{{count}}', '2')),
    LOADED,
  );
  await expect(page.getByText(text.lineErrors.invalid_email)).toBeVisible();
  await expect(page.getByText(text.lineErrors.unknown_parent)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(text.outcome.valid);

  // the import: the valid line is created, and invited to choose a password
  const since = Date.now();
  await page.getByRole('button', { name: text.check.import.replace('{{count}}', '1') }).click();
  await expect(page.getByTestId('user-import-result')).toContainText(
    text.result.created.replace('{{count}}', '1').slice(0, 20),
    LOADED,
  );
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(text.outcome.created);
  const mail = await readLatestMail(email, { since: since - 1000, timeout: 30_000 });
  expect(mail.text).toMatch(/http/);

  await page.getByRole('link', { name: text.result.toList }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/, LOADED);
});
