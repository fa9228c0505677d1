import { readFileSync } from 'node:fs';
import { signIn } from './api-calls';
import { axeFindings } from './axe';
import { expect, login, pickOption, test, translations, useLanguage } from './fixtures';

/**
 * The audit log viewer (docs/audit-log.md): a platform admin filters the entries by record type
 * and record, opens one in its side panel (the record before and after, the changed field
 * highlighted) and downloads the filtered entries as CSV; a retailer user has neither the screen
 * nor the API.
 */

useLanguage('en-GB');

const text = translations('auditLog', 'en-GB');
const STORE_PARIS = '00000000-0000-4000-8000-000000000204';
const LOADED = { timeout: 30_000 };

test('a platform admin filters the audit log by record type, opens an entry and downloads the CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A user created, then renamed: two entries of one record, the second with one changed field.
  const email = `audit.viewer.${Date.now()}@demo.test`;
  const admin = await signIn(request, 'admin@demo.test');
  const created = await request.post('/api/users', {
    headers: admin,
    data: {
      email,
      firstname: 'Aude',
      lastname: 'Journal',
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: STORE_PARIS }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = (await created.json()).id as string;
  const renamed = await request.patch(`/api/users/${userId}`, {
    headers: { ...admin, 'content-type': 'application/merge-patch+json' },
    data: { lastname: 'Journal-Audit' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await login(page, 'admin@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: text.title }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByTestId('audit-entry-open').first()).toBeVisible(LOADED);

  // the record type, then the record itself (other tests may create users meanwhile)
  await pickOption(
    page.getByRole('textbox', { name: text.filters.entityType }),
    page.getByRole('option', { name: text.entityTypes.user, exact: true }),
  );
  await expect(page).toHaveURL(/entityType=user/);
  const recordId = page.getByRole('searchbox', { name: text.filters.entityId });
  await recordId.fill(userId);
  await recordId.press('Enter');
  await expect(page).toHaveURL(new RegExp(`entityId=${userId}`));
  const rows = page.getByRole('row').filter({ has: page.getByTestId('audit-entry-open') });
  await expect(rows).toHaveCount(2, LOADED);
  // newest first: the rename, then the creation, both by the admin, in Demo Retail
  await expect(rows.nth(0)).toContainText(text.actions.update);
  await expect(rows.nth(1)).toContainText(text.actions.create);
  await expect(rows.nth(0)).toContainText('admin@demo.test');
  await expect(rows.nth(0)).toContainText('Demo Retail');
  await expect(rows.nth(0)).toContainText(text.entityTypes.user);

  expect(await axeFindings(page)).toEqual([]);

  // the rename's entry opens from the keyboard: its side panel shows the changed field
  await rows.nth(0).getByTestId('audit-entry-open').focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: text.panel.title });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('admin@demo.test');
  await expect(panel.getByTestId('audit-entry-entity-id')).toHaveText(userId);
  await expect(panel.getByTestId('audit-entry-changed-count')).toHaveText('1 field changed');
  const lastname = panel.getByTestId('audit-entry-field').filter({ hasText: 'lastname' });
  await expect(lastname).toHaveAttribute('data-change', 'changed');
  await expect(lastname).toContainText(text.panel.change.changed);
  await expect(lastname).toContainText('Journal');
  await expect(lastname).toContainText('Journal-Audit');
  await expect(panel.getByTestId('audit-entry-field').filter({ hasText: 'email' })).toHaveAttribute(
    'data-change',
    'same',
  );
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // the creation's entry opens with a click on its row: every field added
  await rows.nth(1).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('audit-entry-field').first()).toHaveAttribute('data-change', 'added');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // the CSV holds the entries of the filters, newest first
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: text.export.button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'at,account_id,account_name,actor_user_id,actor_name,actor_email,action,entity_type,entity_id,before,after',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,admin@demo.test,update,user,${userId},`);
  expect(lines[1]).toContain('Journal-Audit');
  expect(lines[2]).toContain(`,admin@demo.test,create,user,${userId},`);
  expect(lines[2]).toContain(email);
});

test('the audit log is a platform admin screen only', async ({ page }) => {
  await login(page, 'root_management_unit_manager@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: "Journal d'audit" })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: text.title })).toHaveCount(0);
  expect((await page.request.get('/api/audit-log')).status()).toBe(403);
  expect((await page.request.get('/api/audit-log/export')).status()).toBe(403);
});
