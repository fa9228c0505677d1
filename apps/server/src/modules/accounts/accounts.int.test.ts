import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { multipartFile, PNG } from '../../../test/upload-kit';

const A = DEMO.accounts;

// tiny files of each kind, recognised by their content
const JPEG = Buffer.concat([
  Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00,
  ]),
  Buffer.from([0xff, 0xd9]),
]);
// an ICO header with one 1×1 entry pointing at the PNG
const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0]),
  Buffer.from([1, 1, 0, 0, 1, 0, 32, 0]),
  (() => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(PNG.length, 0);
    b.writeUInt32LE(22, 4);
    return b;
  })(),
  PNG,
]);
const TEXT = Buffer.from('this is not an image at all');
/** A PNG padded to `size` bytes: still a PNG by content. */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

let t: TestApp;
let filesDir: string;
const as: Record<string, string> = {};

function multipart(data: Buffer, filename: string, field = 'file') {
  return multipartFile(data, { filename, type: 'application/octet-stream', field });
}

const upload = (
  who: string,
  kind: 'logo' | 'favicon',
  data: Buffer,
  filename: string,
  account: string = A.demoRetail,
  field = 'file',
) => {
  const body = multipart(data, filename, field);
  return t.app.inject({
    method: 'PUT',
    url: `/api/accounts/${account}/${kind}`,
    headers: { authorization: as[who] as string, ...body.headers },
    payload: body.payload,
  });
};
const call = (who: string, method: 'GET' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: as[who] as string,
      ...(payload ? { 'content-type': 'application/merge-patch+json' } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
const storedFiles = (prefix: string) => {
  try {
    return readdirSync(`${filesDir}/${prefix}`);
  } catch {
    return [];
  }
};
const accountAudits = (id: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'account')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'reprise-account-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  const users = {
    admin: 'admin@demo.test',
    rmu: 'root_management_unit_manager@demo.test',
    storeManager: 'store_manager@demo.test',
    seller: 'store_seller@demo.test',
    otherRmu: 'root_management_unit_manager@other.test',
  };
  for (const [who, email] of Object.entries(users)) as[who] = (await t.login(email)).authorization;
});
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('reading an account', () => {
  it('any signed-in user of the account reads it', async () => {
    for (const who of ['rmu', 'seller']) {
      const res = await call(who, 'GET', `/api/accounts/${A.demoRetail}`);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toMatchObject({
        id: A.demoRetail,
        name: 'Demo Retail',
        mainColor: '#2ed678',
        logo: null,
        favicon: null,
        isRetailer: true,
      });
    }
  });

  it("another account's user gets 404; a platform operator reads any account", async () => {
    expect((await call('otherRmu', 'GET', `/api/accounts/${A.demoRetail}`)).json()).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await call('admin', 'GET', `/api/accounts/${A.otherRetail}`)).json().name).toBe('Other Retail');
  });
});

