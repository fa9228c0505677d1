import type { ImportResponse } from '@reprise/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';
import { DEMO_CATALOG } from '../../seed/catalog';
import { csv, ignoredLines, runFile, upload, waitForEnd } from './imports.test-kit';

let k: ApiKit;
beforeAll(async () => {
  k = await startApiKit();
});
afterAll(() => k.close());

const RETAIL = DEMO.accounts.demoRetail;
const C = DEMO_CATALOG.categories as Record<string, string>;
const PRODUCT_HEADER =
  'reference;ean_code;name;brand;category_identifier;status;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e';
const prices = '300;270,50;230.5;180;120;50';

const products = (where: string) =>
  sql<{
    id: string;
    name: string;
    reference: string | null;
    ean_code: string | null;
    price_grade_a: number;
    status: string;
    brand: string | null;
  }>`
    SELECT id, name, reference, ean_code, price_grade_a, status, brand FROM products
    WHERE account_id = ${RETAIL} AND ${sql.raw(where)} ORDER BY reference, id`
    .execute(k.t.db)
    .then((r) => r.rows);

const counts = (i: ImportResponse) => i.report.lines;

describe('product imports', () => {
  it('generic: inserts by reference, then a re-import of the same file updates instead of duplicating', async () => {
    const file = csv(
      PRODUCT_HEADER,
      `GEN-1;;Phone one;Acme;smartphones-apple;published;${prices}`,
      `GEN-2;;Phone two;;smartphones-apple;draft;${prices}`,
    );
    const first = await runFile(k, RETAIL, file, { content: 'products', strategy: 'generic' });
    expect(first.status).toBe('success');
    expect(counts(first)).toEqual({ found: 2, inserted: 2, updated: 0, ignored: 0 });
    expect(first.position).toBe(2);
    const rows = await products("reference LIKE 'GEN-%'");
    expect(rows.map((r) => [r.reference, r.price_grade_a, r.status])).toEqual([
      ['GEN-1', 27050, 'published'],
      ['GEN-2', 27050, 'draft'],
    ]);
    const again = await runFile(k, RETAIL, file, { content: 'products', strategy: 'generic' });
    expect(counts(again)).toEqual({ found: 2, inserted: 0, updated: 2, ignored: 0 });
    expect(await products("reference LIKE 'GEN-%'")).toHaveLength(2);
  });

  it('generic: a matched product changes only in the columns the file has', async () => {
    await runFile(
      k,
      RETAIL,
      csv(PRODUCT_HEADER, `GEN-P;;Partial;Brand;smartphones-apple;published;${prices}`),
      {
        content: 'products',
        strategy: 'generic',
      },
    );
    const done = await runFile(k, RETAIL, csv('reference;price_grade_a', 'GEN-P;99'), {
      content: 'products',
      strategy: 'generic',
    });
    expect(counts(done).updated).toBe(1);
    const [row] = await products("reference = 'GEN-P'");
    expect(row).toMatchObject({ name: 'Partial', brand: 'Brand', price_grade_a: 9900, status: 'published' });
  });

  it('generic: a line without reference is matched by nothing and inserted', async () => {
    const line = `;;No reference;;smartphones-apple;draft;${prices}`;
    await runFile(k, RETAIL, csv(PRODUCT_HEADER, line), { content: 'products', strategy: 'generic' });
    const again = await runFile(k, RETAIL, csv(PRODUCT_HEADER, line), {
      content: 'products',
      strategy: 'generic',
    });
    expect(counts(again).inserted).toBe(1);
    expect(await products("name = 'No reference'")).toHaveLength(2);
  });

  it('product: matches by EAN code; two products of one EAN make the line ambiguous_match', async () => {
    const file = csv(PRODUCT_HEADER, `;4006381333931;By EAN;;smartphones-apple;draft;${prices}`);
    expect(
      counts(await runFile(k, RETAIL, file, { content: 'products', strategy: 'product' })).inserted,
    ).toBe(1);
    const renamed = csv('ean_code;name', '4006381333931;By EAN renamed');
    expect(
      counts(await runFile(k, RETAIL, renamed, { content: 'products', strategy: 'product' })).updated,
    ).toBe(1);
    expect((await products("ean_code = '4006381333931'")).map((r) => r.name)).toEqual(['By EAN renamed']);
    await runFile(k, RETAIL, file, { content: 'products', strategy: 'generic' });
    const ambiguous = await runFile(k, RETAIL, renamed, { content: 'products', strategy: 'product' });
    expect(ambiguous.status).toBe('success_with_ignored');
    expect(await ignoredLines(k, ambiguous.id)).toEqual([
      expect.objectContaining({ line: 2, code: 'ambiguous_match', field: 'ean_code' }),
    ]);
  });

  it('uuid: an empty id inserts, a known id updates, an unknown id is unknown_id', async () => {
    const header = `id;${PRODUCT_HEADER}`;
    const inserted = await runFile(
      k,
      RETAIL,
      csv(header, `;UUID-1;;By id;;smartphones-apple;draft;${prices}`),
      {
        content: 'products',
        strategy: 'uuid',
      },
    );
    expect(counts(inserted).inserted).toBe(1);
    const [row] = await products("reference = 'UUID-1'");
    const done = await runFile(
      k,
      RETAIL,
      csv('id;name', `${row?.id};By id renamed`, '00000000-0000-4000-8000-00000000abcd;Nobody'),
      { content: 'products', strategy: 'uuid' },
    );
    expect(counts(done)).toEqual({ found: 2, inserted: 0, updated: 1, ignored: 1 });
    expect(await ignoredLines(k, done.id)).toEqual([
      expect.objectContaining({ line: 3, code: 'unknown_id', field: 'id' }),
    ]);
    expect((await products("reference = 'UUID-1'"))[0]?.name).toBe('By id renamed');
  });

  it('records every fault of every ignored line, with its line number and column', async () => {
    const long = 'x'.repeat(256);
    const file = csv(
      `id;${PRODUCT_HEADER};buyback_zero_not_allowed;length;tac_codes`,
      `;ERR-1;;A;;smartphones-apple;draft;${prices};maybe;12;`,
      `;ERR-2;123;${long};;unknown-category;sold;abc;1;1;1;1;1;;;`,
      `;ERR-3;;Fine name;;Bad Identifier;draft;${prices};;-4;123`,
      `not-a-uuid;ERR-4;;Fine name;;smartphones-apple;draft;${prices};;;`,
      `;ERR-5;;Fine name;;smartphones-apple;draft;${prices};;`,
      `;ERR-6;;Fine name;;smartphones-apple;draft;${prices};;;`,
      `;ERR-6;;Duplicate;;smartphones-apple;draft;${prices};;;`,
      `;ERR-7;;Missing prices;;smartphones-apple;draft;;;;;;;;;`,
    );
    const done = await runFile(k, RETAIL, file, { content: 'products', strategy: 'uuid' });
    expect(done.status).toBe('success_with_ignored');
    // the uuid strategy keys lines by id: the two id-less ERR-6 lines are two new products
    expect(counts(done)).toEqual({ found: 8, inserted: 2, updated: 0, ignored: 6 });
    const faults = (await ignoredLines(k, done.id)).map((l) => [l.line, l.code, l.field]);
    expect(faults).toEqual(
      expect.arrayContaining([
        [2, 'too_short', 'name'],
        [2, 'invalid_boolean', 'buyback_zero_not_allowed'],
        [3, 'invalid_ean', 'ean_code'],
        [3, 'too_long', 'name'],
        [3, 'unknown_category', 'category_identifier'],
        [3, 'invalid_enum', 'status'],
        [3, 'invalid_price', 'price_functional'],
        [9, 'required', 'price_grade_e'],
        [4, 'invalid_identifier', 'category_identifier'],
        [4, 'invalid_number', 'length'],
        [4, 'invalid_number', 'tac_codes'],
        [5, 'invalid_uuid', 'id'],
        [6, 'invalid_line', null],
        [9, 'required', 'price_functional'],
      ]),
    );
    expect(await products("reference LIKE 'ERR-%'")).toHaveLength(2);
  });

  it('generic: a reference an earlier line of the file names (case ignored) is ignored as duplicate_in_file', async () => {
    const done = await runFile(
      k,
      RETAIL,
      csv(
        PRODUCT_HEADER,
        `DUP-1;;First;;smartphones-apple;draft;${prices}`,
        `dup-1;;Second;;smartphones-apple;draft;${prices}`,
        `DUP-2;;Third;;smartphones-apple;draft;${prices}`,
      ),
      { content: 'products', strategy: 'generic' },
    );
    expect(counts(done)).toEqual({ found: 3, inserted: 2, updated: 0, ignored: 1 });
    expect((await ignoredLines(k, done.id)).map((l) => [l.line, l.code, l.field])).toEqual([
      [3, 'duplicate_in_file', 'reference'],
    ]);
    expect((await products("upper(reference) LIKE 'DUP-%'")).map((r) => r.name)).toEqual(['First', 'Third']);
  });

  it('appends the suffix to references and category identifiers, and keeps products inside the parent categories', async () => {
    await runFile(
      k,
      RETAIL,
      csv('identifier;label;parent_identifier;default_weight', 'phones;Suffixed phones;;100'),
      {
        content: 'categories',
        strategy: 'generic',
        suffix: '-sfx',
        parentCategoryIds: [C.smartphones as string],
      },
    );
    const done = await runFile(
      k,
      RETAIL,
      csv(
        PRODUCT_HEADER,
        `SUF-1;;Suffixed;;phones;draft;${prices}`,
        `SUF-2;;Outside;;tablets;draft;${prices}`,
      ),
      {
        content: 'products',
        strategy: 'generic',
        suffix: '-sfx',
        parentCategoryIds: [C.smartphones as string],
      },
    );
    expect(counts(done)).toMatchObject({ inserted: 1, ignored: 1 });
    expect(await products("reference = 'SUF-1-sfx'")).toHaveLength(1);
    expect(await ignoredLines(k, done.id)).toEqual([
      expect.objectContaining({ line: 3, code: 'unknown_category' }),
    ]);
    const outside = await runFile(k, RETAIL, csv(PRODUCT_HEADER, `OUT-1;;Outside;;tablets;draft;${prices}`), {
      content: 'products',
      strategy: 'generic',
      parentCategoryIds: [C.smartphones as string],
    });
    expect(await ignoredLines(k, outside.id)).toEqual([
      expect.objectContaining({ line: 2, code: 'outside_parent_categories', field: 'category_identifier' }),
    ]);
  });

  it('keeps the category counters and the search in step with the products written', async () => {
    const before = await sql<{
      n: number;
    }>`SELECT product_count AS n FROM categories WHERE id = ${C['smartphones-google'] as string}`.execute(
      k.t.db,
    );
    await runFile(
      k,
      RETAIL,
      csv(PRODUCT_HEADER, `CNT-1;;Zorglub findable;;smartphones-google;published;${prices}`),
      {
        content: 'products',
        strategy: 'generic',
      },
    );
    const after = await sql<{
      n: number;
    }>`SELECT product_count AS n FROM categories WHERE id = ${C['smartphones-google'] as string}`.execute(
      k.t.db,
    );
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + 1);
    const search = await k.get('rmu', '/api/search/products?q=zorglub');
    expect(search.statusCode, search.body).toBe(200);
    expect(JSON.stringify(search.json())).toContain('Zorglub findable');
  });
});

