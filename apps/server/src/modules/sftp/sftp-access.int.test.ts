import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { listDir, readFile, removeFile, sftpClient, writeFile } from '../../../test/sftp-peer';
import { DEMO } from '../../../test/test-app';
import { systemContext } from '../../platform/request-context';
import { IMPORT_COLUMNS, runImport } from '../imports';
import { usernameBase } from './sftp-access.rules';
import { type SftpServerHandle, startSftpServer } from './sftp-server';

/**
 * SFTP access (docs/imports.md): the login's routes (general_settings, the
 * premium feature sftp_access, tenant walls, settings rules, a password answered once), and the
 * built-in SFTP server reached with a real ssh2 client: wrong, inactive and throttled sign-ins
 * refused, every file but products-import.csv refused, and a dropped file imported.
 */

const A = DEMO.accounts;
const ACCESS = `/api/accounts/${A.demoRetail}/sftp-access`;

let k: ApiKit;
let server: SftpServerHandle;

beforeAll(async () => {
  k = await startApiKit();
  server = await startSftpServer(k.t.deps, { port: 0, host: '127.0.0.1', log: () => {} });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await k?.close();
});

/** A category of Demo Retail's catalogue, by identifier. */
async function category(identifier: string) {
  return k.t.db
    .selectFrom('categories')
    .select(['id', 'label'])
    .where('account_id', '=', A.demoRetail)
    .where('identifier', '=', identifier)
    .executeTakeFirstOrThrow();
}

const connect = (username: string, password: string) => sftpClient({ port: server.port, username, password });

/** A products file of two lines in `category`, their references ending with `tag`. */
function productsCsv(categoryIdentifier: string, tag: string): string {
  const columns: readonly string[] = IMPORT_COLUMNS.products;
  const line = (n: number) =>
    columns
      .map((c) => {
        // the category's identifier ends with the access's suffix, which it then keeps
        const values: Record<string, string> = {
          reference: `sftp-${tag}-${n}`,
          name: `SFTP phone ${tag} ${n}`,
          brand: 'Apple',
          model: `FP-${tag}-${n}`,
          category_identifier: categoryIdentifier,
          status: 'published',
          price_functional: '100.00',
          price_grade_a: '90.00',
          price_grade_b: '80.00',
          price_grade_c: '70.00',
          price_grade_d: '60.00',
          price_grade_e: '50.00',
        };
        return values[c] ?? '';
      })
      .join(';');
  return `${columns.join(';')}\r\n${line(1)}\r\n${line(2)}\r\n`;
}

