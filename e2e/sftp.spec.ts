import ssh2 from 'ssh2';
import { PRICE_COLUMNS } from './api-calls';
import { expect, login, test, translations, useLanguage } from './fixtures';

/**
 * SFTP access (issue 15; docs/imports.md, "SFTP access"): the root manager of Demo Retail (premium
 * feature sftp_access) activates the login and reads its password once; a real SFTP client (ssh2)
 * drops products-import.csv on the built-in server, and the page shows the import it started;
 * deactivated, the password is refused; reactivated, a new password is given.
 */

useLanguage('fr-FR');

const sftpText = translations('sftp');
const LOADED = { timeout: 30_000 };

/** Signs in to the built-in SFTP server and writes one file; rejects when the sign-in is refused. */
function dropFile(port: number, username: string, password: string, name: string, data: string) {
  return new Promise<void>((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) return reject(error);
          sftp.writeFile(name, data, (e) => {
            client.end();
            if (e) reject(e);
            else resolve();
          });
        }),
      )
      .on('error', reject)
      .connect({ host: '127.0.0.1', port, username, password, readyTimeout: 20_000 });
  });
}

function productsFile(run: string): string {
  const header = ['reference', 'name', 'brand', 'category_identifier', 'status', ...PRICE_COLUMNS].join(';');
  const line = (n: number) =>
    [
      `SFTP-${run}-${n}`,
      `Produit SFTP ${run} ${n}`,
      'Marque SFTP',
      'smartphones',
      'draft',
      '300.00',
      '270.00',
      '230.00',
      '180.00',
      '120.00',
      '40.00',
    ].join(';');
  return `${header}\r\n${line(1)}\r\n${line(2)}\r\n`;
}

test('the root manager activates the SFTP access; a file dropped by an SFTP client is imported; deactivated, the password is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = `${Date.now()}`;
  await login(page, 'root_management_unit_manager@demo.test', '/settings/sftp');
  await expect(page.getByRole('heading', { name: sftpText.access.title })).toBeVisible(LOADED);
  const port = Number(await page.getByTestId('sftp-port').textContent());
  expect(port).toBeGreaterThan(0);

  // activation: the password is shown once, in a modal
  await page
    .getByRole('button', {
      name: new RegExp(
        `^(${sftpText.access.activate}|${sftpText.access.reactivate}|${sftpText.access.renew})$`,
      ),
    })
    .click();
  const password =
    (await page.getByTestId('sftp-password').textContent({ timeout: LOADED.timeout }))?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  await page.getByRole('button', { name: sftpText.password.done }).click();
  await expect(page.getByTestId('sftp-password')).toBeHidden();
  const username = ((await page.getByTestId('sftp-username').textContent()) ?? '').trim();
  expect(username).toMatch(/^[a-z0-9-]{3,}$/);

  // a real SFTP client drops the file; the page follows the import it started until it ends
  await dropFile(port, username, password, 'products-import.csv', productsFile(run));
  const last = page.getByTestId('sftp-last-import');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('sftp-inserted')).toHaveText('2', { timeout: 3_000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByTestId('sftp-found')).toHaveText('2');
  await expect(last).toBeVisible();

  // deactivated: the same password is refused at once
  await page.getByRole('button', { name: sftpText.access.deactivate }).click();
  await page.getByRole('dialog').getByRole('button', { name: sftpText.deactivate.confirm }).click();
  await expect(page.getByRole('button', { name: sftpText.access.reactivate })).toBeVisible(LOADED);
  await expect(
    dropFile(port, username, password, 'products-import.csv', productsFile(`${run}-x`)),
  ).rejects.toThrow();

  // reactivated: a new password, the old one still refused
  await page.getByRole('button', { name: sftpText.access.reactivate }).click();
  const renewed =
    (await page.getByTestId('sftp-password').textContent({ timeout: LOADED.timeout }))?.trim() ?? '';
  expect(renewed).not.toBe(password);
  await page.getByRole('button', { name: sftpText.password.done }).click();
  await expect(
    dropFile(port, username, password, 'products-import.csv', productsFile(`${run}-y`)),
  ).rejects.toThrow();
});
