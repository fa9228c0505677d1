import { crc32, deflateSync } from 'node:zlib';
import { expect, login, test } from './fixtures';

/** A real PNG (the server checks the content), one flat colour. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('design', () => {
  test('a root manager changes the main colour and uploads a logo that shows in the top bar', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, 'root_management_unit_manager@demo.test', '/design');
    await expect(page.getByRole('heading', { level: 1, name: 'Design' })).toBeVisible();

    // The colour applies to the whole app at once, and stays after saving and reloading.
    const sample = page.getByRole('button', { name: 'Bouton', includeHidden: true });
    await page.getByRole('textbox', { name: 'Code couleur' }).fill('#7048e8');
    await expect(sample).toHaveCSS('background-color', 'rgb(112, 72, 232)');
    await page.getByRole('button', { name: 'Enregistrer la couleur' }).click();
    await expect(page.getByText('La couleur principale a été enregistrée.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Code couleur' })).toHaveValue('#7048e8');
    await expect(sample).toHaveCSS('background-color', 'rgb(112, 72, 232)');

    // A file of another type is refused before sending.
    const logoCard = page.getByRole('region', { name: 'Logo', exact: true });
    let chooser = page.waitForEvent('filechooser');
    await logoCard.getByRole('button', { name: 'Choisir un logo' }).click();
    await (await chooser).setFiles({
      name: 'logo.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(logoCard.getByRole('alert')).toHaveText('Choisissez une image JPG ou PNG.');

    chooser = page.waitForEvent('filechooser');
    await logoCard.getByRole('button', { name: 'Choisir un logo' }).click();
    await (await chooser).setFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: png(250, 50, [112, 72, 232]),
    });
    await expect(logoCard.getByRole('img', { name: 'Aperçu du nouveau logo' })).toBeVisible();
    await logoCard.getByRole('button', { name: 'Enregistrer le logo' }).click();
    await expect(page.getByText('Le logo a été enregistré.')).toBeVisible();

    const topBarLogo = page.getByRole('banner').locator('img');
    await expect(topBarLogo).toHaveAttribute('src', /\/api\/accounts\/[^/]+\/logo\?v=/);
    await expect.poll(() => topBarLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(250);

    // Back to the product's look: default colour, no logo (the top bar shows the product name again).
    await page.getByRole('button', { name: 'Couleur par défaut' }).click();
    await expect(page.getByRole('textbox', { name: 'Code couleur' })).toHaveValue('#2ed678');
    await page.getByRole('button', { name: 'Enregistrer la couleur' }).click();
    await expect(sample).toHaveCSS('background-color', 'rgb(46, 214, 120)');
    await logoCard.getByRole('button', { name: 'Supprimer le logo' }).click();
    await logoCard.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Le logo a été supprimé.')).toBeVisible();
    await expect(topBarLogo).toHaveCount(0);
  });
});
