import {
  AUDIT_LOG_EXPORT_LIMIT,
  type AuditEntryCollectionResponse,
  type AuditEntryResponse,
  type LogAction,
} from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, DEMO_USERS, expectViolation, startApiKit, type Who } from '../../../test/api-kit';
import { contextOfUser } from '../../../test/item-moves-kit';
import { DEMO } from '../../../test/test-app';
import type { AuditEntity } from '../../platform/audit-entities';
import type { RequestContext } from '../../platform/request-context';
import { REDACTED } from './audit-log.mapper';
import { listAuditEntries } from './audit-log.repository';
import { auditLogExportTuning, exportAuditLog } from './audit-log.service';

let kit: ApiKit;
let admin: RequestContext;
const userIds: Partial<Record<Who, string>> = {};
const accountNames: Record<string, string> = {};

/** The entries of this file are dated 2001, before anything the demo or the tests write. */
const IN_2001 = 'at[after]=2001-01-01&at[before]=2001-12-31';
const PRODUCT = '00000000-0000-4000-8000-00000000a001';
const CATEGORY = '00000000-0000-4000-8000-00000000a002';
const JOB = '00000000-0000-4000-8000-00000000a003';
const USER = '00000000-0000-4000-8000-00000000a004';
const FORMULA_USER = '00000000-0000-4000-8000-00000000a005';
/** Two entries of one transaction share its instant, to the microsecond. */
const SAME_INSTANT = '2001-03-05T09:00:00.123456Z';

