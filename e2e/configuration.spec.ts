import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/** Picks an option of a Mantine select or multi-select, typing part of it first when the field is searchable. */
async function choose(page: Page, field: string | RegExp, option: string | RegExp, typed?: string) {
  const input = page.getByRole('textbox', { name: field }).first();
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
  await page.keyboard.press('Escape');
}

// The demo root manager's account speaks French: the screens are in French.
test.describe('configuration', () => {
  test('a circuit is created with ordered instructions, then linked to a category', async ({ page }) => {
    test.setTimeout(90_000);
    const name = `Relais colis ${Date.now().toString().slice(-6)}`;
    await login(page, 'root_management_unit_manager@demo.test');
    await page.getByRole('link', { name: 'Circuits' }).first().click();
    await expect(page).toHaveURL(/\/circuits/);
    await expect(page.getByRole('link', { name: 'Dépôt en magasin', exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Nouveau circuit' }).click();
    await expect(page).toHaveURL(/\/circuit\/create$/);
    await page.getByRole('textbox', { name: /^Nom/ }).fill(name);
    await page.getByText('Web', { exact: true }).click();
    await choose(page, /^Type de dépôt/, 'Envoi postal ou point relais');
    await choose(page, /^Entrepôt/, /Saint-Priest/, 'Saint');
    await choose(page, /^Transporteur/, 'Colissimo');
    await choose(page, /^Modes de paiement/, /^Virement bancaire/, 'Virement banc');

    const steps: [string, string][] = [
      ['Imprimez le bordereau', 'Imprimer'],
      ['Fermez le colis', 'Fermer'],
      ['Déposez-le en point relais', 'Poster'],
    ];
    for (const [index, [label, type]] of steps.entries()) {
      await page.getByRole('button', { name: 'Ajouter une instruction' }).click();
      await page.getByRole('textbox', { name: new RegExp(`^Instruction ${index + 1}`) }).fill(label);
      await choose(page, `Type de l'instruction ${index + 1}`, type);
    }
    // the last one first: two moves up
    await page.getByRole('button', { name: "Monter l'instruction 3" }).click();
    await page.getByRole('button', { name: "Monter l'instruction 2" }).click();
    await page.getByRole('button', { name: 'Créer le circuit' }).click();

    await expect(page).toHaveURL(/\/circuit\/[0-9a-f-]+\/edit\?alert=/);
    await expect(page.getByRole('status').filter({ hasText: 'Le circuit a été créé.' })).toBeVisible();
    await page.reload();
    const labels = page.getByRole('textbox', { name: /^Instruction \d/ });
    // the reloaded form on a loaded machine: its first render may take longer than the default wait
    await expect(labels).toHaveCount(3, { timeout: 30_000 });
    await expect(labels.nth(0)).toHaveValue('Déposez-le en point relais');
    await expect(labels.nth(1)).toHaveValue('Imprimez le bordereau');
    await expect(labels.nth(2)).toHaveValue('Fermez le colis');

    // served categories
    // the options are those of the category tree, which may still load when the list opens: a
    // click on an option the arriving tree replaces chooses nothing, so choose until one is chosen
    const linkButton = page.getByRole('button', { name: 'Lier', exact: true });
    await expect(async () => {
      await choose(page, /^Catégorie à lier/, /Audio/, 'Audio');
      await expect(linkButton).toBeEnabled({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await linkButton.click();
    await expect(page.getByRole('button', { name: 'Délier Audio' })).toBeVisible();

    await page.goto('/circuits?itemsPerPage=30');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Web · envoi postal');
    await expect(row).toContainText('Actif');
  });

  test('a second active store drop-off circuit is refused', async ({ page }) => {
    await login(page, 'root_management_unit_manager@demo.test', '/circuit/create');
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Deuxième dépôt');
    await choose(page, /^Entrepôt/, /Roubaix/, 'Roubaix');
    await page.getByRole('button', { name: 'Créer le circuit' }).click();
    await expect(
      page.getByText('Un seul circuit de dépôt en magasin peut être actif.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/circuit\/create$/);
  });

  test('a payment mode gets a bonus', async ({ page }) => {
    // two saves and three screens: over 30 s on the loaded clean-clone run
    test.setTimeout(90_000);
    await login(page, 'root_management_unit_manager@demo.test', '/payment-modes');
    await page.getByRole('link', { name: 'Carte cadeau Demo Retail', exact: true }).click();
    await expect(page).toHaveURL(/\/payment-mode\/[0-9a-f-]+\/edit$/);
    await page.getByText('Pourcentage', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Valeur/ }).fill('0');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('La valeur ne peut pas être 0.').first()).toBeVisible();
    await page.getByRole('textbox', { name: /^Valeur/ }).fill('12');
    await page.getByRole('textbox', { name: /^Plafond/ }).fill('30');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page).toHaveURL(/\/payment-modes\?alert=/);
    const row = page.getByRole('row').filter({ hasText: 'Carte cadeau Demo Retail' });
    await expect(row).toContainText('+12 %');
    await expect(row).toContainText('30,00');
  });

  test('transfer-order terms are saved with listed variables, and an unknown variable is refused', async ({
    page,
  }) => {
    await login(page, 'root_management_unit_manager@demo.test', '/settings/transfer-order');
    const terms = page.getByRole('textbox', { name: /^Conditions/ });
    await expect(terms).toHaveValue(/customer_firstname/);
    await terms.fill('Je soussigné ');
    await page.getByRole('button', { name: /^Insérer Prénom du client/ }).click();
    await terms.press('End');
    await terms.pressSequentially(' cède le produit ');
    await page.getByRole('button', { name: /^Insérer Produit/ }).click();
    await expect(terms).toHaveValue('Je soussigné {{customer_firstname}} cède le produit {{product_label}}');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Les conditions ont été enregistrées.')).toBeVisible();

    await terms.fill('Payé sur le compte {{iban}} de {{customer_lastname}}');
    await expect(page.getByRole('alert').filter({ hasText: 'Variables refusées' })).toContainText('{{iban}}');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce texte utilise une variable inconnue.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Conditions/ })).toHaveValue(
      'Je soussigné {{customer_firstname}} cède le produit {{product_label}}',
    );
  });

  test('configuration entries show only with their permissions', async ({ page }) => {
    await login(page, 'root_management_unit_analyst@demo.test');
    await expect(page.getByRole('link', { name: 'Circuits' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modes de paiement' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Bon de cession/ })).toHaveCount(0);
    await page.goto('/payment-modes');
    await expect(page).toHaveURL(/\/home$/);
  });
});
