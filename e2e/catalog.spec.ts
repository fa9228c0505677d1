import type { Page } from '@playwright/test';
import { axeFindings } from './axe';
import { expect, login, networkQuiet, openInApp, test } from './fixtures';

/** A 2×2 PNG: a catalogue image small enough for the 250 kB rule. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGPQu1YBRAwQCgAodgXxWh6kEwAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks an option of a Mantine select or multi-select, typing part of it first when the field is searchable. */
async function choose(page: Page, field: string | RegExp, option: string | RegExp, typed?: string) {
  const input = page.getByRole('textbox', { name: field }).first();
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  // A multiple select keeps its dropdown open over the form's buttons.
  await input.press('Escape');
}

// The demo root manager's account speaks French: the screens are in French.
test.describe('catalogue', () => {
  test('a catalogue editor builds a category, a product and a question, then finds the product', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString().slice(-6);
    const category = `Casques VR ${stamp}`;
    const identifier = `casques-vr-${stamp}`;
    const product = `Casque Quasarix ${stamp}`;
    const ean = `40${stamp}00000`.slice(0, 13);

    await login(page, 'root_management_unit_manager@demo.test');

    // A category, its identifier suggested from its name.
    await page.goto('/categories/list');
    await page.getByRole('link', { name: 'Créer une catégorie' }).click();
    await expect(page).toHaveURL(/\/category\/create$/);
    await page.getByRole('textbox', { name: /^Nom/ }).fill(category);
    await expect(page.getByRole('textbox', { name: /^Identifiant/ })).toHaveValue(identifier);
    await choose(page, /^Catégorie parente/, /^Audio$/, 'Audio');
    await page.getByRole('textbox', { name: /^Poids/ }).fill('450');
    // Demo Retail has no absorption premium option: the form says so and offers no absorption
    await expect(page.getByTestId('absorption-premium')).toContainText('Option premium non activée');
    await page.getByRole('textbox', { name: /^Type d'absorption/ }).click();
    await expect(page.getByRole('option', { name: 'Montant fixe' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await page.getByRole('textbox', { name: /^Type d'absorption/ }).press('Escape');
    await choose(page, /^Compte acheteur/, 'Demo Buyer', 'Demo');
    await choose(page, /^Entrepôts référents/, 'Entrepôt Saint-Priest', 'Saint');
    await page.getByRole('button', { name: 'Créer la catégorie' }).click();
    await expect(page).toHaveURL(/\/categories\/list\?alert=/);
    await expect(page.getByRole('status').filter({ hasText: 'La catégorie a été créée.' })).toBeVisible();
    await expect(page.getByTestId(`category-row-${identifier}`)).toContainText(category);

    // A product in it, published, with its prices and an image.
    await page.goto('/product/create');
    await page.getByRole('textbox', { name: /^Nom/ }).fill(product);
    await choose(page, /^Statut/, 'Publié');
    await page.getByRole('textbox', { name: /^Marque/ }).fill('Quasarix');
    await page.getByRole('textbox', { name: /^EAN/ }).fill(ean);
    await choose(page, /^Catégorie principale/, category, stamp);
    const prices = {
      Fonctionnel: '180',
      'Grade A': '150',
      'Grade B': '120',
      'Grade C': '90',
      'Grade D': '50',
      'Grade E': '10',
    };
    for (const [grade, price] of Object.entries(prices))
      await page.getByRole('textbox', { name: new RegExp(`^${grade}`) }).fill(price);
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'casque.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Aperçu de la nouvelle image' })).toBeVisible();
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await expect(page).toHaveURL(/\/products\?alert=/);
    await expect(page.getByRole('status').filter({ hasText: 'Le produit a été créé.' })).toBeVisible();

    // A diagnostic question on the category.
    await page.goto('/diagnostic');
    await page.getByRole('link', { name: category }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(category);
    await page.getByRole('link', { name: 'Ajouter une question' }).first().click();
    await page.getByRole('textbox', { name: /^Question/ }).fill("L'écran du casque est-il rayé ?");
    await page
      .getByRole('group', { name: 'Réponse 1' })
      .getByRole('textbox', { name: /^Réponse/ })
      .fill('Non');
    const scratched = page.getByRole('group', { name: 'Réponse 2' });
    await scratched.getByRole('textbox', { name: /^Réponse/ }).fill('Oui');
    await scratched.getByRole('textbox', { name: /^Effet sur le prix/ }).click();
    await page.getByRole('option', { name: 'Pourcentage' }).click();
    await scratched.getByRole('textbox', { name: /^Pourcentage/ }).fill('-20');
    await page.getByRole('button', { name: 'Ajouter la question' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'La question a été ajoutée.' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: "L'écran du casque est-il rayé ?" })).toContainText(
      '−20 %',
    );

    // The product through the list filters: name, status and category.
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'Nom' }).fill(product);
    await choose(page, /^Statut/, 'Tous');
    await choose(page, /^Catégories/, category, stamp);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/search_product_buyback=.*status=all.*category/);
    const row = page.getByRole('row').filter({ hasText: product });
    await expect(row).toContainText('150,00');
    await expect(row).toContainText(ean);
    await expect(page.getByRole('row')).toHaveCount(2);

    // Reloaded, then reached again without a query: the filters stay.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Nom' })).toHaveValue(product);
    await expect(row).toBeVisible();
    await page.goto('/home');
    await page.getByRole('navigation').getByRole('link', { name: 'Produits' }).click();
    await expect(page).toHaveURL(/search_product_buyback=/);
    await expect(page.getByRole('searchbox', { name: 'Nom' })).toHaveValue(product);
    await expect(page.getByRole('textbox', { name: /^Statut/ })).toHaveValue('Tous');
    await expect(row).toBeVisible();

    // Its image was stored.
    await row.getByRole('link', { name: product, exact: true }).click();
    const image = page.getByRole('img', { name: 'Image actuelle' }).first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

    // The quick search finds it by a misspelt name.
    await page.goto('/catalog-search');
    await page.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }).fill('qasarix');
    const hit = page.getByTestId('search-hit').filter({ hasText: product });
    await expect(hit).toBeVisible();
    await expect(hit.locator('mark')).toHaveText('Quasarix');
    await expect(hit).toContainText(ean);
    await expect(hit).toContainText('150,00');

    // A category that holds a product and a question cannot be deleted: the refusal says why.
    await page.goto('/categories/list');
    await page.getByRole('button', { name: `Supprimer ${category}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer une catégorie' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toContainText(`« ${category} » ne peut pas être supprimée`);
    await expect(refusal).toContainText('des produits lui appartiennent');
    await expect(refusal).toContainText('des questions de diagnostic lui appartiennent');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(page.getByTestId(`category-row-${identifier}`)).toBeVisible();
  });

  test('a minimum price above the maximum warns and is not searched', async ({ page }) => {
    await login(page, 'root_management_unit_manager@demo.test', '/products?status=all');
    await page.getByRole('textbox', { name: /^Prix grade A minimum/ }).fill('500');
    await page.getByRole('textbox', { name: /^Prix grade A maximum/ }).fill('100');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Le prix minimum dépasse le prix maximum' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/products\?status=all$/);
  });

  // The head-office analyst: the lost-password spec changes the regional analyst's password.
  test('an analyst reads the catalogue without changing it', async ({ page }) => {
    // four screens opened one after another, each its first visit (its chunk and translations)
    test.setTimeout(60_000);
    await login(page, 'root_management_unit_analyst@demo.test', '/categories/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Catégories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Créer une catégorie' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);

    await page.goto('/products');
    await page
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: /^Consulter/ })
      .click();
    await expect(page.getByRole('note')).toContainText(
      'Vous pouvez consulter ce produit mais pas le modifier.',
    );
    await expect(page.getByRole('textbox', { name: /^Nom/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enregistrer les modifications' })).toHaveCount(0);

    await page.goto('/product/create');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('the catalogue screens pass the automated accessibility checks', async ({ page }) => {
  test.setTimeout(360_000); // axe takes several seconds per screen on a small machine
  const smartphones = '00000000-0000-4000-9000-000000000001';
  await login(page, 'root_management_unit_manager@demo.test');
  for (const [path, heading] of [
    ['/categories/list', 'Catégories'],
    ['/category/create', 'Nouvelle catégorie'],
    ['/products', 'Produits'],
    ['/product/create', 'Nouveau produit'],
    ['/diagnostic', 'Diagnostic'],
    [`/diagnostic/category/${smartphones}`, 'Questions · Smartphones'],
    [`/diagnostic/category/${smartphones}/question/add`, 'Nouvelle question · Smartphones'],
    ['/catalog-search?q=ipone', 'Recherche rapide dans le catalogue'],
  ] as const) {
    // reached by the app's router, as its menu does: one load of the app for the walk
    await openInApp(page, path);
    // each screen's first load on a loaded machine (load 13 to 39 in a CI run): longer than the default wait
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    await networkQuiet(page);
    expect(await axeFindings(page), path).toEqual([]);
  }
});
