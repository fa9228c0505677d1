import { type OidcPeer, startOidcPeer } from '../apps/server/test/oidc-peer';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * Single sign-on (issue 16; docs/single-sign-on.md) against a real OpenID Connect provider
 * (oidc-provider on a loopback port, started here): Demo Retail's root manager configures it on
 * `/connectors/{organizationId}/SSO`; a user of the configured domain types their e-mail on the
 * login page, signs in at the provider, comes back through the callback and lands on /home,
 * created by the role mapping; `/open-id/logout` signs out here and at the provider, then login.
 */

useLanguage('fr-FR');

const ssoText = translations('sso');
const LOADED = { timeout: 30_000 };
const RETAIL_ROOT = '00000000-0000-4000-8000-000000000201';
const DOMAIN = 'sso-e2e.test';
const EMAIL = `camille@${DOMAIN}`;
const PASSWORD = 'Provider-Pass-1';
const SECRET = 'e2e-client-secret-0123456789abcdef';

let peer: OidcPeer;

test.beforeAll(async ({ baseURL }) => {
  peer = await startOidcPeer({
    clients: [
      {
        clientId: 'reprise-e2e',
        clientSecret: SECRET,
        redirectUris: [`${baseURL}/open-id/${RETAIL_ROOT}/callback`],
        postLogoutRedirectUris: [`${baseURL}/login`],
      },
    ],
    accounts: {
      [EMAIL]: { password: PASSWORD, givenName: 'Camille', familyName: 'Sso', roles: ['sellers'] },
    },
  });
});
test.afterAll(async () => {
  await peer?.close();
});

test('the root manager configures single sign-on; a user signs in through the provider and out again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await login(page, 'root_management_unit_manager@demo.test', `/connectors/${RETAIL_ROOT}/connectors`);
  await page.getByTestId('sso-link').click();
  await expect(page).toHaveURL(new RegExp(`/connectors/${RETAIL_ROOT}/SSO$`));
  await expect(page.getByTestId('sso-redirect-uri')).toHaveText(
    `${baseURL}/open-id/${RETAIL_ROOT}/callback`,
    LOADED,
  );

  await page.getByTestId('sso-domains').fill(DOMAIN);
  await page.getByTestId('sso-domains').press('Enter');
  await page.getByTestId('sso-endpoint').fill(peer.discoveryUrl);
  await page.getByTestId('sso-client-id').fill('reprise-e2e');
  await page.getByTestId('sso-client-secret').fill(SECRET);
  await page.getByRole('button', { name: ssoText.form.addRole }).click();
  const row = page.getByTestId('sso-role-row');
  await row.getByLabel(ssoText.form.claimValue).fill('sellers');
  await row.getByRole('textbox', { name: ssoText.form.organization }).click();
  await page.getByRole('option', { name: 'Demo Retail Paris Rivoli' }).click();
  await page.getByRole('button', { name: ssoText.form.save }).click();
  await expect(page.getByTestId('sso-secret-set')).toBeVisible(LOADED);
  await expect(page.getByTestId('sso-status')).toBeVisible();

  // a browser of the user: the e-mail alone leads to the provider
  const context = await browser.newContext({ locale: 'fr-FR' });
  const user = await context.newPage();
  await user.addInitScript(() => localStorage.setItem('reprise.language', 'fr-FR'));
  await user.goto('/login');
  await user.locator('input[autocomplete="username"]').fill(EMAIL);
  await user.locator('form button[type="submit"]').click();
  await expect(user).toHaveURL(new RegExp(`^${peer.issuer}/interaction/`), LOADED);
  await user.locator('input[name="email"]').fill(EMAIL);
  await user.locator('input[name="password"]').fill(PASSWORD);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await expect(user).toHaveURL(/\/home$/, LOADED);
  await expect(user.getByText('Camille', { exact: false }).first()).toBeVisible(LOADED);

  // signing out ends the provider's session too, then the login page
  await user.goto('/open-id/logout');
  await expect(user).toHaveURL(new RegExp(`^${peer.issuer}/session/end`), LOADED);
  await user.locator('button[name="logout"][value="yes"]').click();
  await expect(user).toHaveURL(/\/login$/, LOADED);
  await user.goto('/home');
  await expect(user).toHaveURL(/\/login/, LOADED);
  await context.close();
});