interface Entry {
  at: string;
  accountId: string | null;
  actor: string | null;
  action: LogAction;
  entityType: AuditEntity;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Ids of the entries written below, by name. */
const ids: Record<string, string> = {};

async function insertEntry(name: string, entry: Entry) {
  const row = await kit.t.db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      account_id: entry.accountId,
      actor_user_id: entry.actor,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[name] = String(row.id);
}

beforeAll(async () => {
  kit = await startApiKit();
  admin = await contextOfUser(kit.t, (await kit.t.login(DEMO_USERS.admin)).authorization);
  const users = await kit.t.db.selectFrom('users').select(['id', 'email']).execute();
  for (const [who, email] of Object.entries(DEMO_USERS))
    userIds[who as Who] = users.find((u) => u.email === email)?.id;
  for (const account of await kit.t.db.selectFrom('accounts').select(['id', 'name']).execute())
    accountNames[account.id] = account.name;
  await kit.t.db
    .insertInto('users')
    .values({
      id: FORMULA_USER,
      account_id: DEMO.accounts.demoRetail,
      email: 'formula@audit.test',
      firstname: '=SUM(1+1)',
      lastname: 'Formula',
    })
    .execute();

  const retail = DEMO.accounts.demoRetail;
  await insertEntry('productCreated', {
    at: '2001-03-01T09:00:00Z',
    accountId: retail,
    actor: userIds.rmu as string,
    action: 'create',
    entityType: 'product',
    entityId: PRODUCT,
    after: { name: 'iPhone 12', priceGradeA: 20000 },
  });
  await insertEntry('productUpdated', {
    at: '2001-03-02T09:00:00Z',
    accountId: retail,
    actor: userIds.admin as string,
    action: 'update',
    entityType: 'product',
    entityId: PRODUCT,
    before: { name: 'iPhone 12', priceGradeA: 20000 },
    after: { name: 'iPhone 12', priceGradeA: 18000 },
  });
  await insertEntry('otherCategory', {
    at: '2001-03-03T09:00:00Z',
    accountId: DEMO.accounts.otherRetail,
    actor: userIds.otherRmu as string,
    action: 'update',
    entityType: 'category',
    entityId: CATEGORY,
    before: { label: 'Phones' },
    after: { label: 'Smartphones' },
  });
  await insertEntry('jobRemoved', {
    at: '2001-03-04T09:00:00Z',
    accountId: null,
    actor: null,
    action: 'remove',
    entityType: 'job',
    entityId: JOB,
  });
  // two updates of one user by the admin at one instant
  const userUpdate = {
    at: SAME_INSTANT,
    accountId: retail,
    actor: userIds.admin as string,
    action: 'update',
    entityType: 'user',
    entityId: USER,
  } as const;
  await insertEntry('userSecrets', {
    ...userUpdate,
    before: {
      email: 'kept@demo.test',
      passwordHash: '$argon2id$leaked-hash',
      sso: { clientSecret: 'leaked-client-secret' },
      payments: [{ iban: 'FR7630006000011234567890189' }],
    },
    after: { email: 'kept@demo.test', apiToken: 'leaked-api-token' },
  });
  await insertEntry('userSameInstant', {
    ...userUpdate,
    before: { status: 'active' },
    after: { status: 'disabled' },
  });
  await insertEntry('byFormulaUser', {
    at: '2001-03-06T09:00:00Z',
    accountId: retail,
    actor: FORMULA_USER,
    action: 'create',
    entityType: 'product',
    entityId: PRODUCT,
    after: { name: 'iPhone 13' },
  });
});
afterAll(() => kit.close());

/** Every entry of 2001, newest first; ties of one instant by id, the later written first. */
const ORDER_2001 = [
  'byFormulaUser',
  'userSameInstant',
  'userSecrets',
  'jobRemoved',
  'otherCategory',
  'productUpdated',
  'productCreated',
];

async function list(query: string, who: Who = 'admin') {
  const res = await kit.get(who, `/api/audit-log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditEntryCollectionResponse;
}
const namesOf = (entries: AuditEntryResponse[]) =>
  entries.map((entry) => Object.entries(ids).find(([, id]) => id === entry.id)?.[0] ?? entry.id);

async function csvOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('audit log: who may read it', () => {
  it.each(['rmu', 'otherRmu', 'seller', 'buyer', 'warehouse'] as const)(
    'a %s (no platform operator) gets 403 on the list, the export and the accounts',
    async (who) => {
      for (const url of ['/api/audit-log', '/api/audit-log/export', '/api/audit-log/accounts']) {
        const res = await kit.get(who, url);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    },
  );

  it('a platform admin reads every account, newest first, with who (name and e-mail), which retailer, what and the states', async () => {
    const page = await list(`${IN_2001}&itemsPerPage=100`);
    expect(namesOf(page.member)).toEqual(ORDER_2001);
    expect(page).toMatchObject({ totalItems: 7, totalItemsCapped: false });
    const updated = page.member.find((e) => e.id === ids.productUpdated);
    expect(updated).toEqual({
      id: ids.productUpdated,
      at: '2001-03-02T09:00:00.000Z',
      action: 'update',
      entityType: 'product',
      entityId: PRODUCT,
      account: { id: DEMO.accounts.demoRetail, name: accountNames[DEMO.accounts.demoRetail] },
      actor: { id: userIds.admin, name: expect.any(String), email: DEMO_USERS.admin },
      before: { name: 'iPhone 12', priceGradeA: 20000 },
      after: { name: 'iPhone 12', priceGradeA: 18000 },
    });
    expect(updated?.actor?.name).not.toBe('');
    // a platform job: no account, no actor, no state
    expect(page.member.find((e) => e.id === ids.jobRemoved)).toMatchObject({
      account: null,
      actor: null,
      before: null,
      after: null,
    });
  });

  it('a command of a retailer user is in the log at once: its actor, its account, the state before and after', async () => {
    const res = await kit.patch('rmu', `/api/accounts/${DEMO.accounts.demoRetail}/design`, {
      mainColor: '#123456',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await list(
      `entityType=account&entityId=${DEMO.accounts.demoRetail}&actor=root_management_unit`,
    );
    const entry = page.member[0];
    expect(entry).toMatchObject({
      action: 'update',
      account: { id: DEMO.accounts.demoRetail, name: accountNames[DEMO.accounts.demoRetail] },
      actor: { id: userIds.rmu, email: DEMO_USERS.rmu },
      after: { mainColor: '#123456' },
    });
    expect(entry?.before).not.toMatchObject({ mainColor: '#123456' });
  });

  it('lists every account to filter by, by name', async () => {
    const res = await kit.get('admin', '/api/audit-log/accounts');
    expect(res.statusCode, res.body).toBe(200);
    const accounts = res.json().member as { id: string; name: string }[];
    expect(accounts.map((a) => a.id)).toEqual(
      expect.arrayContaining([DEMO.accounts.demoRetail, DEMO.accounts.otherRetail, DEMO.accounts.platform]),
    );
    const names = accounts.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('a context scoped to one account reads that account only', async () => {
    const scoped: RequestContext = {
      ...admin,
      scope: { kind: 'account', accountId: DEMO.accounts.otherRetail },
    };
    const found = await listAuditEntries(
      scoped,
      { 'at[after]': '2001-01-01', 'at[before]': '2001-12-31' },
      { offset: 0, limit: 100 },
      1000,
    );
    expect(found.rows.map((r) => r.id)).toEqual([ids.otherCategory]);
  });
});

/** A filter, its query (read once the users are known) and the entries of 2001 it keeps. */
type FilterCase = [name: string, query: () => string, kept: string[]];

describe('audit log: filters', () => {
  it.each<FilterCase>([
    ['accountId', () => `accountId=${DEMO.accounts.otherRetail}`, ['otherCategory']],
    [
      'actorUserId',
      () => `actorUserId=${userIds.admin}`,
      ['userSameInstant', 'userSecrets', 'productUpdated'],
    ],
    [
      'actor (a part of the e-mail, any case)',
      () => 'actor=ROOT_MANAGEMENT_UNIT_MANAGER@',
      ['otherCategory', 'productCreated'],
    ],
    ['actor (only the demo. domain)', () => 'actor=manager%40demo.', ['productCreated']],
    ['entityType', () => 'entityType=product', ['byFormulaUser', 'productUpdated', 'productCreated']],
    ['entityId', () => `entityId=${USER}`, ['userSameInstant', 'userSecrets']],
    ['action', () => 'action=remove', ['jobRemoved']],
    ['entityType and action', () => 'entityType=product&action=create', ['byFormulaUser', 'productCreated']],
  ])('%s narrows the list', async (_name, query, expected) => {
    expect(namesOf((await list(`${IN_2001}&${query()}&itemsPerPage=100`)).member)).toEqual(expected);
  });

  it('at[after] and at[before] take days (the whole day) or instants with their offset', async () => {
    const names = async (query: string) => namesOf((await list(`${query}&itemsPerPage=100`)).member);
    expect(await names('at[after]=2001-03-04&at[before]=2001-03-05')).toEqual([
      'userSameInstant',
      'userSecrets',
      'jobRemoved',
    ]);
    expect(await names('at[after]=2001-03-02T09:00:00Z&at[before]=2001-03-03T10:00:00%2B01:00')).toEqual([
      'otherCategory',
      'productUpdated',
    ]);
    expect(await names('at[after]=2001-03-06T09:00:00.001Z&at[before]=2001-12-31')).toEqual([]);
    expect(await names('at[after]=2001-01-01&at[before]=2001-03-01')).toEqual(['productCreated']);
  });

  it('a filter that keeps nothing answers an empty page', async () => {
    const page = await list(`${IN_2001}&accountId=${DEMO.accounts.demoBuyer}`);
    expect(page).toMatchObject({ member: [], totalItems: 0, totalItemsCapped: false });
  });
});

describe('audit log: paging', () => {
  it('pages follow each other without a gap or a repeat, newest first, with their links', async () => {
    const first = await list(`${IN_2001}&itemsPerPage=3`);
    const second = await list(`${IN_2001}&itemsPerPage=3&page=2`);
    const third = await list(`${IN_2001}&itemsPerPage=3&page=3`);
    expect([first, second, third].map((p) => p.totalItems)).toEqual([7, 7, 7]);
    expect([...first.member, ...second.member, ...third.member].map((e) => e.id)).toEqual(
      ORDER_2001.map((name) => ids[name]),
    );
    expect(first.view.next).toContain('page=2');
    expect(first.view.next).toContain('at%5Bafter%5D=2001-01-01');
    expect(first.view.previous).toBeUndefined();
    expect(third.view.next).toBeUndefined();
    expect(third.view.last).toContain('page=3');
    expect((await list(`${IN_2001}&itemsPerPage=3&page=4`)).member).toEqual([]);
  });

  it('the unfiltered list holds the whole log, newest first', async () => {
    const page = await list('itemsPerPage=100');
    expect(page.totalItems).toBeGreaterThan(7);
    const times = page.member.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

/** The secrets the `userSecrets` entry holds: no answer shows them. */
const LEAKED_SECRETS = [
  'leaked-hash',
  'leaked-client-secret',
  'FR7630006000011234567890189',
  'leaked-api-token',
];

describe('audit log: secrets', () => {
  it('redacts keys named like a password, secret, token, hash or IBAN, at any depth', async () => {
    const res = await kit.get('admin', `/api/audit-log?${IN_2001}&entityId=${USER}`);
    expect(res.statusCode).toBe(200);
    const entry = (res.json() as AuditEntryCollectionResponse).member.find((e) => e.id === ids.userSecrets);
    expect(entry?.before).toEqual({
      email: 'kept@demo.test',
      passwordHash: REDACTED,
      sso: { clientSecret: REDACTED },
      payments: [{ iban: REDACTED }],
    });
    expect(entry?.after).toEqual({ email: 'kept@demo.test', apiToken: REDACTED });
    for (const secret of LEAKED_SECRETS) expect(res.body).not.toContain(secret);
  });

  it('the export redacts them too', async () => {
    const res = await kit.get('admin', `/api/audit-log/export?${IN_2001}&entityId=${USER}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(REDACTED);
    for (const secret of LEAKED_SECRETS) expect(res.body).not.toContain(secret);
  });
});

