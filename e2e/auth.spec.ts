import {
  expect,
  fillLogin,
  linkIn,
  login,
  openProfileMenu,
  readLatestMail,
  signInWithForm,
  test,
} from './fixtures';

test.describe('signing in and out', () => {
  test('a store manager sees only the menu entries their permissions allow, then signs out', async ({
    page,
  }) => {
    await signInWithForm(page, 'store_manager@demo.test');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Utilisateurs' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Entités' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Design' })).toHaveCount(0);

    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the error and keeps the user on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'store_seller@demo.test', 'Not-the-password-1');
    await expect(page.getByTestId('login-error')).toHaveText('E-mail ou mot de passe incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visitor signs in, then lands on the page they asked for', async ({ page }) => {
    await page.goto('/design-system?page=2');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdesign-system%3Fpage%3D2$/);
    await fillLogin(page, 'store_seller@demo.test', 'Reprise-Demo-2026');
    await expect(page).toHaveURL(/\/design-system\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Système de design' })).toBeVisible();
  });
});

test('another user signed in from another tab: the page shows them, not the one the browser remembered', async ({
  page,
  context,
}) => {
  await signInWithForm(page, 'warehouse_manager@demo.test');
  // a second tab of the same browser signs in as a platform admin, whose modules are not the
  // warehouse manager's: the first tab's remembered module is refused, the session's own is used
  // (its login screen would lead home, a session being open: the sign-in is the screen's request)
  const other = await context.newPage();
  await login(other, 'admin@demo.test');
  await other.close();
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Other Retail' })).toBeVisible();
});

test.describe('lost password', () => {
  const email = 'management_unit_analyst@demo.test';
  const newPassword = 'Nouveau-Passe-2026';

  test('a reset link from the mail sets a new password that signs in', async ({ page }) => {
    const since = Date.now();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/lostPassword$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByTestId('lost-password-sent')).toContainText('Si un compte existe');

    const resetPath = linkIn(await readLatestMail(email, { since }), /\/renew\/[^\s"'<>]+/);
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
    await page.getByLabel(/^Nouveau mot de passe/).fill(newPassword);
    await page.getByLabel(/^Confirmer le mot de passe/).fill('Something-Else-1');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    await page.getByLabel(/^Confirmer le mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();

    await expect(page).toHaveURL(/\/new\/password$/);
    await expect(page.getByRole('heading', { name: 'Mot de passe modifié' })).toBeVisible();
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, email, newPassword);
    await expect(page).toHaveURL(/\/home$/);

    // A used link cannot be used again.
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Lien invalide ou expiré' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/lostPassword',
    );
  });
});
