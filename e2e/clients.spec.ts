import { signIn } from './api-calls';
import { axeFindings } from './axe';
import { expect, login, networkQuiet, openInApp, test, translations, useLanguage } from './fixtures';

/**
 * The clients administration (docs/clients.md): a platform admin creates a client, enables a
 * premium feature in its tabs, is refused the deletion of the active account (the translated
 * still_active), deactivates it and deletes it; links and removes a linked buyer; creates a user
 * of a client; a super admin creates a platform admin.
 */

useLanguage('en-GB');

const text = translations('clients', 'en-GB');
const settings = translations('generalSettings', 'en-GB');
const LOADED = { timeout: 30_000 };
/** The platform's own root organisation (apps/server/src/seed/demo-ids.ts). */
const PLATFORM_NAME = 'Reprise Platform';
/** Demo Retail's account (apps/server/src/seed/demo-ids.ts). */
const DEMO_RETAIL = '00000000-0000-4000-8000-000000000200';

test('a platform admin creates a client, enables a premium feature, and deletes it once inactive', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Client E2E ${Date.now()}`;
  await login(page, 'admin@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Demo Buyer' })).toBeVisible(LOADED);

  await page.getByRole('link', { name: text.actions.create }).first().click();
  await expect(page).toHaveURL(/\/client\/create$/);
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.corporateName}`) }).fill(`${name} SAS`);
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.commonName}`) }).fill(name);
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.street}`) }).fill('12 Rue de la Reprise');
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.zip}`) }).fill('69001');
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.city}`) }).fill('Lyon');
  await page.getByRole('button', { name: text.create.submit }).click();

  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/edit/, LOADED);
  await expect(page.getByRole('status').filter({ hasText: text.alert.created })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText(`${name} (${text.kind.retailer})`)).toBeVisible();

  // premium features: SFTP access, saved and read back after a reload
  await page.getByRole('tab', { name: text.tabs.premium }).click();
  const sftp = page.getByRole('checkbox', { name: text.premium.feature.sftp_access });
  await expect(sftp).not.toBeChecked(LOADED);
  await sftp.check();
  await page.getByRole('button', { name: text.tabs.save }).click();
  await expect(page.getByText(text.premium.saved)).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: text.tabs.premium }).click();
  await expect(page.getByRole('checkbox', { name: text.premium.feature.sftp_access })).toBeChecked(LOADED);

  // the active account cannot be deleted: the modal says why, translated
  await page.getByRole('button', { name: text.tools.delete }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: text.deletion.confirm }).click();
  await expect(modal.getByRole('alert')).toContainText(text.deletion.error.still_active);
  await modal.getByRole('button', { name: text.deletion.cancel }).click();

  // deactivated in the general tab, then deleted
  await page.getByRole('tab', { name: text.tabs.general }).click();
  await page.getByRole('textbox', { name: new RegExp(`^${text.form.status}`) }).click();
  await page.getByRole('option', { name: 'Inactive', exact: true }).click();
  await page.getByRole('button', { name: text.tabs.save }).click();
  await expect(page.getByText(text.alert.updated)).toBeVisible();
  await page.getByRole('button', { name: text.tools.delete }).click();
  await page.getByRole('dialog').getByRole('button', { name: text.deletion.confirm }).click();
  await expect(page).toHaveURL(/\/clients(\?|$)/, LOADED);
  await expect(page.getByRole('status').filter({ hasText: text.alert.deleted })).toBeVisible();

  const admin = await signIn(request, 'admin@demo.test');
  const left = await request.get(`/api/accounts?search=${encodeURIComponent(name)}`, { headers: admin });
  expect((await left.json()).member).toEqual([]);
});

