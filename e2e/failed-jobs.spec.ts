import type { APIRequestContext } from '@playwright/test';
import { signIn } from './api-calls';
import { axeFindings } from './axe';
import { expect, login, test } from './fixtures';

const STORE_PARIS = '00000000-0000-4000-8000-000000000204';

interface FailedJob {
  id: string;
  data: Record<string, string>;
}

async function failedMailsTo(request: APIRequestContext, headers: Record<string, string>, to: string) {
  const res = await request.get('/api/jobs/failed?queue=mail&itemsPerPage=100', { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()).member as FailedJob[]).filter((job) => job.data.to === to);
}

// The platform account speaks English: the admin's screens are in English.
test('a platform admin sees a mail that failed for good, with its error, and retries it', async ({
  page,
  request,
}) => {
  // A user invited at an address of the reserved .invalid domain: the invitation can never be
  // delivered, so its mail job fails for good at once (platform/mail.ts), without an hour of retries.
  const email = `nadia.injoignable.${Date.now()}@demo.invalid`;
  const admin = await signIn(request, 'admin@demo.test');
  const created = await request.post('/api/users', {
    headers: admin,
    data: {
      email,
      firstname: 'Nadia',
      lastname: 'Injoignable',
      modules: [{ moduleType: 'tim', userType: 'store_seller', organizationId: STORE_PARIS }],
    },
  });
  expect(created.status()).toBe(201);
  await expect.poll(async () => (await failedMailsTo(request, admin, email)).length).toBe(1);
  const [failed] = await failedMailsTo(request, admin, email);

  await login(page, 'admin@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: 'Failed jobs' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('E-mail');
  await expect(row).toContainText('the domain .invalid never exists');
  // the mail's subject shows, never its body with the invitation link
  await expect(row).not.toContainText('/renew/');
  expect(await axeFindings(page)).toEqual([]);

  await row.getByRole('button', { name: 'Retry', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this job?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Retry the job' }).click();
  await expect(page.getByText('The job runs again.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // It ran again: its cause is not mended, so it failed again, a new failed job in place of the first.
  await expect
    .poll(async () => (await failedMailsTo(request, admin, email)).map((job) => job.id !== failed?.id))
    .toEqual([true]);

  // Another queue has no failed job: the screen says so.
  await page.getByRole('textbox', { name: 'Queue' }).click();
  await page.getByRole('option', { name: 'Password reset request' }).click();
  await expect(
    page.getByText('No failed job: every background job has run, or is still being retried.'),
  ).toBeVisible();
});

test('the failed jobs are a platform admin screen only', async ({ page }) => {
  await login(page, 'root_management_unit_manager@demo.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Tâches en échec' })).toHaveCount(0);
  const res = await page.request.get('/api/jobs/failed');
  expect(res.status()).toBe(403);
});

interface ClientErrorGroup {
  message: string;
  route: string;
  count: number;
}

async function clientErrorGroups(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/client-errors?itemsPerPage=100', { headers });
  expect(res.status()).toBe(200);
  return (await res.json()).member as ClientErrorGroup[];
}

test('a browser reports its uncaught errors, not its network failures; a platform admin sees them grouped', async ({
  page,
  request,
}) => {
  const marker = `e2e-boom-${Date.now()}`;
  await login(page, 'store_seller@demo.test');
  await page.evaluate((m) => {
    // neither is reported: a fetch that failed, a request aborted
    void Promise.reject(new TypeError('Failed to fetch'));
    void Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    void Promise.reject(new RangeError(`${m} rejected`));
    setTimeout(() => {
      throw new Error(`${m} thrown`);
    }, 0);
  }, marker);
  const admin = await signIn(request, 'admin@demo.test');
  const ours = async () =>
    (await clientErrorGroups(request, admin))
      .filter((g) => g.message.includes(marker))
      .map((g) => `${g.message} ${g.route} ${g.count}`)
      .sort();
  await expect
    .poll(ours)
    .toEqual([`Error: ${marker} thrown /home 1`, `RangeError: ${marker} rejected /home 1`]);
  const messages = (await clientErrorGroups(request, admin)).map((g) => g.message);
  expect(messages).not.toContain('TypeError: Failed to fetch');
  expect(messages).not.toContain('AbortError: The user aborted a request.');

  await login(page, 'admin@demo.test');
  await page.getByRole('navigation').getByRole('link', { name: 'Web app errors' }).click();
  await expect(page).toHaveURL(/\/admin\/client-errors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Web app errors' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Error: ${marker} thrown` });
  await expect(row).toContainText('/home');
  await expect(row).toContainText('Back office');
  expect(await axeFindings(page)).toEqual([]);
  await row.getByRole('button', { name: 'Show the latest stack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Latest report' });
  await expect(dialog.getByTestId('client-error-stack')).toContainText(`${marker} thrown`);
  await expect(dialog).toContainText('Uncaught error');
});
