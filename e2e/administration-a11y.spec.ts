import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/** axe-core's WCAG findings on the current page, short enough to read in a failure. */
async function accessibilityViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await accessibilityViolations(page), path).toEqual([]);
  }

  // A form showing its errors: the summary and the invalid fields.
  await page.goto('/entity/create');
  await page.getByRole('button', { name: "Créer l'entité" }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Veuillez corriger les champs suivants' }),
  ).toBeVisible();
  expect(await accessibilityViolations(page), '/entity/create with errors').toEqual([]);
});
