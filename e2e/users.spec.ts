import { expect, fillLogin, linkIn, login, readLatestMail, test } from './fixtures';

test.describe('users', () => {
  // The platform account speaks English: the admin's screens are in English.
  test('an admin creates a store seller, whose invitation link sets the password that signs in', async ({
    page,
  }) => {
    // five screens, each its first visit, and a mail read in between: on a loaded 2-core run 30 s is short
    test.setTimeout(60_000);
    const email = `lucie.vendeuse.${Date.now()}@demo.test`;
    const password = 'Vendeuse-Lille-2026';
    const since = Date.now();

    await login(page, 'admin@demo.test', '/users');
    await page.getByRole('link', { name: 'Create a user' }).click();
    await expect(page).toHaveURL(/\/user\/create$/);

    await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Lucie');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Vendeuse');

    const row = page.getByRole('group', { name: 'Module 1', exact: true });
    await row.getByRole('textbox', { name: /^Module/ }).click();
    await page.getByRole('option', { name: 'Retail brand' }).click();
    await row.getByRole('textbox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Sales assistant', exact: true }).click();
    await row.getByRole('textbox', { name: /^Parent entity/ }).fill('Lille');
    await page.getByRole('option', { name: /Demo Retail Lille Rue Neuve/ }).click();

    await page.getByRole('button', { name: 'Create the user' }).click();
    await expect(page).toHaveURL(/\/users\?alert=/);
    await expect(page.getByRole('status').filter({ hasText: 'The user has been created' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    const listed = page.getByRole('row').filter({ hasText: email });
    await expect(listed).toContainText('Lucie Vendeuse');
    await expect(listed).toContainText('Sales assistant · Demo Retail Lille Rue Neuve');

    // The new user chooses a password from the invitation mail, then signs in with it.
    const invitation = linkIn(await readLatestMail(email, { since }), /\/renew\/[^\s"'<>]+/);
    await page.context().clearCookies();
    await page.goto(invitation);
    const newPassword = page.locator('input[autocomplete="new-password"]');
    await expect(newPassword).toHaveCount(2);
    for (const input of await newPassword.all()) await input.fill(password);
    await page.locator('form button[type="submit"]').click();
    // the new password is hashed (argon2id) before the answer: slow on a loaded 2-core run
    await expect(page).toHaveURL(/\/new\/password$/, { timeout: 30_000 });

    await page.goto('/login');
    await fillLogin(page, email, password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('current-module')).toContainText('Vendeur');
  });

  test('the user form shows what is missing before anything is sent', async ({ page }) => {
    await login(page, 'root_management_unit_manager@demo.test', '/user/create');
    await page.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-e-mail');
    await page.getByRole('button', { name: "Créer l'utilisateur" }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: 'Veuillez corriger les champs suivants' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    const row = page.getByRole('group', { name: 'Module 1', exact: true });
    // The only module this manager may grant is chosen already; the role is still required.
    await expect(row.getByRole('textbox', { name: /^Module/ })).toHaveValue('Enseigne');
    await expect(row.getByRole('textbox', { name: /^Rôle/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/user\/create$/);
  });
});