describe('audit log: CSV export', () => {
  it('streams the filtered entries as CSV, newest first, and says its cap in its headers', async () => {
    const res = await kit.get('admin', `/api/audit-log/export?${IN_2001}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['audit-log-export-limit']).toBe(String(AUDIT_LOG_EXPORT_LIMIT));
    expect(res.headers['audit-log-export-truncated']).toBe('false');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csvLines(res.body);
    expect(header).toBe(
      'at,account_id,account_name,actor_user_id,actor_name,actor_email,action,entity_type,entity_id,before,after',
    );
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe(
      [
        '2001-03-02T09:00:00.000Z',
        DEMO.accounts.demoRetail,
        accountNames[DEMO.accounts.demoRetail],
        userIds.admin,
        (await list(`${IN_2001}&entityType=product&action=update`)).member[0]?.actor?.name,
        DEMO_USERS.admin,
        'update',
        'product',
        PRODUCT,
        '"{""name"":""iPhone 12"",""priceGradeA"":20000}"',
        '"{""name"":""iPhone 12"",""priceGradeA"":18000}"',
      ].join(','),
    );
    // a platform job's entry: empty cells for the account, the actor and the states
    expect(lines[3]).toBe(`2001-03-04T09:00:00.000Z,,,,,,remove,job,${JOB},,`);
    // a name a spreadsheet would run as a formula is made inert
    expect(lines[0]).toContain(`,'=SUM(1+1) Formula,formula@audit.test,create,product,`);
  });

  it('takes the list filters', async () => {
    const res = await kit.get('admin', `/api/audit-log/export?${IN_2001}&entityType=product&action=update`);
    const lines = csvLines(res.body).slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^2001-03-02T09:00:00\.000Z,/);
  });

  it('written in batches, it holds every entry once, entries of one instant included', async () => {
    const whole = csvLines((await kit.get('admin', `/api/audit-log/export?${IN_2001}`)).body);
    const batchSize = auditLogExportTuning.batchSize;
    auditLogExportTuning.batchSize = 2;
    try {
      const batched = csvLines((await kit.get('admin', `/api/audit-log/export?${IN_2001}`)).body);
      expect(batched).toHaveLength(8);
      expect(batched).toEqual(whole);
    } finally {
      auditLogExportTuning.batchSize = batchSize;
    }
  });

  it('holds at most its limit of entries, the newest, and says there were more', async () => {
    const capped = await exportAuditLog(admin, { 'at[after]': '2001-01-01', 'at[before]': '2001-12-31' }, 3);
    expect(capped.truncated).toBe(true);
    const lines = csvLines(await csvOf(capped.stream)).slice(1);
    expect(lines.map((line) => line.slice(0, 24))).toEqual([
      '2001-03-06T09:00:00.000Z',
      '2001-03-05T09:00:00.123Z',
      '2001-03-05T09:00:00.123Z',
    ]);
    const whole = await exportAuditLog(admin, { 'at[after]': '2001-01-01', 'at[before]': '2001-12-31' }, 7);
    expect(whole.truncated).toBe(false);
    expect(csvLines(await csvOf(whole.stream)).slice(1)).toHaveLength(7);
  });
});