describe('file formats', () => {
  it('reads a BOM, the `,` delimiter, quoted fields and tabs', async () => {
    const comma = `\uFEFFreference,name,category_identifier,price_functional,price_grade_a,price_grade_b,price_grade_c,price_grade_d,price_grade_e\nFMT-1,"Quoted, name",smartphones-apple,1,1,1,1,1,1\n`;
    expect(
      counts(await runFile(k, RETAIL, comma, { content: 'products', strategy: 'generic' })).inserted,
    ).toBe(1);
    expect((await products("reference = 'FMT-1'"))[0]?.name).toBe('Quoted, name');
    const tab =
      'Reference\tNAME \tcategory_identifier\tprice_functional\tprice_grade_a\tprice_grade_b\tprice_grade_c\tprice_grade_d\tprice_grade_e\tunknown\nFMT-2\tTabbed\tsmartphones-apple\t1\t1\t1\t1\t1\t1\tx\n';
    expect(counts(await runFile(k, RETAIL, tab, { content: 'products', strategy: 'generic' })).inserted).toBe(
      1,
    );
  });

  it('reads the first sheet of an XLSX workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(PRODUCT_HEADER.split(';'));
    sheet.addRow([
      'XLS-1',
      '',
      'From a sheet',
      'Acme',
      'smartphones-apple',
      'published',
      300,
      270.5,
      230,
      180,
      120,
      50,
    ]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = await runFile(k, RETAIL, data, {
      content: 'products',
      strategy: 'generic',
      fileName: 'products.xlsx',
    });
    expect(done.fileFormat).toBe('xlsx');
    expect(counts(done)).toEqual({ found: 1, inserted: 1, updated: 0, ignored: 0 });
    expect((await products("reference = 'XLS-1'"))[0]?.price_grade_a).toBe(27050);
  });

  it('ends in error: missing columns, an empty file, an unreadable workbook', async () => {
    const missing = await runFile(k, RETAIL, csv('name;brand', 'A;B'), {
      content: 'products',
      strategy: 'generic',
    });
    expect(missing.status).toBe('error');
    expect(missing.report.error?.code).toBe('missing_columns');
    expect(missing.report.error?.message).toContain('reference');
    const empty = await runFile(k, RETAIL, '', { content: 'products', strategy: 'generic' });
    expect(empty.report.error?.code).toBe('empty_file');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const unreadable = await runFile(k, RETAIL, broken, {
      content: 'products',
      strategy: 'generic',
      fileName: 'x.xlsx',
    });
    expect(unreadable.status).toBe('error');
    expect(unreadable.report.error?.code).toBe('unreadable_file');
  });
});