describe('design colour', () => {
  it('the account manager sets the main colour, with an audit row', async () => {
    const res = await call('rmu', 'PATCH', `/api/accounts/${A.demoRetail}/design`, { mainColor: '#1C7ED6' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mainColor).toBe('#1c7ed6');
    const audits = await accountAudits(A.demoRetail);
    expect(audits.at(-1)).toMatchObject({ action: 'update', account_id: A.demoRetail });
    expect(audits.at(-1)?.before).toMatchObject({ mainColor: '#2ed678' });
    expect(audits.at(-1)?.after).toMatchObject({ mainColor: '#1c7ed6' });
  });

  it('refuses a colour that is not #rrggbb', async () => {
    for (const mainColor of ['#12345', 'red', '#12345g', '', 12]) {
      const res = await call('rmu', 'PATCH', `/api/accounts/${A.demoRetail}/design`, { mainColor });
      expect(res.statusCode, String(mainColor)).toBe(422);
    }
  });

  it('needs the design permission, and reaches only the own account unless platform operator', async () => {
    expect(
      (await call('storeManager', 'PATCH', `/api/accounts/${A.demoRetail}/design`, { mainColor: '#000000' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('otherRmu', 'PATCH', `/api/accounts/${A.demoRetail}/design`, { mainColor: '#000000' }))
        .statusCode,
    ).toBe(404);
    const res = await call('admin', 'PATCH', `/api/accounts/${A.otherRetail}/design`, {
      mainColor: '#aa0000',
    });
    expect(res.json().mainColor).toBe('#aa0000');
  });
});

describe('logo', () => {
  it('accepts a PNG by its content whatever its name, and serves it publicly', async () => {
    const res = await upload('rmu', 'logo', PNG, 'logo.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const logo: string = res.json().logo;
    expect(logo).toMatch(new RegExp(`^/api/accounts/${A.demoRetail}/logo\\?v=[0-9a-f]{8}$`));

    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const unversioned = await t.app.inject({ method: 'GET', url: `/api/accounts/${A.demoRetail}/logo` });
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
    const etag = unversioned.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${A.demoRetail}/logo`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('accepts a JPEG', async () => {
    const res = await upload('rmu', 'logo', JPEG, 'logo.jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().logo });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file named .png, and an ICO', async () => {
    for (const [data, name] of [
      [TEXT, 'logo.png'],
      [ICO, 'logo.ico'],
    ] as const) {
      const res = await upload('rmu', 'logo', data, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'invalid_file',
        violations: [{ propertyPath: 'file', code: 'invalid_file' }],
      });
    }
  });

  it('accepts 250 kB and refuses one byte more with 413', async () => {
    expect((await upload('rmu', 'logo', pngOfSize(250 * 1024), 'big.png')).statusCode).toBe(200);
    const over = await upload('rmu', 'logo', pngOfSize(250 * 1024 + 1), 'big.png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'file_too_large',
      violations: [{ propertyPath: 'file', code: 'file_too_large' }],
    });
    const far = await upload('rmu', 'logo', pngOfSize(600 * 1024), 'huge.png');
    expect(far.statusCode).toBe(413);
    expect(far.json().code).toBe('file_too_large');
  });

  it('a replaced logo file is removed from storage; only the current one stays', async () => {
    await upload('rmu', 'logo', PNG, 'a.png');
    const res = await upload('rmu', 'logo', JPEG, 'b.jpg');
    const current = await t.db
      .selectFrom('accounts')
      .select('logo_key')
      .where('id', '=', A.demoRetail)
      .executeTakeFirstOrThrow();
    const demoFiles = storedFiles('logos');
    expect(demoFiles).toContain(current.logo_key?.split('/')[1]);
    expect(demoFiles).toHaveLength(1);
    expect(res.json().logo).toContain(current.logo_key?.slice(-12, -4));
  });

  it('a refused upload stores nothing and writes no audit row', async () => {
    const filesBefore = storedFiles('logos').length;
    const auditsBefore = (await accountAudits(A.demoRetail)).length;
    await upload('rmu', 'logo', TEXT, 'x.png');
    await upload('rmu', 'logo', PNG, 'x.png', A.otherRetail);
    expect(storedFiles('logos')).toHaveLength(filesBefore);
    expect(await accountAudits(A.demoRetail)).toHaveLength(auditsBefore);
  });

  it('answers 422 without a file, or with the file in another field', async () => {
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${A.demoRetail}/logo`,
      headers: { authorization: as.rmu as string, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(422);
    expect((await upload('rmu', 'logo', PNG, 'a.png', A.demoRetail, 'image')).statusCode).toBe(422);
  });

  it('needs the design permission; another account answers 404', async () => {
    expect((await upload('storeManager', 'logo', PNG, 'a.png')).statusCode).toBe(403);
    expect((await upload('otherRmu', 'logo', PNG, 'a.png')).statusCode).toBe(404);
    expect((await call('otherRmu', 'DELETE', `/api/accounts/${A.demoRetail}/logo`)).statusCode).toBe(404);
  });

  it('removing the logo clears it, deletes the file and the public URL answers 404', async () => {
    await upload('rmu', 'logo', PNG, 'a.png');
    const res = await call('rmu', 'DELETE', `/api/accounts/${A.demoRetail}/logo`);
    expect(res.statusCode).toBe(200);
    expect(res.json().logo).toBeNull();
    expect(storedFiles('logos')).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/${A.demoRetail}/logo` })).statusCode,
    ).toBe(404);
  });

  it('every change of the logo is audited', async () => {
    const before = (await accountAudits(A.demoRetail)).length;
    await upload('rmu', 'logo', PNG, 'a.png');
    await call('rmu', 'DELETE', `/api/accounts/${A.demoRetail}/logo`);
    const rows = await accountAudits(A.demoRetail);
    expect(rows).toHaveLength(before + 2);
    expect(rows.at(-1)?.before).toMatchObject({ logo: expect.stringContaining('/logo?v=') });
    expect(rows.at(-1)?.after).toMatchObject({ logo: null });
  });
});

describe('favicon', () => {
  it('accepts an ICO or a PNG and serves it with its type', async () => {
    const ico = await upload('rmu', 'favicon', ICO, 'favicon.ico');
    expect(ico.statusCode, ico.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: ico.json().favicon });
    expect(served.headers['content-type']).toBe('image/x-icon');
    expect((await upload('rmu', 'favicon', PNG, 'favicon.png')).statusCode).toBe(200);
  });

  it('refuses a JPEG or a text file', async () => {
    expect((await upload('rmu', 'favicon', JPEG, 'favicon.ico')).json().code).toBe('invalid_file');
    expect((await upload('rmu', 'favicon', TEXT, 'favicon.ico')).json().code).toBe('invalid_file');
  });

  it('accepts 20 kB and refuses one byte more with 413', async () => {
    expect((await upload('rmu', 'favicon', pngOfSize(20 * 1024), 'f.png')).statusCode).toBe(200);
    expect((await upload('rmu', 'favicon', pngOfSize(20 * 1024 + 1), 'f.png')).statusCode).toBe(413);
    expect((await upload('rmu', 'favicon', pngOfSize(100 * 1024), 'f.png')).json().code).toBe(
      'file_too_large',
    );
  });

  it('an account without favicon answers 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/accounts/${A.otherRetail}/favicon` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/accounts/00000000-0000-4000-8000-000000000999/favicon',
        })
      ).statusCode,
    ).toBe(404);
  });
});
