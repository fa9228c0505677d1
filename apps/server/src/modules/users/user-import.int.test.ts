import { USER_IMPORT_MAX_LINES } from '@reprise/shared';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { multipartFile } from '../../../test/upload-kit';
import { USER_IMPORT_COLUMNS } from './user-import.csv';

let t: TestApp;
type Who = { authorization: string };
let storeManager: Who;
let rootManager: Who;
let otherRootManager: Who;
let storeSeller: Who;
let admin: Who;

beforeAll(async () => {
  t = await createTestApp();
  const headersOf = async (email: string) => ({ authorization: (await t.login(email)).authorization });
  storeManager = await headersOf('store_manager@demo.test');
  rootManager = await headersOf('root_management_unit_manager@demo.test');
  otherRootManager = await headersOf('root_management_unit_manager@other.test');
  storeSeller = await headersOf('store_seller@demo.test');
  admin = await headersOf('admin@demo.test');
});
afterAll(() => t.close());

const O = DEMO.orgs;
const HEADER =
  'email;firstname;lastname;locale;force_sso;tim_user_type;tim_parent_entity;lcm_user_type;lcm_parent_entity';

function multipart(data: Buffer | string, field = 'file') {
  return multipartFile(data, { filename: 'users.csv', type: 'text/csv', field });
}

const send = (who: Who, data: Buffer | string, dryRun: boolean, field?: string) => {
  const body = multipart(data, field);
  return t.app.inject({
    method: 'POST',
    url: `/api/users/import?dryRun=${dryRun}`,
    headers: { ...who, ...body.headers },
    payload: body.payload,
  });
};

const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

interface Line {
  line: number;
  email: string;
  outcome: string;
  userId: string | null;
  errors: { field: string | null; code: string }[];
}
const errorsOf = (lines: Line[]) =>
  Object.fromEntries(lines.map((l) => [l.line, l.errors.map((e) => `${e.field ?? '-'}:${e.code}`)]));

/** What an import may write: users, their modules, audit rows, queued mails. */
async function counts() {
  const n = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(t.db)).rows[0]?.n ?? 0;
  return {
    users: await n(sql<{ n: number }>`SELECT count(*)::int AS n FROM users`),
    modules: await n(sql<{ n: number }>`SELECT count(*)::int AS n FROM user_modules`),
    audit: await n(sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'user'`),
    mails: await n(sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail'`),
  };
}