/** Demo Retail's `absorption` premium feature (the demo has none) on or off. */
async function absorptionFeature(enabled: boolean) {
  await sql`
    UPDATE organization_root_details
    SET enabled_premium_features = ARRAY(
      SELECT f FROM unnest(enabled_premium_features) f WHERE f <> 'absorption'
      UNION ALL SELECT 'absorption' WHERE ${enabled}
    )
    WHERE account_id = ${RETAIL}`.execute(k.t.db);
}

describe('category imports', () => {
  const HEADER =
    'identifier;label;parent_identifier;description;status;default_weight;absorption_type;absorption_value';
  // the lines below set absorptions: Demo Retail holds the feature, but where a test says otherwise
  beforeAll(() => absorptionFeature(true));

  it('sets an absorption only with the premium feature: a line may keep or remove one without it', async () => {
    const columns = 'identifier;label;parent_identifier;default_weight;absorption_type;absorption_value';
    const first = await runFile(
      k,
      RETAIL,
      csv(columns, 'abs-kept;Absorbed;audio;10;percentage_of_declared_amount;10'),
      {
        content: 'categories',
        strategy: 'generic',
      },
    );
    expect(counts(first)).toMatchObject({ inserted: 1, ignored: 0 });
    await absorptionFeature(false);
    try {
      const without = await runFile(
        k,
        RETAIL,
        csv(
          columns,
          'abs-new;New absorbed;audio;10;by_value;5,00',
          'abs-plain;New plain;audio;10;none;0',
          'abs-kept;Absorbed renamed;audio;10;percentage_of_declared_amount;10',
          'abs-other;Other;audio;10;none;0',
        ),
        { content: 'categories', strategy: 'generic' },
      );
      expect(counts(without)).toMatchObject({ inserted: 2, updated: 1, ignored: 1 });
      expect(await ignoredLines(k, without.id)).toEqual([
        expect.objectContaining({ line: 2, code: 'premium_feature_required', field: 'absorption_type' }),
      ]);
      const changed = await runFile(
        k,
        RETAIL,
        csv(columns, 'abs-kept;Absorbed;audio;10;percentage_of_declared_amount;20'),
        {
          content: 'categories',
          strategy: 'generic',
        },
      );
      expect(counts(changed)).toMatchObject({ updated: 0, ignored: 1 });
      const removed = await runFile(k, RETAIL, csv(columns, 'abs-kept;Absorbed;audio;10;none;0'), {
        content: 'categories',
        strategy: 'generic',
      });
      expect(counts(removed)).toMatchObject({ updated: 1, ignored: 0 });
      const rows = await sql<{ identifier: string; absorption_type: string; absorption_value: number }>`
        SELECT identifier, absorption_type, absorption_value FROM categories
        WHERE account_id = ${RETAIL} AND identifier LIKE 'abs-%' ORDER BY identifier`.execute(k.t.db);
      expect(rows.rows).toEqual([
        { identifier: 'abs-kept', absorption_type: 'none', absorption_value: 0 },
        { identifier: 'abs-other', absorption_type: 'none', absorption_value: 0 },
        { identifier: 'abs-plain', absorption_type: 'none', absorption_value: 0 },
      ]);
    } finally {
      await absorptionFeature(true);
    }
  });

  it('generic: inserts a tree (parent first) under the first parent category, then updates by identifier', async () => {
    const file = csv(
      HEADER,
      'imp-root;Imported root;;<b>Bold</b><script>alert(1)</script>;active;100;none;0',
      'imp-child;Imported child;imp-root;;inactive;50;by_value;5,00',
    );
    const done = await runFile(k, RETAIL, file, {
      content: 'categories',
      strategy: 'generic',
      parentCategoryIds: [C.audio as string],
    });
    expect(counts(done)).toEqual({ found: 2, inserted: 2, updated: 0, ignored: 0 });
    const rows = await sql<{
      identifier: string;
      parent: string | null;
      description: string | null;
      absorption_value: number;
      buyer: string;
    }>`
      SELECT identifier, parent_category_id AS parent, description, absorption_value, buyer_account_id AS buyer
      FROM categories WHERE identifier LIKE 'imp-%' ORDER BY identifier`.execute(k.t.db);
    const [child, root] = rows.rows;
    expect(root?.parent).toBe(C.audio);
    expect(root?.description).not.toContain('script');
    expect(root?.description).toContain('Bold');
    expect(child?.absorption_value).toBe(500);
    expect(child?.buyer).toBe(DEMO.accounts.demoBuyer);
    const again = await runFile(k, RETAIL, csv('identifier;label', 'imp-root;Imported root renamed'), {
      content: 'categories',
      strategy: 'generic',
    });
    expect(counts(again).updated).toBe(1);
    const tree = await k.get('rmu', `/api/categories?search=renamed`);
    expect(tree.body).toContain('Imported root renamed');
  });

  it('product: matches a category by its label under the same parent, case and accents ignored', async () => {
    await runFile(
      k,
      RETAIL,
      csv('identifier;label;parent_identifier;default_weight', 'lbl-one;Écouteurs;audio;10'),
      {
        content: 'categories',
        strategy: 'generic',
      },
    );
    const done = await runFile(
      k,
      RETAIL,
      csv('identifier;label;parent_identifier;default_weight', 'lbl-one;ecouteurs;audio;20'),
      { content: 'categories', strategy: 'product' },
    );
    expect(counts(done).updated).toBe(1);
  });

  it('a new category needs an identifier, a label and a default weight: a file without them ignores the line', async () => {
    const done = await runFile(k, RETAIL, csv('label;parent_identifier', 'Nouvelle sans identifiant;audio'), {
      content: 'categories',
      strategy: 'product',
    });
    expect(done.status).toBe('success_with_ignored');
    expect((await ignoredLines(k, done.id)).map((l) => [l.line, l.code, l.field]).sort()).toEqual([
      [2, 'required', 'default_weight'],
      [2, 'required', 'identifier'],
    ]);
  });

  it('uuid: updates by id; unknown ids and unknown parents are ignored', async () => {
    const id = C.consoles as string;
    const done = await runFile(
      k,
      RETAIL,
      csv(
        'id;identifier;label;parent_identifier;default_weight',
        `${id};consoles;Game consoles;;800`,
        '00000000-0000-4000-8000-00000000dcba;ghost;Ghost;;1',
        ';orphan;Orphan;no-such-parent;1',
      ),
      { content: 'categories', strategy: 'uuid' },
    );
    expect(counts(done)).toEqual({ found: 3, inserted: 0, updated: 1, ignored: 2 });
    expect((await ignoredLines(k, done.id)).map((l) => [l.line, l.code])).toEqual([
      [3, 'unknown_id'],
      [4, 'unknown_parent'],
    ]);
  });
});

