import { axeFindings } from './axe';
import { expect, login, networkQuiet, openInApp, test } from './fixtures';

test('the users, entities and design screens pass the automated accessibility checks', async ({ page }) => {
  test.setTimeout(180_000); // axe takes several seconds per screen on a small machine
  await login(page, 'root_management_unit_manager@demo.test');
  for (const [path, heading] of [
    ['/users', 'Utilisateurs'],
    ['/user/create', 'Nouvel utilisateur'],
    ['/entities', 'Entités'],
    ['/entities?view=tree', 'Entités'],
    ['/entity/create', 'Nouvelle entité'],
    ['/design', 'Design'],
  ] as const) {
    // reached by the app's router, as its menu does: one load of the app for the walk
    await openInApp(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await networkQuiet(page);
    expect(await axeFindings(page), path).toEqual([]);
  }

  // A form showing its errors: the summary and the invalid fields.
  await page.goto('/entity/create');
  await page.getByRole('button', { name: "Créer l'entité" }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Veuillez corriger les champs suivants' }),
  ).toBeVisible();
  expect(await axeFindings(page), '/entity/create with errors').toEqual([]);
});
