import type { Page } from '@playwright/test';
import { call, signIn } from './api-calls';
import { expect, login, pickOption, test, useLanguage } from './fixtures';

/**
 * The refurbishment configuration: Demo Buyer's warehouse
 * manager writes a data-erasure service and a diagnosis question whose answer plans it, in the
 * browser; a service a question plans cannot be deleted until the question is. The account speaks
 * French.
 */

useLanguage('fr-FR');

/** Picks an option of a Mantine select or multi-select by its field's label. */
async function choose(page: Page, field: string | RegExp, option: string | RegExp) {
  await pickOption(
    page.getByRole('textbox', { name: field }).first(),
    page.getByRole('option', { name: option }).first(),
  );
  await page.keyboard.press('Escape');
}

/** Demo Buyer's Saint-Priest warehouse and its workshop stock (apps/server/src/seed/demo-ids.ts). */
const SAINT_PRIEST = '00000000-0000-4000-8000-000000000302';
const WORKSHOP_SAINT_PRIEST = '00000000-0000-4000-8000-000000000521';

const rowOf = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

test('a warehouse manager writes a data-erasure service and a question planning it; the service is deleted once the question is', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString().slice(-6);
  const service = `Effacement express ${suffix}`;
  const question = `Données présentes ${suffix}`;

  await login(page, 'warehouse_manager@demo.test', '/refurb-steps');
  await expect(page.getByRole('heading', { level: 1, name: 'Prestations' })).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, 'Nettoyage complet')).toBeVisible();
  await expect(
    rowOf(page, 'Effacement certifié des données').getByText('Effacement des données'),
  ).toBeVisible();

  // a data erasure without its method is refused, with the error on the field
  await page.getByRole('link', { name: 'Nouvelle prestation' }).first().click();
  await expect(page).toHaveURL(/\/refurb-step\/create$/);
  const name = page.getByRole('textbox', { name: 'Nom' });
  await expect(name).toBeFocused();
  await name.fill(service);
  await page.getByRole('textbox', { name: 'Description' }).fill('Effacement rapide avant revente.');
  await choose(page, 'Stock', 'Atelier réparation');
  await page.getByRole('radio', { name: 'Effacement des données' }).check();
  const method = page.getByRole('textbox', { name: "Méthode d'effacement" });
  await expect(method).toBeVisible();
  await page.getByRole('button', { name: 'Créer la prestation' }).click();
  await expect(
    page.getByText("Indiquez la méthode d'effacement mentionnée sur les certificats.").first(),
  ).toBeVisible();
  await expect(method).toBeFocused();
  await expect(page).toHaveURL(/\/refurb-step\/create$/);

  // fixed, with a cost at both warehouses
  await method.fill('NIST SP 800-88 Clear');
  await page.getByLabel(/Coût à Entrepôt Saint-Priest/).fill('2,50');
  await page.getByLabel(/Coût à Atelier Roubaix/).fill('3');
  await page.getByRole('button', { name: 'Créer la prestation' }).click();
  await expect(page).toHaveURL(/\/refurb-steps/);
  await expect(page.getByText('La prestation a été créée.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher une prestation' }).fill(service);
  const serviceRow = rowOf(page, service);
  await expect(serviceRow).toBeVisible();
  await expect(serviceRow.getByText('Effacement des données')).toBeVisible();
  await expect(serviceRow).toContainText(/Entrepôt Saint-Priest : 2,50\s€/);
  await expect(serviceRow).toContainText(/Atelier Roubaix : 3,00\s€/);
  await expect(serviceRow).toContainText('Atelier réparation');

  // a question with one answer is refused: it needs two
  await page.goto('/refurb-diagnosis-questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions de diagnostic' })).toBeVisible();
  await expect(rowOf(page, "État de l'écran")).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle question' }).first().click();
  await expect(page).toHaveURL(/\/refurb-diagnosis-questions\/create$/);
  await page.getByRole('textbox', { name: 'Libellé', exact: true }).fill(question);
  await page.getByRole('radio', { name: 'Réponses multiples' }).check();
  await page.getByRole('textbox', { name: 'Libellé de la réponse 1' }).fill('Aucune donnée');
  await page.getByRole('button', { name: 'Créer la question' }).click();
  await expect(page.getByText('Ajoutez au moins deux réponses.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/refurb-diagnosis-questions\/create$/);

  // a second answer planning the new service, and it is saved
  await page.getByRole('button', { name: 'Ajouter une réponse' }).click();
  await page.getByRole('textbox', { name: 'Libellé de la réponse 2' }).fill('Données à effacer');
  await choose(page, 'Prestations prévues (réponse 2)', service);
  await page.getByRole('button', { name: 'Créer la question' }).click();
  await expect(page).toHaveURL(/\/refurb-diagnosis-questions(\?.*)?$/);
  await expect(page.getByText('La question de diagnostic a été créée.')).toBeVisible();
  const questionRow = rowOf(page, question);
  await expect(questionRow).toContainText('Réponses multiples');
  await expect(questionRow).toContainText(`Données à effacer → ${service}`);
  await expect(questionRow).toContainText('Aucune donnée → aucune prestation');

  // the new question is last; moved up one place, the order is saved
  const labels = page.locator('tbody tr td:nth-child(2)');
  await expect(labels.last()).toHaveText(question);
  await questionRow.getByRole('button', { name: `Monter la question ${question}` }).click();
  await expect(labels.nth(-2)).toHaveText(question);
  await page.reload();
  await expect(labels.nth(-2)).toHaveText(question, { timeout: 30_000 });

  // the service a question plans cannot be deleted
  await page.goto(`/refurb-steps?search=${encodeURIComponent(service)}`);
  await rowOf(page, service)
    .getByRole('button', { name: `Supprimer la prestation ${service}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer la prestation' });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(
    dialog.getByText(
      'Cette prestation est liée à une question de diagnostic de reconditionnement : elle ne peut pas être supprimée.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, service)).toBeVisible();

  // the question deleted, the service goes
  await page.goto('/refurb-diagnosis-questions');
  await rowOf(page, question)
    .getByRole('button', { name: `Supprimer la question ${question}` })
    .click();
  const questionDialog = page.getByRole('dialog', { name: 'Supprimer la question de diagnostic' });
  await questionDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`La question « ${question} » a été supprimée.`)).toBeVisible();
  await expect(rowOf(page, question)).toHaveCount(0);

  await page.goto(`/refurb-steps?search=${encodeURIComponent(service)}`);
  await rowOf(page, service)
    .getByRole('button', { name: `Supprimer la prestation ${service}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Supprimer la prestation' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(page.getByText(`La prestation « ${service} » a été supprimée.`)).toBeVisible();
  await expect(rowOf(page, service)).toHaveCount(0);
  await expect(page.getByText('Aucune prestation ne correspond à cette recherche.')).toBeVisible();
});

test('a service is edited from its row; on a phone the form keeps its labels and saves', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const service = `Polissage ${Date.now().toString().slice(-6)}`;
  const manager = await signIn(request, 'warehouse_manager@demo.test');
  await call(request, manager, 'POST', '/api/refurb-steps', {
    name: service,
    stockId: WORKSHOP_SAINT_PRIEST,
    costs: [{ warehouseId: SAINT_PRIEST, costCents: 3000 }],
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'warehouse_manager@demo.test', `/refurb-steps?search=${encodeURIComponent(service)}`);
  await rowOf(page, service)
    .getByRole('link', { name: `Modifier la prestation ${service}` })
    .click();
  await expect(page).toHaveURL(/\/refurb-step\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Nom' })).toHaveValue(service);
  await expect(page.getByLabel(/Coût à Entrepôt Saint-Priest/)).toHaveValue('30');
  await page.getByRole('textbox', { name: 'Description' }).fill('Coque d’origine, couleur assortie.');
  await expect(page.getByText('34 / 255 caractères')).toBeVisible();
  await page.getByLabel(/Coût à Atelier Roubaix/).fill('12,5');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/refurb-steps/);
  await expect(page.getByText('La prestation a été enregistrée.')).toBeVisible();
  await page.goto(`/refurb-steps?search=${encodeURIComponent(service)}`);
  const row = rowOf(page, service);
  await expect(row).toContainText('Coque d’origine, couleur assortie.');
  await expect(row).toContainText(/Atelier Roubaix : 12,50\s€/);
});