describe('diagnostic imports', () => {
  const HEADER =
    'category_identifier;question_title;question_type;answer_title;answer_position;max_grade;price_impact_kind;price_impact_value';

  it('inserts a question with its answers, then updates them on a re-import', async () => {
    const file = csv(
      HEADER,
      'watches;Is the strap intact?;unique;Yes;0;;;',
      'watches;Is the strap intact?;unique;No;1;grade_c;fixed;-10,50',
    );
    const done = await runFile(k, RETAIL, file, { content: 'diagnostic', strategy: 'generic' });
    expect(counts(done)).toEqual({ found: 2, inserted: 2, updated: 0, ignored: 0 });
    const answers = await sql<{ title: string; price_impact_value: number | null; question_id: string }>`
      SELECT a.title, a.price_impact_value, a.question_id FROM diagnostic_answers a
      JOIN diagnostic_questions q ON q.id = a.question_id WHERE q.title = 'Is the strap intact?' ORDER BY a.position`.execute(
      k.t.db,
    );
    expect(answers.rows.map((a) => [a.title, a.price_impact_value])).toEqual([
      ['Yes', null],
      ['No', -1050],
    ]);
    expect(new Set(answers.rows.map((a) => a.question_id)).size).toBe(1);
    const again = await runFile(k, RETAIL, file, { content: 'diagnostic', strategy: 'product' });
    expect(counts(again)).toEqual({ found: 2, inserted: 0, updated: 2, ignored: 0 });
    const questionId = answers.rows[0]?.question_id as string;
    const byId = await runFile(
      k,
      RETAIL,
      csv(
        `question_id;${HEADER}`,
        `${questionId};watches;Is the strap intact?;unique;Yes;0;;percentage;-200`,
      ),
      { content: 'diagnostic', strategy: 'uuid' },
    );
    expect((await ignoredLines(k, byId.id)).map((l) => [l.code, l.field])).toEqual([
      ['invalid_number', 'price_impact_value'],
    ]);
  });
});

