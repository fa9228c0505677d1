import { expect, login, pickOption, test } from './fixtures';

test.describe('entities', () => {
  test('a root manager creates a store under a management unit, after fixing its external id', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `Demo Retail Lyon ${Date.now()}`;
    await login(page, 'root_management_unit_manager@demo.test', '/entities');
    await page.getByRole('link', { name: 'Créer une entité' }).click();
    await expect(page).toHaveURL(/\/entity\/create$/);

    await pickOption(
      page.getByRole('textbox', { name: /^Type/ }),
      page.getByRole('option', { name: 'Magasin' }),
    );
    await page.getByRole('textbox', { name: /^Nom usuel/ }).fill(name);
    await pickOption(
      page.getByRole('textbox', { name: /^Entité parente/ }),
      page.getByRole('option', { name: 'Direction France' }),
    );
    await page.getByRole('textbox', { name: /^Adresse/ }).fill('12 Rue de la République');
    await page.getByRole('textbox', { name: /^Code postal/ }).fill('69002');
    await page.getByRole('textbox', { name: /^Ville/ }).fill('Lyon');
    await page.getByRole('textbox', { name: /^Pays/ }).fill('France');
    await page.getByRole('option', { name: 'France', exact: true }).click();

    // Longer than 45 characters: refused before sending.
    const externalId = page.getByRole('textbox', { name: /^Identifiant externe/ });
    await externalId.fill('X'.repeat(46));
    await page.getByRole('button', { name: "Créer l'entité" }).click();
    await expect(externalId).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Cette valeur est trop longue.').first()).toBeVisible();

    // Already used by another store: refused by the server, shown on the same field.
    await externalId.fill('DR-LIL-01');
    await page.getByRole('button', { name: "Créer l'entité" }).click();
    await expect(page.getByText('Cet identifiant externe est déjà utilisé.').first()).toBeVisible();
    await expect(externalId).toHaveAttribute('aria-invalid', 'true');

    await externalId.fill(`DR-LYS-${Date.now()}`);
    await page.getByRole('button', { name: "Créer l'entité" }).click();
    await expect(page).toHaveURL(/\/entities\?alert=/);
    await expect(page.getByRole('status').filter({ hasText: "L'entité a été créée." })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Magasin');
    await expect(row).toContainText('Direction France');
    await expect(row).toContainText('Lyon');

    // The tree shows it under its management unit.
    await page.getByText('Arborescence', { exact: true }).click();
    const tree = page.getByRole('list', { name: 'Arborescence des entités' });
    await expect(
      tree.getByRole('listitem').filter({ hasText: 'Direction France' }).getByText(name),
    ).toBeVisible();
  });
});
