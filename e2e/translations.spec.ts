import { expect, login, test } from './fixtures';

/**
 * Translations of the catalogue (docs/translations.md): an editor of Demo Retail (whose language
 * is French) translates a diagnostic question into German in the back office; a visitor whose
 * browser speaks German sees it on the public site, and the French text where a German one is missing.
 */

const siteUrl = (baseURL: string | undefined) =>
  (baseURL as string).replace('//localhost', '//demo-retail.localhost');

test('an editor adds a German translation of a question; the site in German shows it, and the French help where the German one is missing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const germanTitle = `Wie ist das Gehäuse? ${Date.now().toString().slice(-6)}`;

  // The consoles' first question, in the back office (in French).
  await login(page, 'root_management_unit_manager@demo.test', '/diagnostic');
  await page.getByRole('link', { name: 'Consoles de jeux' }).first().click();
  await page
    .getByRole('listitem', { name: 'État de la coque' })
    .getByRole('link', { name: 'Modifier « État de la coque »' })
    .click();
  await expect(page.getByRole('textbox', { name: /^Question/ })).toHaveValue('État de la coque');

  // German: a new title, and no help (the French one will show).
  await page.getByRole('tab', { name: 'Deutsch' }).click();
  const title = page.getByRole('textbox', { name: 'Question — Deutsch' });
  await expect(title).toHaveValue('Zustand des Gehäuses');
  await title.fill(germanTitle);
  await page.getByRole('textbox', { name: 'Comment tester — Deutsch' }).fill('');
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La question a été modifiée.' })).toBeVisible();

  // A visitor whose browser speaks German opens a console on the public site.
  const context = await browser.newContext({ locale: 'de-DE' });
  const visitor = await context.newPage();
  await visitor.goto(`${siteUrl(baseURL)}/search?q=Switch`);
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'de-DE');
  await visitor
    .getByRole('link', { name: /Switch/ })
    .first()
    .click();
  await expect(visitor.locator('.choice-question')).toHaveText(germanTitle);
  await expect(
    visitor.getByText('Examinez les bords, le dos et les angles, sans coque ni protection.'),
  ).toBeVisible();
  // the answers keep their German translations from the demo data
  await expect(visitor.getByText('Wie neu', { exact: true })).toBeVisible();
  await context.close();

  // A French visitor still reads the French question.
  const french = await browser.newContext({ locale: 'fr-FR' });
  const frenchVisitor = await french.newPage();
  await frenchVisitor.goto(`${siteUrl(baseURL)}/search?q=Switch`);
  await frenchVisitor
    .getByRole('link', { name: /Switch/ })
    .first()
    .click();
  await expect(frenchVisitor.locator('.choice-question')).toHaveText('État de la coque');
  await french.close();
});
