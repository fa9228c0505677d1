import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { ExportResponse } from '@reprise/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation } from '../../../test/api-kit';
import { CAT, DEMO, expectProblem, PRICES, startBuybackKit, type Who } from '../../../test/buyback-kit';
import { systemContext } from '../../platform/request-context';
import type { Storage } from '../../platform/storage';
import { IMPORT_COLUMNS } from '../imports';
import { BUYBACK_EXPORT_COLUMNS, runExport } from './export-runner';

let kit: Awaited<ReturnType<typeof startBuybackKit>>;
const RETAIL = DEMO.accounts.demoRetail;

beforeAll(async () => {
  kit = await startBuybackKit();
}, 120_000);
afterAll(() => kit?.close());

const PATHS = {
  products: '/api/products/exports',
  categories: '/api/categories/exports',
  diagnostic: '/api/diagnostic-questions/exports',
  buybacks: '/api/buybacks/exports',
} as const;
type Kind = keyof typeof PATHS;

async function start(who: Who, kind: Kind, body: object = { account_id: RETAIL }): Promise<ExportResponse> {
  const res = await kit.post(who, PATHS[kind], body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}

/** Polls the export as the page does, until its job has ended it. */
async function ended(who: Who, kind: Kind, id: string): Promise<ExportResponse> {
  for (let i = 0; i < 150; i += 1) {
    const res = await kit.get(who, `${PATHS[kind]}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ExportResponse;
    if (body.status !== 'in_progress') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`export ${id} did not end`);
}

/** Downloads an export's file: its raw text and its records (header first). */
async function download(who: Who, id: string) {
  const res = await kit.get(who, `/api/exports/${id}/file`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="[a-z]+-export-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const text = res.body;
  const records = parse(text, { bom: true }) as string[][];
  return { text, header: records[0] as string[], rows: records.slice(1) };
}

const byHeader = (header: string[], row: string[]) =>
  Object.fromEntries(header.map((name, i) => [name, row[i] as string]));

async function exportedBy(who: Who, kind: Kind, body?: object) {
  const started = await start(who, kind, body);
  expect(started).toMatchObject({ type: kind, status: 'in_progress', url: null, entriesCount: null });
  const done = await ended(who, kind, started.id);
  expect(done.status, JSON.stringify(done)).toBe('success');
  expect(done.url).toBe(`/api/exports/${started.id}/file`);
  return { done, ...(await download(who, started.id)) };
}

/** An export row with no job: the tests run its job themselves. */
async function exportRow(type: Kind = 'products') {
  const user = await kit.t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'root_management_unit_manager@demo.test')
    .executeTakeFirstOrThrow();
  return kit.t.db
    .insertInto('exports')
    .values({ account_id: RETAIL, type, created_by: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const exportFiles = async () => {
  try {
    return await readdir(path.join(kit.t.deps.config.filesDir, 'exports'));
  } catch {
    return [];
  }
};

describe('the products export', () => {
  it('writes every product of the catalogue in the import columns and formats, with a BOM', async () => {
    const id = await kit.newProduct({
      name: 'Téléphone "Pro", 5G; édition spéciale',
      reference: 'EXP-REF-1',
      eanCode: '4006381333931',
      model: 'Modèle X',
      secondaryCategoryIds: [CAT.tablets, CAT['smartphones-samsung']],
      tacCodes: ['35332509', '35332510'],
      isCollectingIMEI: true,
      buybackZeroNotAllowed: true,
      commentForSeller: 'Vérifier l’écran,\npuis la batterie',
      buybackPrices: { ...PRICES, grade_a: 12990, grade_e: 5 },
      length: 15,
      weight: 180,
    });
    const { done, text, header, rows } = await exportedBy('rmu', 'products');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(header).toEqual([...IMPORT_COLUMNS.products]);
    const count = await kit.t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', RETAIL)
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count.n));
    expect(done.entriesCount).toBe(Number(count.n));
    const row = rows.find((r) => r[0] === id) as string[];
    expect(byHeader(header, row)).toEqual({
      id,
      reference: 'EXP-REF-1',
      ean_code: '4006381333931',
      name: 'Téléphone "Pro", 5G; édition spéciale',
      brand: 'Apple',
      model: 'Modèle X',
      category_identifier: 'smartphones-apple',
      // in the product's order
      secondary_category_identifiers: 'tablets|smartphones-samsung',
      status: 'published',
      price_functional: '300.00',
      price_grade_a: '129.90',
      price_grade_b: '230.00',
      price_grade_c: '180.00',
      price_grade_d: '120.00',
      price_grade_e: '0.05',
      buyback_zero_not_allowed: 'true',
      is_collecting_imei: 'true',
      tac_codes: '35332509|35332510',
      comment_for_seller: 'Vérifier l’écran,\npuis la batterie',
      length: '15',
      width: '',
      height: '',
      weight: '180',
      buyer_reference: '',
    });
  });

  it('holds the products of the account named only, whoever else has products', async () => {
    const { rows } = await exportedBy('admin', 'products', { account_id: DEMO.accounts.otherRetail });
    const other = await kit.t.db
      .selectFrom('products')
      .select('id')
      .where('account_id', '=', DEMO.accounts.otherRetail)
      .execute();
    expect(rows.map((r) => r[0]).sort()).toEqual(other.map((p) => p.id).sort());
  });
});

describe('the categories export', () => {
  it('writes parents before their children, absorption by value in euros', async () => {
    await kit.t.db
      .updateTable('categories')
      .set({ absorption_type: 'by_value', absorption_value: 1550 })
      .where('id', '=', CAT['smartphones-apple'] as string)
      .execute();
    const { done, header, rows } = await exportedBy('analyst', 'categories');
    expect(header).toEqual([...IMPORT_COLUMNS.categories]);
    const all = await kit.t.db
      .selectFrom('categories')
      .select('id')
      .where('account_id', '=', RETAIL)
      .execute();
    expect(done.entriesCount).toBe(all.length);
    const lines = rows.map((r) => byHeader(header, r));
    const position = new Map(lines.map((l, i) => [l.identifier, i]));
    for (const line of lines)
      if (line.parent_identifier)
        expect(position.get(line.parent_identifier) as number).toBeLessThan(
          position.get(line.identifier) as number,
        );
    const apple = lines.find((l) => l.identifier === 'smartphones-apple');
    expect(apple).toMatchObject({
      id: CAT['smartphones-apple'],
      parent_identifier: 'smartphones',
      absorption_type: 'by_value',
      absorption_value: '15.50',
    });
    const top = lines.find((l) => l.identifier === 'smartphones');
    expect(top?.parent_identifier).toBe('');
  });
});

describe('the diagnostic export', () => {
  it('writes one line per answer, repeating its question, fixed price impacts in euros', async () => {
    const { done, header, rows } = await exportedBy('rmu', 'diagnostic');
    expect(header).toEqual([...IMPORT_COLUMNS.diagnostic]);
    const answers = await kit.t.db
      .selectFrom('diagnostic_answers as a')
      .innerJoin('diagnostic_questions as q', 'q.id', 'a.question_id')
      .select(['a.question_id', 'a.title', 'a.price_impact_kind', 'a.price_impact_value'])
      .where('q.account_id', '=', RETAIL)
      .execute();
    const questions = await kit.t.db
      .selectFrom('diagnostic_questions')
      .select('id')
      .where('account_id', '=', RETAIL)
      .execute();
    const withoutAnswers = questions.filter((q) => !answers.some((a) => a.question_id === q.id)).length;
    expect(rows).toHaveLength(answers.length + withoutAnswers);
    expect(done.entriesCount).toBe(rows.length);
    const fixed = answers.find((a) => a.price_impact_kind === 'fixed' && a.price_impact_value !== null);
    if (fixed) {
      const line = rows
        .map((r) => byHeader(header, r))
        .find((l) => l.question_id === fixed.question_id && l.answer_title === fixed.title);
      expect(line?.price_impact_value).toBe(((fixed.price_impact_value as number) / 100).toFixed(2));
    }
    const percentage = answers.find((a) => a.price_impact_kind === 'percentage');
    if (percentage) {
      const line = rows
        .map((r) => byHeader(header, r))
        .find((l) => l.question_id === percentage.question_id && l.answer_title === percentage.title);
      expect(line?.price_impact_value).toBe(String(percentage.price_impact_value));
    }
  });
});

describe('the buyback export', () => {
  it('holds what the list shows for the same filters, in the accounting columns', async () => {
    const created = await kit.createBuyback({ externalCode: '=TICKET-0042' });
    const list = await kit.get('rmu', `/api/buybacks?itemsPerPage=1&status[]=${created.status}`);
    const { done, header, rows } = await exportedBy('rmu', 'buybacks', { status: [created.status] });
    expect(header).toEqual([...BUYBACK_EXPORT_COLUMNS]);
    expect(done.entriesCount).toBe(list.json().totalItems);
    expect(rows).toHaveLength(list.json().totalItems);
    const line = byHeader(header, rows.find((r) => r[0] === created.identificationNumber) as string[]);
    expect(line).toMatchObject({
      identification_number: created.identificationNumber,
      // the retailer's own reference, made inert for a spreadsheet
      external_code: "'=TICKET-0042",
      store: 'Demo Retail Paris Rivoli',
      status: created.status,
      customer_name: 'Søren Łukasiewicz',
      payment_type: 'bank_transfer',
      item_count: '1',
      declared_total: (created.totalCents / 100).toFixed(2),
      currency: 'EUR',
    });
    expect(line.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(line.paid_amount).toBe('0.00');
  });

  it("a management unit's manager exports its own stores' buybacks only, as its list", async () => {
    const list = await kit.get('mu', '/api/buybacks?itemsPerPage=1');
    const { header, rows } = await exportedBy('mu', 'buybacks', {});
    expect(rows).toHaveLength(list.json().totalItems);
    const stores = new Set(rows.map((r) => byHeader(header, r).store));
    const allStores = await kit.t.db
      .selectFrom('buybacks as b')
      .innerJoin('organizations as s', 's.id', 'b.store_id')
      .select('s.common_name')
      .distinct()
      .where('b.account_id', '=', RETAIL)
      .where(
        's.path',
        'not like',
        `${
          (
            await kit.t.db
              .selectFrom('organizations')
              .select('path')
              .where('id', '=', DEMO.orgs.muFrance)
              .executeTakeFirstOrThrow()
          ).path
        }%`,
      )
      .execute();
    for (const outside of allStores) expect(stores.has(outside.common_name)).toBe(false);
    const rmuList = await kit.get('rmu', '/api/buybacks?itemsPerPage=1');
    expect(rmuList.json().totalItems).toBeGreaterThan(rows.length);
  });

  it('refuses filters the list refuses', async () => {
    expectViolation(await kit.post('rmu', PATHS.buybacks, { status: ['nope'] }), 'invalid_value', 'status.0');
  });
});

describe('reading, downloading, cancelling', () => {
  it("another tenant's user, or another user, gets 404 on an export", async () => {
    const { done } = await exportedBy('rmu', 'products');
    expectProblem(await kit.get('otherRmu', `${PATHS.products}/${done.id}`), 404, 'not_found');
    expectProblem(await kit.get('otherRmu', `/api/exports/${done.id}/file`), 404, 'not_found');
    expectProblem(await kit.post('otherRmu', `/api/exports/${done.id}/cancel`), 404, 'not_found');
    expectProblem(await kit.get('analyst', `${PATHS.products}/${done.id}`), 404, 'not_found');
  });

  it('an export of a type is not read through another type', async () => {
    const { done } = await exportedBy('rmu', 'categories');
    expectProblem(await kit.get('rmu', `${PATHS.products}/${done.id}`), 404, 'not_found');
  });

  it("a retailer cannot export another account's catalogue; a platform admin can", async () => {
    expectProblem(await kit.post('otherRmu', PATHS.products, { account_id: RETAIL }), 404, 'not_found');
    expectProblem(
      await kit.post('rmu', PATHS.categories, { account_id: DEMO.accounts.otherRetail }),
      404,
      'not_found',
    );
    const started = await start('admin', 'categories', { account_id: RETAIL });
    // ended here, so that its file is not written while a later test counts the files
    expect((await ended('admin', 'categories', started.id)).status).toBe('success');
  });

  it('each type needs its permission', async () => {
    expectProblem(await kit.post('seller', PATHS.products, { account_id: RETAIL }), 403, 'forbidden');
    expectProblem(await kit.post('mu', PATHS.products, { account_id: RETAIL }), 403, 'forbidden');
    expectProblem(await kit.post('mu', PATHS.categories, { account_id: RETAIL }), 403, 'forbidden');
    expectProblem(await kit.post('mu', PATHS.diagnostic, { account_id: RETAIL }), 403, 'forbidden');
    expectProblem(await kit.post('seller', PATHS.buybacks, {}), 403, 'forbidden');
    expectProblem(await kit.post('storeManager', PATHS.buybacks, {}), 403, 'forbidden');
    expectProblem(await kit.get('seller', `/api/exports/${DEMO.accounts.demoRetail}/file`), 403, 'forbidden');
  });

  it('a body without a valid account answers 422', async () => {
    expectViolation(
      await kit.post('rmu', PATHS.products, { account_id: 'nope' }),
      'invalid_uuid',
      'account_id',
    );
    expectViolation(await kit.post('rmu', PATHS.diagnostic, {}), 'invalid_uuid', 'account_id');
  });

  it('an unknown type of export has no route', async () => {
    expectProblem(await kit.post('rmu', '/api/users/exports', { account_id: RETAIL }), 404, 'not_found');
  });

  it('cancelling stops the export: no file is kept, and its job ends it no more', async () => {
    const row = await exportRow();
    const before = await exportFiles();
    // the storage lets the header through, then the user cancels before the first batch is read
    const storage = kit.t.deps.storage;
    const cancelling: Storage = {
      ...storage,
      async putStream(prefix, extension, source: Readable, maxBytes) {
        const relay = new PassThrough();
        let first = true;
        source.on('data', async (chunk) => {
          if (!first) return void relay.write(chunk);
          first = false;
          source.pause();
          relay.write(chunk);
          const res = await kit.post('rmu', `/api/exports/${row.id}/cancel`);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ status: 'cancelled', url: null });
          source.resume();
        });
        source.on('end', () => relay.end());
        source.on('error', (error) => relay.destroy(error));
        return storage.putStream(prefix, extension, relay, maxBytes);
      },
    };
    const ctx = systemContext({ ...kit.t.deps, storage: cancelling }, { kind: 'all' });
    await runExport(ctx, { exportId: row.id }, row.id);
    const after = await kit.t.db
      .selectFrom('exports')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'cancelled', file_key: null, entries_count: null });
    expect((await exportFiles()).filter((f) => !before.includes(f))).toEqual([]);
    expectProblem(await kit.get('rmu', `/api/exports/${row.id}/file`), 409, 'conflict');
    // its job run again does nothing
    await runExport(systemContext(kit.t.deps, { kind: 'all' }), { exportId: row.id }, row.id);
    expect((await kit.get('rmu', `${PATHS.products}/${row.id}`)).json()).toMatchObject({
      status: 'cancelled',
    });
  });

  it('an ended export cannot be cancelled', async () => {
    const { done } = await exportedBy('rmu', 'diagnostic');
    expectProblem(await kit.post('rmu', `/api/exports/${done.id}/cancel`), 409, 'conflict');
  });

  it('a failure ends the export in error, with a code and a message, and no file', async () => {
    const row = await exportRow('categories');
    const failing: Storage = {
      ...kit.t.deps.storage,
      putStream: async () => {
        throw new Error('disk full');
      },
    };
    await runExport(
      systemContext({ ...kit.t.deps, storage: failing }, { kind: 'all' }),
      { exportId: row.id },
      row.id,
    );
    const res = await kit.get('rmu', `${PATHS.categories}/${row.id}`);
    expect(res.json()).toMatchObject({
      status: 'error',
      url: null,
      entriesCount: null,
      error: { code: 'technical_error', message: expect.not.stringContaining('disk') },
    });
    expect(res.json().endedAt).not.toBeNull();
    expectProblem(await kit.get('rmu', `/api/exports/${row.id}/file`), 409, 'conflict');
  });

  it('starting and ending an export are audited', async () => {
    const { done } = await exportedBy('rmu', 'categories');
    const rows = await kit.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity_type', '=', 'export')
      .where('entity_id', '=', done.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[0]?.actor_user_id).not.toBeNull();
  });
});