const mailsTo = async (email: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = 'mail' AND data->>'to' = ${email}`.execute(t.db)
  ).rows[0]?.n;

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GET /users/import/template and /users/import/documentation', () => {
  it('offers the template: the header of every column and two example lines', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: storeManager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('users-import-template.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split(';')).toEqual([...USER_IMPORT_COLUMNS]);
  });

  it('the example lines of the template pass the dry run of a head-office manager', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/template',
      headers: rootManager,
    });
    const res = await send(rootManager, template.body, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, created: 2, errors: 0 });
  });

  it('documents the file in the language asked, else the request language', async () => {
    const german = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/documentation?lang=de-DE',
      headers: storeManager,
    });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(german.rawPayload);
    expect(text).toContain('Sammelimport von Benutzern');
    for (const word of ['tim_parent_entity', 'store_seller', 'warehouse_operator', 'Verkäufer', '1.000'])
      expect(text).toContain(word);
    const dutch = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/documentation',
      headers: { ...storeManager, 'accept-language': 'nl-BE' },
    });
    expect(await pdfText(dutch.rawPayload)).toContain('Gebruikers in bulk importeren');
  });

  it('refuses a bad language of the documentation with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/import/documentation?lang=es-ES',
      headers: storeManager,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('POST /users/import?dryRun=true: every line checked as createUser checks a user', () => {
  const mixed = csv(
    'new.seller@demo.test;Camille;Martin;fr-FR;no;store_seller;DR-PAR-01;;', // 2 valid
    'not-an-email;Camille;Martin;;;store_seller;DR-PAR-01;;', // 3
    'no.first@demo.test;;X;;;store_seller;DR-PAR-01;;', // 4
    'STORE_SELLER@demo.test;Camille;Martin;;;store_seller;DR-PAR-01;;', // 5
    'New.Seller@Demo.test;Camille;Martin;;;store_seller;DR-PAR-01;;', // 6
    'locale@demo.test;Camille;Martin;es-ES;;store_seller;DR-PAR-01;;', // 7
    'boolean@demo.test;Camille;Martin;;maybe;store_seller;DR-PAR-01;;', // 8
    'sso@demo.test;Camille;Martin;;yes;store_seller;DR-PAR-01;;', // 9
    'nomodule@demo.test;Camille;Martin;;;;;;', // 10
    'badrole@demo.test;Camille;Martin;;;chief;DR-PAR-01;;', // 11
    'noentity@demo.test;Camille;Martin;;;store_seller;;;', // 12
    'norole@demo.test;Camille;Martin;;;;DR-PAR-01;;', // 13
    'unknown@demo.test;Camille;Martin;;;store_seller;NOPE;;', // 14
    'rank@demo.test;Camille;Martin;;;root_management_unit_manager;DR-PAR-01;;', // 15
    `foreign@demo.test;Camille;Martin;;;store_seller;${O.otherStore};;`, // 16
    'module@demo.test;Camille;Martin;;;admin;DR-PAR-01;;', // 17
    'cells@demo.test;Camille;Martin;;;store_seller;DR-PAR-01;;;extra', // 18
    `by.id@demo.test;Dominique;Bernard;en-gb;;store_manager;${O.storeParis};;`, // 19 valid
    'hidden@demo.test;Camille;Martin;;;store_seller;DR-LIL-01;;', // 20: a store the store manager does not see
  );

  it('answers each line with its outcome and its errors by column and code, writing nothing', async () => {
    const before = await counts();
    const res = await send(storeManager, mixed, true);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { dryRun: boolean; created: number; errors: number; lines: Line[] };
    expect(body).toMatchObject({ dryRun: true, created: 2, errors: 17 });
    expect(body.lines.map((l) => l.line)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
    expect(errorsOf(body.lines)).toEqual({
      2: [],
      3: ['email:invalid_email'],
      4: ['firstname:required', 'lastname:too_short'],
      5: ['email:email_not_unique'],
      6: ['email:duplicate_in_file'],
      7: ['locale:invalid_locale'],
      8: ['force_sso:invalid_boolean'],
      9: ['force_sso:forbidden'],
      10: ['-:at_least_one_module'],
      11: ['tim_user_type:invalid_user_type'],
      12: ['tim_parent_entity:required'],
      13: ['tim_user_type:required'],
      14: ['tim_parent_entity:unknown_parent'],
      15: ['tim_user_type:user_type_not_assignable'],
      16: ['tim_parent_entity:unknown_parent'],
      17: ['tim_user_type:user_type_not_in_module'],
      18: ['-:invalid_line'],
      19: [],
      20: ['tim_parent_entity:unknown_parent'],
    });
    expect(body.lines[0]).toMatchObject({ email: 'new.seller@demo.test', outcome: 'created', userId: null });
    expect(body.lines[1]).toMatchObject({ outcome: 'error', userId: null });
    expect(await counts()).toEqual(before);
  });

  it('refuses an entity of the wrong type for the role', async () => {
    const res = await send(rootManager, csv('type@demo.test;Camille;Martin;;;store_seller;DR-FR;;'), true);
    expect(errorsOf(res.json().lines)).toEqual({ 2: ['tim_parent_entity:invalid_parent'] });
  });

  it('refuses modules in two accounts (other than a warehouse module)', async () => {
    const res = await send(
      admin,
      csv(`two@demo.test;Camille;Martin;;;store_seller;DR-LIL-01;buyer_manager;${O.buyer}`),
      true,
    );
    expect(errorsOf(res.json().lines)).toEqual({ 2: ['lcm_parent_entity:invalid_parent'] });
  });

  it('an external id several visible entities share is ambiguous; their id is not', async () => {
    await t.db
      .updateTable('organizations')
      .set({ external_id: 'SHARED-01' })
      .where('id', 'in', [O.storeLille, O.otherStore])
      .execute();
    try {
      const res = await send(
        admin,
        csv(
          'shared@demo.test;Camille;Martin;;;store_seller;SHARED-01;;',
          `shared.id@demo.test;Camille;Martin;;;store_seller;${O.otherStore};;`,
        ),
        true,
      );
      expect(errorsOf(res.json().lines)).toEqual({ 2: ['tim_parent_entity:ambiguous_parent'], 3: [] });
      // the head-office manager of Demo Retail sees one of them only
      const one = await send(
        rootManager,
        csv('shared@demo.test;Camille;Martin;;;store_seller;SHARED-01;;'),
        true,
      );
      expect(errorsOf(one.json().lines)).toEqual({ 2: [] });
    } finally {
      await t.db
        .updateTable('organizations')
        .set({ external_id: null })
        .where('id', '=', O.otherStore)
        .execute();
      await t.db
        .updateTable('organizations')
        .set({ external_id: 'DR-LIL-01' })
        .where('id', '=', O.storeLille)
        .execute();
    }
  });

  it("another retailer's manager finds none of this retailer's entities, by external id or by id", async () => {
    const res = await send(
      otherRootManager,
      csv(
        'intruder@other.test;Camille;Martin;;;store_seller;DR-PAR-01;;',
        `intruder2@other.test;Camille;Martin;;;store_seller;${O.storeParis};;`,
      ),
      true,
    );
    expect(errorsOf(res.json().lines)).toEqual({
      2: ['tim_parent_entity:unknown_parent'],
      3: ['tim_parent_entity:unknown_parent'],
    });
  });

  it('reads a comma-separated Windows-1252 file, quoted cells and blank lines, numbering lines as the file does', async () => {
    const text = [
      'email,firstname,lastname,tim_user_type,tim_parent_entity',
      '',
      '"helene@demo.test","Hélène","Müller, née Łoś",store_seller,DR-PAR-01',
      ',,,,',
      'other@demo.test,Zoë,Brontë,store_seller,DR-PAR-01',
    ].join('\n');
    // Ł is not in Windows-1252: the first user is written in UTF-8 in a second file
    const latin = Buffer.from(text.replace('Łoś', 'Los'), 'latin1');
    const res = await send(storeManager, latin, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: Line) => [l.line, l.outcome])).toEqual([
      [3, 'created'],
      [5, 'created'],
    ]);
    const utf8 = await send(storeManager, `\uFEFF${text}`, true);
    expect(utf8.json()).toMatchObject({ created: 2, errors: 0 });
  });
});

describe('POST /users/import?dryRun=false', () => {
  it('creates the valid lines in one go, each with its modules, audit row and invitation mail, and reports the others', async () => {
    const before = await counts();
    const res = await send(
      rootManager,
      csv(
        'imported.one@demo.test;Alice;Durand;en-GB;;store_seller;DR-PAR-01;;',
        'imported.two@demo.test;Bruno;Petit;;;management_unit_manager;DR-FR;;',
        'imported.sso@demo.test;Chloé;Roux;;yes;store_manager;DR-LIL-01;;',
        'broken@demo.test;Denis;;;;store_seller;DR-PAR-01;;',
        'IMPORTED.ONE@demo.test;Alice;Durand;;;store_seller;DR-PAR-01;;',
      ),
      false,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { dryRun: boolean; created: number; errors: number; lines: Line[] };
    expect(body).toMatchObject({ dryRun: false, created: 3, errors: 2 });
    expect(errorsOf(body.lines)).toMatchObject({ 5: ['lastname:required'], 6: ['email:duplicate_in_file'] });

    const created = body.lines.filter((l) => l.outcome === 'created');
    const users = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'account_id', 'language', 'force_connection_by_sso', 'password_hash', 'status'])
      .where(
        'id',
        'in',
        created.map((l) => l.userId as string),
      )
      .orderBy('email')
      .execute();
    expect(
      users.map((u) => [u.email, u.account_id, u.language, u.force_connection_by_sso, u.status]),
    ).toEqual([
      ['imported.one@demo.test', DEMO.accounts.demoRetail, 'en-GB', false, 'active'],
      ['imported.sso@demo.test', DEMO.accounts.demoRetail, null, true, 'active'],
      ['imported.two@demo.test', DEMO.accounts.demoRetail, null, false, 'active'],
    ]);
    expect(users.every((u) => u.password_hash === null)).toBe(true);
    const modules = await t.db
      .selectFrom('user_modules')
      .select(['user_id', 'user_type', 'organization_id'])
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(modules).toHaveLength(3);
    expect(modules).toContainEqual({
      user_id: created[1]?.userId,
      user_type: 'management_unit_manager',
      organization_id: O.muFrance,
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where(
        'entity_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.action === 'create' && a.entity_type === 'user')).toBe(true);
    expect(JSON.stringify(audit.map((a) => a.after))).not.toMatch(/password|argon2/i);

    // an invitation to each, but none to the user who must sign in with single sign-on
    expect(await mailsTo('imported.one@demo.test')).toBe(1);
    expect(await mailsTo('imported.two@demo.test')).toBe(1);
    expect(await mailsTo('imported.sso@demo.test')).toBe(0);
    expect((await t.smtp.waitFor('imported.one@demo.test')).subject).toContain(
      'Your Reprise account has been created',
    );

    const after = await counts();
    expect(after.users - before.users).toBe(3);
    expect(after.audit - before.audit).toBe(3);

    // the created users are in the list, seen by the actor
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=imported',
      headers: rootManager,
    });
    expect(list.json().totalItems).toBe(3);
  });

  it('the same file sent again creates nothing: the import checks again in its transaction', async () => {
    const file = csv('again@demo.test;Alice;Durand;;;store_seller;DR-PAR-01;;');
    expect((await send(storeManager, file, false)).json()).toMatchObject({ created: 1 });
    const before = await counts();
    const res = await send(storeManager, file, false);
    expect(res.json()).toMatchObject({ created: 0, errors: 1 });
    expect(errorsOf(res.json().lines)).toEqual({ 2: ['email:email_not_unique'] });
    expect(await counts()).toEqual(before);
  });

  it('a file with no valid line creates nothing', async () => {
    const before = await counts();
    const res = await send(
      storeManager,
      csv(
        'none@demo.test;A;B;;;store_seller;DR-PAR-01;;',
        `none2@demo.test;Alice;Durand;;;store_seller;${O.otherStore};;`,
      ),
      false,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 0, errors: 2 });
    expect(await counts()).toEqual(before);
  });

  it('the other retailer sees none of the imported users', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=imported',
      headers: otherRootManager,
    });
    expect(list.json().totalItems).toBe(0);
  });
});

describe('refusals', () => {
  const fileViolation = (res: {
    statusCode: number;
    json(): { code: string; violations?: { code: string }[] };
  }) => [res.statusCode, res.json().code, res.json().violations?.[0]?.code];

  it('a user without user.create gets 403 on the template, the documentation and the import', async () => {
    for (const url of ['/api/users/import/template', '/api/users/import/documentation']) {
      expect((await t.app.inject({ method: 'GET', url, headers: storeSeller })).statusCode).toBe(403);
    }
    const before = await counts();
    const res = await send(
      storeSeller,
      csv('seller.made@demo.test;Alice;Durand;;;store_seller;DR-PAR-01;;'),
      false,
    );
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('an anonymous caller gets 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/import/template' });
    expect(res.statusCode).toBe(401);
  });

  it(`refuses a file of more than ${USER_IMPORT_MAX_LINES} users with 422, writing nothing`, async () => {
    const lines = Array.from(
      { length: USER_IMPORT_MAX_LINES + 1 },
      (_, i) => `bulk${i}@demo.test;Alice;Durand;;;store_seller;DR-PAR-01;;`,
    );
    const before = await counts();
    const res = await send(storeManager, csv(...lines), false);
    expect(fileViolation(res)).toEqual([422, 'invalid_file', 'too_many_lines']);
    expect(await counts()).toEqual(before);
  });

  it('takes a file of exactly the maximum', async () => {
    const lines = Array.from(
      { length: USER_IMPORT_MAX_LINES },
      (_, i) => `max${i}@demo.test;Alice;Durand;;;store_seller;DR-PAR-01;;`,
    );
    const res = await send(storeManager, csv(...lines), true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: USER_IMPORT_MAX_LINES, errors: 0 });
  });

  it('refuses files it cannot read with 422 and the reason', async () => {
    expect(
      fileViolation(await send(storeManager, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), true)),
    ).toEqual([422, 'invalid_file', 'not_text']);
    expect(fileViolation(await send(storeManager, `${HEADER}\r\n"open;quote;x`, true))).toEqual([
      422,
      'invalid_file',
      'unreadable',
    ]);
    expect(fileViolation(await send(storeManager, 'email;firstname\r\na@demo.test;Alice', true))).toEqual([
      422,
      'invalid_file',
      'missing_columns',
    ]);
    expect(fileViolation(await send(storeManager, `${HEADER};role\r\n`, true))).toEqual([
      422,
      'invalid_file',
      'unknown_columns',
    ]);
    expect(fileViolation(await send(storeManager, `email;email;firstname;lastname\r\n`, true))).toEqual([
      422,
      'invalid_file',
      'repeated_columns',
    ]);
    expect(fileViolation(await send(storeManager, `${HEADER}\r\n;;;;;;;;\r\n\r\n`, true))).toEqual([
      422,
      'invalid_file',
      'no_lines',
    ]);
    expect(fileViolation(await send(storeManager, '', true))).toEqual([422, 'invalid_file', 'no_lines']);
  });

  it('refuses a request without the file field with 422', async () => {
    expect(fileViolation(await send(storeManager, csv(), true, 'document'))).toEqual([
      422,
      'invalid_file',
      'invalid_file',
    ]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=true',
      headers: storeManager,
      payload: { email: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const res = await send(storeManager, `${HEADER}\r\n${'x'.repeat(2 * 1024 * 1024)}`, true);
    expect(fileViolation(res)).toEqual([413, 'file_too_large', 'file_too_large']);
  });

  it('refuses a dryRun value other than true or false with 4xx', async () => {
    const body = multipart(csv());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/import?dryRun=maybe',
      headers: { ...storeManager, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