describe('audit log: bad input', () => {
  it.each([
    ['accountId=not-a-uuid', 'invalid_uuid', 'accountId'],
    ['actorUserId=42', 'invalid_uuid', 'actorUserId'],
    ['entityId=x', 'invalid_uuid', 'entityId'],
    ['entityType=spaceship', 'invalid_value', 'entityType'],
    ['action=delete', 'invalid_value', 'action'],
    ['at[after]=2001-13-45', 'invalid_date', 'at[after]'],
    ['at[before]=yesterday', 'invalid_date', 'at[before]'],
    ['at[after]=0000-01-01', 'invalid_date', 'at[after]'],
    ['at[before]=2001-03-01T09:00:00', 'invalid_date', 'at[before]'],
    [`actor=${'a'.repeat(255)}`, 'too_long', 'actor'],
  ] as const)('%s answers 422 on the list and the export', async (query, code, path) => {
    for (const url of [`/api/audit-log?${query}`, `/api/audit-log/export?${query}`]) {
      const res = await kit.get('admin', url);
      expectViolation(res, code, path);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it.each(['page=0', 'itemsPerPage=1000', 'itemsPerPage=abc', 'page=99999999999'])(
    '%s answers a 4xx problem, never a 500',
    async (query) => {
      const res = await kit.get('admin', `/api/audit-log?${query}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBeTruthy();
    },
  );
});