test('a platform admin links and removes a buyer; a buyer categories still name stays, and they are named', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await signIn(request, 'admin@demo.test');
  const buyerName = `Linked Buyer ${Date.now()}`;
  const created = await request.post('/api/accounts', {
    headers: admin,
    data: {
      kind: 'buyer',
      corporateName: `${buyerName} SAS`,
      commonName: buyerName,
      address: { street: '2 Quai du Test', zip: '59000', city: 'Lille', country: 'FR' },
      modules: ['lcm'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // the beta address of the edit screen: Demo Retail by its account id
  await login(page, 'admin@demo.test', `/beta/account/${DEMO_RETAIL}/edit`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Demo Retail', LOADED);
  await page.getByRole('tab', { name: text.tabs.linkedBuyers }).click();
  const table = page.getByRole('table', {
    name: text.linkedBuyers.caption.replace('{{name}}', 'Demo Retail'),
  });
  await expect(table.getByRole('row').filter({ hasText: 'Demo Buyer' })).toContainText(
    'Atelier Roubaix',
    LOADED,
  );

  // Demo Buyer stays: the refusal lists the categories that still name it
  await page
    .getByRole('button', { name: text.linkedBuyers.removeOf.replace('{{name}}', 'Demo Buyer') })
    .click();
  const refusal = page.getByRole('alert').filter({ hasText: text.linkedBuyers.refused });
  await expect(refusal.getByRole('link', { name: 'Smartphones', exact: true })).toBeVisible(LOADED);
  await expect(table.getByRole('row').filter({ hasText: 'Demo Buyer' })).toBeVisible();

  // a new buyer is linked, then removed, on the linked buyers' own screen
  await openInApp(page, `/account/${DEMO_RETAIL}/linked-buyers`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text.tabs.linkedBuyers, LOADED);
  await page.getByRole('textbox', { name: text.linkedBuyers.add }).fill(buyerName);
  await page.getByRole('option', { name: buyerName }).click();
  await page.getByRole('button', { name: text.linkedBuyers.link, exact: true }).click();
  await expect(page.getByText(text.linkedBuyers.added)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: buyerName })).toBeVisible();
  await page.getByRole('button', { name: text.linkedBuyers.removeOf.replace('{{name}}', buyerName) }).click();
  await expect(page.getByRole('row').filter({ hasText: buyerName })).toHaveCount(0);
  const linked = await request.get(`/api/account/${DEMO_RETAIL}/linked-buyers`, { headers: admin });
  expect((await linked.json()).buyers.map((b: { name: string }) => b.name)).toEqual(['Demo Buyer']);
});

test('a platform admin creates a user of a chosen client', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await signIn(request, 'admin@demo.test');
  const clientName = `Users Client ${Date.now()}`;
  const created = await request.post('/api/accounts', {
    headers: admin,
    data: {
      kind: 'buyer',
      corporateName: `${clientName} SAS`,
      commonName: clientName,
      address: { street: '1 Quai du Test', zip: '59000', city: 'Lille', country: 'FR' },
      modules: ['lcm', 'rps'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const client = await created.json();

  await login(page, 'admin@demo.test', `/userClient/create?accountId=${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: text.users.clientCreate })).toBeVisible(LOADED);
  await expect(page.getByTestId('user-client-choice')).toHaveValue(
    `${clientName} · ${text.kind.buyer}`,
    LOADED,
  );
  const email = `client.user.${Date.now()}@demo.test`;
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('textbox', { name: /^First name/ }).fill('Bea');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Buyer');
  const row = page.getByRole('group', { name: 'Module 1', exact: true });
  await row.getByRole('textbox', { name: /^Module/ }).click();
  await page.getByRole('option', { name: 'Buyer', exact: true }).click();
  await row.getByRole('textbox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Buyer manager', exact: true }).click();
  await row.getByRole('textbox', { name: /^Parent entity/ }).click();
  // the parent entities offered are this client's only
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  await page.getByRole('button', { name: 'Create the user' }).click();

  await expect(page).toHaveURL(/\/userClient\/[0-9a-f-]{36}\/edit/, LOADED);
  await expect(page.getByText(`${clientName} (${text.kind.buyer})`)).toBeVisible(LOADED);
  const users = await request.get(`/api/users?search=${encodeURIComponent(email)}`, { headers: admin });
  expect((await users.json()).member[0]).toMatchObject({ email, accountId: client.id });

  // the operator changes this client's general settings from its edit screen, not its own
  await openInApp(page, `/client/${client.rootOrganizationId}/edit`);
  await page.getByRole('link', { name: text.tools.generalSettings }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/lcm/general\\?accountId=${client.id}$`));
  await expect(page.getByRole('note').filter({ hasText: clientName })).toBeVisible(LOADED);
  await page.getByRole('radio', { name: settings.checkin.disabled }).check();
  await page.getByRole('button', { name: settings.save }).click();
  await expect(page.getByText(settings.saved)).toBeVisible();
  const detail = await request.get(`/api/accounts/${client.id}/organization-root-detail`, { headers: admin });
  expect((await detail.json()).warehouseCheckinRequirement).toBe('disabled');
});

test('a super admin creates a platform admin; an admin has no such entry', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'admin@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients', exact: true })).toBeVisible(
    LOADED,
  );
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'New platform administrator' }),
  ).toHaveCount(0);

  // the list of platform administrators: the platform's own users only
  await page.getByRole('navigation').getByRole('link', { name: 'Platform administrators' }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.admins.title })).toBeVisible(LOADED);
  const admins = page.getByRole('table', { name: text.admins.caption });
  await expect(admins.getByRole('row').filter({ hasText: 'super_admin@demo.test' })).toBeVisible(LOADED);
  await expect(
    admins.getByRole('row').filter({ hasText: 'root_management_unit_manager@demo.test' }),
  ).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'super_admin@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: 'New platform administrator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.users.adminCreate })).toBeVisible(LOADED);
  const email = `platform.admin.${Date.now()}@demo.test`;
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('textbox', { name: /^First name/ }).fill('Pat');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Form');
  const row = page.getByRole('group', { name: 'Module 1', exact: true });
  await row.getByRole('textbox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Platform administrator', exact: true }).click();
  await row.getByRole('textbox', { name: /^Parent entity/ }).click();
  await page.getByRole('option', { name: PLATFORM_NAME }).click();
  await page.getByRole('button', { name: 'Create the user' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/[0-9a-f-]{36}\/edit/, LOADED);
  await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(email);
});

test('the clients screens pass the automated accessibility checks', async ({ page }) => {
  test.setTimeout(180_000); // axe takes several seconds per screen on a small machine
  await login(page, 'admin@demo.test');
  // Demo Retail's root organisation (apps/server/src/seed/demo-ids.ts)
  const edit = '/client/00000000-0000-4000-8000-000000000201/edit';
  for (const [url, heading] of [
    ['/clients', text.title],
    ['/client/create', text.create.title],
    [edit, 'Demo Retail'],
    ['/userClient/create', text.users.clientCreate],
  ] as const) {
    // reached by the app's router, as its menu does: one load of the app for the walk
    await openInApp(page, url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading, LOADED);
    await networkQuiet(page);
    expect(await axeFindings(page), url).toEqual([]);
  }
});
