import { axeFindings } from './axe';
import { expect, login, openProfileMenu, test } from './fixtures';

test.describe('dashboard shell', () => {
  test('a user holding two modules switches from the brand module to the warehouse one', async ({ page }) => {
    await login(page, 'multi@demo.test');
    const currentModule = page.getByTestId('current-module');
    await expect(currentModule).toContainText('Enseigne');
    await expect(currentModule).toContainText('Responsable de magasin');

    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: /Entrepôt et atelier/ }).click();

    await expect(currentModule).toContainText('Entrepôt et atelier');
    await expect(currentModule).toContainText("Responsable d'entrepôt");
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a session revoked elsewhere opens the session-expired modal, whose button leads to sign-in', async ({
    page,
    baseURL,
  }) => {
    // the home page's weekly statistics load once it shows: revoked before they answer, theirs would be the 401
    const statistics = page.waitForResponse((response) => response.url().includes('/api/dashboard-data'));
    await login(page, 'store_manager@demo.test');
    await statistics;
    // Revoke the session outside the app (same cookie, as another tab would).
    const logout = await page.request.post('/api/logout', { headers: { Origin: baseURL! } });
    expect(logout.status()).toBe(204);

    // The next API call of the app gets a 401 (a wrong current password keeps this harmless).
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Changer de mot de passe' }).click();
    await page.getByLabel(/^Mot de passe actuel/).fill('Wrong-Password-1');
    await page.getByLabel(/^Nouveau mot de passe/).fill('Another-Pass-2026');
    await page.getByLabel(/^Confirmer le mot de passe/).fill('Another-Pass-2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();

    const modal = page.getByRole('dialog', { name: 'Session expirée' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Se reconnecter' }).click();
    await expect(page).toHaveURL(/\/login(\?redirect=.*)?$/);
    await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
  });

  test('choosing English in the profile panel changes the labels and is remembered', async ({ page }) => {
    await login(page, 'store_seller@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();

    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('a list route shows the banner of its alert parameter until it is dismissed; the footer leads to the cookies policy', async ({
    page,
  }) => {
    await login(page, 'store_seller@demo.test');
    const alert = JSON.stringify({ type: 'success', message: 'designSystem:alerts.success' });
    await page.goto(`/home?alert=${encodeURIComponent(alert)}`);
    const banner = page.getByRole('status').filter({ hasText: "L'élément a été enregistré." });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Fermer le message' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);

    // the footer leads to the back office's cookies policy, which names its session cookie
    await page.getByRole('link', { name: 'Politique de cookies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de cookies' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'reprise_session' })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('at 360 px the menu opens from the burger and header actions fold into "Actions"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, 'store_seller@demo.test', '/design-system');

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await menu.getByRole('link', { name: 'Accueil' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(menu).toBeHidden();

    await page.goto('/design-system');
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Afficher une erreur' }).click();
    await expect(page.getByRole('dialog', { name: 'Erreur' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });
});

test('the sign-in, home, design-system and error screens pass the automated accessibility checks', async ({
  page,
}) => {
  test.setTimeout(120_000); // axe takes several seconds per screen on a small machine
  for (const [path, heading] of [
    ['/login', 'Connexion'],
    ['/lostPassword', 'Mot de passe oublié'],
    ['/404', 'Page introuvable'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await axeFindings(page), path).toEqual([]);
  }
  await login(page, 'root_management_unit_manager@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Accueil' })).toBeVisible();
  expect(await axeFindings(page), '/home').toEqual([]);
  await page.goto('/design-system');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await axeFindings(page), '/design-system').toEqual([]);
});