describe('the import routes', () => {
  it('lists an account’s imports newest first, with filters and pages', async () => {
    const res = await k.get('rmu', `/api/accounts/${RETAIL}/imports?itemsPerPage=2&content=products`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.member).toHaveLength(2);
    expect(page.totalItems).toBeGreaterThan(2);
    expect(page.view.next).toContain('page=2');
    const dates = page.member.map((i: ImportResponse) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const errors = (await k.get('rmu', `/api/accounts/${RETAIL}/imports?status=error`)).json();
    expect(errors.member.every((i: ImportResponse) => i.status === 'error')).toBe(true);
    expect(errors.totalItems).toBeGreaterThan(0);
  });

  it('pages through the ignored lines by line number', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `BAD-${i};x;smartphones-apple;1;1;1;1;1;1`);
    const done = await runFile(
      k,
      RETAIL,
      csv(
        'reference;name;category_identifier;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e',
        ...lines,
      ),
      { content: 'products', strategy: 'generic' },
    );
    const second = (await k.get('rmu', `/api/imports/${done.id}/ignored-lines?itemsPerPage=3&page=2`)).json();
    expect(second.totalItems).toBe(7);
    expect(second.member.map((l: { line: number }) => l.line)).toEqual([5, 6, 7]);
  });

  it('shows who imported, from which account, and gives the file back', async () => {
    const res = await upload(
      k,
      'admin',
      RETAIL,
      csv('identifier;label;default_weight', 'by-admin;By admin;1'),
      {
        content: 'categories',
        strategy: 'generic',
        fileName: 'cats.csv',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ImportResponse;
    expect(created).toMatchObject({
      status: 'in_progress',
      origin: 'upload',
      fileName: 'cats.csv',
      account: { id: RETAIL },
    });
    expect(created.sourceAccount?.id).toBe(DEMO.accounts.platform);
    expect(created.createdBy).not.toBeNull();
    await waitForEnd(k, created.id);
    const file = await k.get('rmu', `/api/imports/${created.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('cats.csv');
    expect(file.body).toContain('by-admin;By admin;1');
  });

  it('offers a template per content that imports as it is', async () => {
    const res = await k.get('rmu', '/api/import-templates/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('categories-template.csv');
    expect(res.body.split('\r\n')[0]).toBe(
      'id;identifier;label;parent_identifier;description;status;default_weight;default_length;default_width;default_height;absorption_type;absorption_value;highlighted_instruction;children_description',
    );
    const done = await runFile(k, RETAIL, res.body.replaceAll('smartphones', 'tpl-phones'), {
      content: 'categories',
      strategy: 'generic',
    });
    expect(counts(done)).toEqual({ found: 2, inserted: 2, updated: 0, ignored: 0 });
    expect((await k.get('rmu', '/api/import-templates/other')).statusCode).toBe(422);
  });

  it('another retailer sees none of it: its account, its imports, their lines and files answer 404', async () => {
    const [latest] = (await k.get('rmu', `/api/accounts/${RETAIL}/imports?itemsPerPage=1`)).json().member;
    for (const url of [
      `/api/accounts/${RETAIL}/imports`,
      `/api/imports/${latest.id}`,
      `/api/imports/${latest.id}/ignored-lines`,
      `/api/imports/${latest.id}/file`,
    ])
      expect((await k.get('otherRmu', url)).statusCode, url).toBe(404);
    const res = await upload(k, 'otherRmu', RETAIL, csv('identifier;label', 'x;y'), {
      content: 'categories',
      strategy: 'generic',
    });
    expect(res.statusCode).toBe(404);
    const own = (await k.get('otherRmu', `/api/accounts/${DEMO.accounts.otherRetail}/imports`)).json();
    expect(own.member.every((i: ImportResponse) => i.account.id === DEMO.accounts.otherRetail)).toBe(true);
  });

  it('needs the imports permission', async () => {
    expect((await k.get('analyst', `/api/accounts/${RETAIL}/imports`)).statusCode).toBe(403);
    const res = await upload(k, 'analyst', RETAIL, csv('identifier;label', 'x;y'), {
      content: 'categories',
      strategy: 'generic',
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a file that is not CSV or XLSX, by name or content, and bad fields', async () => {
    const opts = { content: 'products', strategy: 'generic' };
    expectViolation(
      await upload(k, 'rmu', RETAIL, 'a;b', { ...opts, fileName: 'x.txt' }),
      'invalid_file',
      'file',
    );
    expectViolation(
      await upload(k, 'rmu', RETAIL, Buffer.from([0x41, 0, 0x42]), opts),
      'invalid_file',
      'file',
    );
    expectViolation(
      await upload(k, 'rmu', RETAIL, 'not a zip', { ...opts, fileName: 'x.xlsx' }),
      'invalid_file',
      'file',
    );
    expectViolation(
      await upload(k, 'rmu', RETAIL, 'a', { ...opts, strategy: 'magic' }),
      'invalid_import_strategy',
      'strategy',
    );
    expectViolation(
      await upload(k, 'rmu', RETAIL, 'a', { ...opts, suffix: 'UPPER' }),
      'invalid_suffix',
      'suffix',
    );
    const foreign = await sql<{
      id: string;
    }>`SELECT id FROM categories WHERE account_id <> ${RETAIL} LIMIT 1`.execute(k.t.db);
    expectViolation(
      await upload(k, 'admin', RETAIL, 'a', { ...opts, parentCategoryIds: [foreign.rows[0]?.id as string] }),
      'category_not_found',
      'parentCategoryIds',
    );
    const noFile = await k.post('rmu', `/api/accounts/${RETAIL}/imports`, {});
    expect(noFile.statusCode).toBe(422);
  });
});