describe('the SFTP access routes', () => {
  it('names the login from the account: lower-case, accents and spaces folded, 3 characters at least', () => {
    expect(usernameBase('Demo Retail')).toBe('demo-retail');
    expect(usernameBase('  Électro Dépôt & Fils ')).toBe('electro-depot-fils');
    expect(usernameBase('X')).toBe('account-x');
  });

  it('answers an access never activated: inactive, no login, the account’s own catalogue', async () => {
    const res = await k.get('rmu', ACCESS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: A.demoRetail,
      username: null,
      status: 'inactive',
      catalogue: { id: A.demoRetail, name: 'Demo Retail' },
      parentCategories: [],
      suffix: '',
      fileName: 'products-import.csv',
      lastImport: null,
      activatedAt: null,
    });
  });

  it('refuses an account without the premium feature sftp_access (403 premium_feature_required)', async () => {
    const res = await k.get('otherRmu', `/api/accounts/${A.otherRetail}/sftp-access`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('premium_feature_required');
    expect((await k.post('otherRmu', `/api/accounts/${A.otherRetail}/sftp-access/activate`)).statusCode).toBe(
      403,
    );
  });

  it('answers 404 to another tenant, for every route', async () => {
    expect((await k.get('otherRmu', ACCESS)).statusCode).toBe(404);
    expect((await k.patch('otherRmu', ACCESS, { suffix: 'x' })).statusCode).toBe(404);
    expect((await k.post('otherRmu', `${ACCESS}/activate`)).statusCode).toBe(404);
    expect((await k.post('otherRmu', `${ACCESS}/deactivate`)).statusCode).toBe(404);
    expect((await k.get('otherRmu', `${ACCESS}/catalogues`)).statusCode).toBe(404);
  });

  it('needs general_settings: a store seller is refused', async () => {
    expect((await k.get('seller', ACCESS)).statusCode).toBe(403);
    expect((await k.post('seller', `${ACCESS}/activate`)).statusCode).toBe(403);
  });

  it('offers the account’s catalogue and its linked buyer’s; categories only of those', async () => {
    const catalogues = await k.get('rmu', `${ACCESS}/catalogues`);
    expect(catalogues.json().member.map((c: { id: string }) => c.id)).toEqual([A.demoRetail, A.demoBuyer]);
    const categories = await k.get(
      'rmu',
      `${ACCESS}/categories?catalogueAccountId=${A.demoRetail}&search=apple`,
    );
    expect(categories.statusCode, categories.body).toBe(200);
    expect(categories.json().member.length).toBeGreaterThan(0);
    expect((await k.get('rmu', `${ACCESS}/categories?catalogueAccountId=${A.otherRetail}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps the settings: catalogue, parent categories of that catalogue, suffix; audited', async () => {
    const parent = await category('smartphones');
    const res = await k.patch('rmu', ACCESS, { parentCategoryIds: [parent.id], suffix: '-apple' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      parentCategories: [{ id: parent.id, label: parent.label }],
      suffix: '-apple',
      status: 'inactive',
    });
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'sftp_access')
      .where('entity_id', '=', A.demoRetail)
      .execute();
    expect(audits.length).toBeGreaterThan(0);
  });

  it('refuses a catalogue that is neither the account’s nor a linked buyer’s, and foreign parent categories', async () => {
    expectViolation(
      await k.patch('rmu', ACCESS, { catalogueAccountId: A.otherRetail }),
      'invalid_catalogue',
      'catalogueAccountId',
    );
    const foreign = await k.t.db
      .selectFrom('categories')
      .select('id')
      .where('account_id', '=', A.otherRetail)
      .executeTakeFirst();
    if (foreign)
      expectViolation(
        await k.patch('rmu', ACCESS, { parentCategoryIds: [foreign.id] }),
        'unknown_category',
        'parentCategoryIds',
      );
    expectViolation(await k.patch('rmu', ACCESS, { suffix: 'Not Valid!' }), 'invalid_suffix', 'suffix');
    expect((await k.patch('rmu', ACCESS, { password: 'x' })).statusCode).toBe(422);
  });

  it('clears the parent categories when the catalogue changes without them', async () => {
    const res = await k.patch('rmu', ACCESS, { catalogueAccountId: A.demoBuyer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ catalogue: { id: A.demoBuyer }, parentCategories: [] });
    const parent = await category('smartphones');
    const back = await k.patch('rmu', ACCESS, {
      catalogueAccountId: A.demoRetail,
      parentCategoryIds: [parent.id],
    });
    expect(back.json()).toMatchObject({
      catalogue: { id: A.demoRetail },
      parentCategories: [{ id: parent.id }],
    });
  });
});

describe('the built-in SFTP server', () => {
  let password = '';
  let username = '';

  it('activates with a password answered once, never stored nor audited in clear', async () => {
    const res = await k.post('rmu', `${ACCESS}/activate`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'active', username: 'demo-retail', port: expect.any(Number) });
    expect(body.password.length).toBeGreaterThanOrEqual(20);
    password = body.password;
    username = body.username;
    expect((await k.get('rmu', ACCESS)).json().password).toBeUndefined();
    const row = await k.t.db
      .selectFrom('sftp_accesses')
      .select('password_hash')
      .where('account_id', '=', A.demoRetail)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const audits = await k.t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_type', '=', 'sftp_access')
      .execute();
    expect(JSON.stringify(audits)).not.toContain(password);
    expect(JSON.stringify(audits)).not.toContain('argon2');
  });

  it('refuses a wrong password', async () => {
    await expect(connect(username, `${password}x`)).rejects.toThrow(/authentication/i);
  });

  it('shows an empty directory, and refuses any other file name, reads, removals and directories', async () => {
    const { sftp, end } = await connect(username, password);
    try {
      expect(await listDir(sftp, '/')).toEqual([]);
      await expect(writeFile(sftp, 'other.csv', 'a;b\r\n')).rejects.toThrow(/products-import\.csv/);
      await expect(writeFile(sftp, 'dir/products-import.csv', 'a;b\r\n')).rejects.toThrow(
        /products-import\.csv/,
      );
      await expect(readFile(sftp, 'products-import.csv')).rejects.toThrow();
      await expect(removeFile(sftp, 'products-import.csv')).rejects.toThrow(/cannot be removed/);
      await expect(
        new Promise<void>((resolve, reject) => sftp.mkdir('x', (e) => (e ? reject(e) : resolve()))),
      ).rejects.toThrow(/Directories/);
      await expect(
        new Promise<void>((resolve, reject) =>
          sftp.rename('products-import.csv', 'x.csv', (e) => (e ? reject(e) : resolve())),
        ),
      ).rejects.toThrow(/renamed/);
    } finally {
      end();
    }
    expect(await k.t.db.selectFrom('imports').select('id').where('origin', '=', 'sftp').execute()).toEqual(
      [],
    );
  });

  it('imports a dropped products-import.csv into the catalogue, with the parent categories and suffix', async () => {
    const { sftp, end } = await connect(username, password);
    const csv = productsCsv('smartphones-apple', 'a');
    try {
      await writeFile(sftp, '/products-import.csv', csv);
      const listed = await listDir(sftp, '.');
      expect(listed.map((f) => [f.filename, f.attrs.size])).toEqual([
        ['products-import.csv', Buffer.byteLength(csv)],
      ]);
    } finally {
      end();
    }
    const imported = await k.t.db
      .selectFrom('imports')
      .selectAll()
      .where('origin', '=', 'sftp')
      .executeTakeFirstOrThrow();
    const parent = await category('smartphones');
    expect(imported).toMatchObject({
      account_id: A.demoRetail,
      source_account_id: A.demoRetail,
      content: 'products',
      strategy: 'generic',
      file_name: 'products-import.csv',
      file_format: 'csv',
      parent_category_ids: [parent.id],
      suffix: '-apple',
      created_by: null,
    });
    expect(Number(imported.file_size)).toBe(Buffer.byteLength(csv));
    await runImport(systemContext(k.t.deps, { kind: 'all' }), { importId: imported.id }, imported.id);
    const access = (await k.get('rmu', ACCESS)).json();
    expect(access.lastImport).toMatchObject({ id: imported.id, origin: 'sftp' });
    expect(['success', 'success_with_ignored', 'in_progress']).toContain(access.lastImport.status);
    // the run may have been the worker's: wait for it to end
    let status = access.lastImport.status;
    for (let i = 0; i < 60 && status === 'in_progress'; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      status = (await k.get('rmu', ACCESS)).json().lastImport.status;
    }
    const final = (await k.get('rmu', ACCESS)).json().lastImport;
    expect(final.status, JSON.stringify(final.report)).toBe('success');
    expect(final.report.lines).toMatchObject({ found: 2, inserted: 2, ignored: 0 });
    const products = await k.t.db
      .selectFrom('products')
      .select('reference')
      .where('account_id', '=', A.demoRetail)
      .where('reference', 'like', 'sftp-a-%')
      .orderBy('reference')
      .execute();
    expect(products.map((p) => p.reference)).toEqual(['sftp-a-1-apple', 'sftp-a-2-apple']);
  });

  it('refuses the password once deactivated, and gives a new one on reactivation (the old refused)', async () => {
    const off = await k.post('rmu', `${ACCESS}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('inactive');
    await expect(connect(username, password)).rejects.toThrow(/authentication/i);
    const on = await k.post('rmu', `${ACCESS}/activate`);
    const renewed = on.json().password as string;
    expect(renewed).not.toBe(password);
    await expect(connect(username, password)).rejects.toThrow(/authentication/i);
    const { end } = await connect(username, renewed);
    end();
    password = renewed;
  });

  it('refuses the password while the account lacks the premium feature sftp_access', async () => {
    const features = (on: boolean) =>
      sql`UPDATE organization_root_details SET enabled_premium_features = CASE WHEN ${on}
            THEN array_append(enabled_premium_features, 'sftp_access')
            ELSE array_remove(enabled_premium_features, 'sftp_access') END
          WHERE account_id = ${A.demoRetail}`.execute(k.t.db);
    await features(false);
    try {
      await expect(connect(username, password)).rejects.toThrow(/authentication/i);
    } finally {
      await features(true);
    }
    const { end } = await connect(username, password);
    end();
  });

  it('throttles failed attempts: after 5 failures from one address, even the right password is refused', async () => {
    for (let i = 0; i < 5; i += 1) await expect(connect(username, 'wrong-password')).rejects.toThrow();
    await expect(connect(username, password)).rejects.toThrow(/authentication/i);
  }, 60_000);

  it('an administrator reaches any account’s access', async () => {
    const res = await k.get('admin', ACCESS);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
  });
});
