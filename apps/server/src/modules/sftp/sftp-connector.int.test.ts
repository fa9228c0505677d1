import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { startRemoteSftp } from '../../../test/sftp-peer';
import { DEMO } from '../../../test/test-app';
import { systemContext, transact } from '../../platform/request-context';
import { CONNECTOR_FQN, insertConfiguration } from '../connectors';
import { dueOccurrence, runConnectorSchedule } from './connector-schedule';
import { contentOfFileName, runSftpPull } from './sftp-pull';

/**
 * The SFTP import connector (docs/imports.md): its schedule and strategy checked when configured,
 * the minute tick sending a pull when the schedule is due (once, however many ticks), the pull
 * importing each new file of a real remote SFTP server once, and a refused sign-in failing the job.
 */

const A = DEMO.accounts;
const USER = 'reprise';
const PASSWORD = 'remote-secret-1';

let k: ApiKit;
let remote: Awaited<ReturnType<typeof startRemoteSftp>>;
let root: string;

beforeAll(async () => {
  k = await startApiKit();
  root = mkdtempSync(path.join(tmpdir(), 'reprise-remote-sftp-'));
  writeFileSync(path.join(root, 'categories-2026.csv'), 'id;identifier;label\r\n');
  writeFileSync(path.join(root, 'notes.txt'), 'not an import');
  remote = await startRemoteSftp({ root, username: USER, password: PASSWORD });
}, 120_000);
afterAll(async () => {
  await remote?.close();
  await k?.close();
  rmSync(root, { recursive: true, force: true });
});

const ctx = () => systemContext(k.t.deps, { kind: 'all' });

async function configure(name: string, values: Partial<Record<string, string>> = {}) {
  return transact(ctx(), (tx) =>
    insertConfiguration(tx, {
      accountId: A.demoRetail,
      organizationId: DEMO.orgs.retailRoot,
      fqn: CONNECTOR_FQN.sftpImport,
      name,
      values: {
        host: '127.0.0.1',
        port: String(remote.port),
        username: USER,
        password: PASSWORD,
        directory: '/',
        schedule: '*/5 * * * *',
        strategy: 'generic',
        ...values,
      } as Record<string, string>,
    }),
  );
}

const importsOf = (configurationId: string) =>
  k.t.db
    .selectFrom('imports')
    .select(['id', 'file_name', 'content', 'strategy', 'origin', 'account_id', 'source_account_id'])
    .where('connector_configuration_id', '=', configurationId)
    .orderBy('file_name')
    .execute();

describe('the SFTP import connector’s configuration', () => {
  const create = (properties: Record<string, string>) =>
    k.post('rmu', '/api/connector-organizations', {
      organizationId: DEMO.orgs.retailRoot,
      connectorId: '00000000-0000-4000-c000-000000000007',
      name: `SFTP ${Math.random()}`,
      properties: {
        host: 'sftp.example.test',
        port: '22',
        username: 'u',
        password: 'p',
        directory: '/in',
        schedule: '0 * * * *',
        strategy: 'generic',
        ...properties,
      },
    });

  it('refuses a schedule that is not a cron expression', async () => {
    expectViolation(await create({ schedule: 'every hour' }), 'invalid_cron', 'properties.schedule');
  });

  it('refuses a strategy that is not an import strategy', async () => {
    expectViolation(await create({ strategy: 'fuzzy' }), 'invalid_import_strategy', 'properties.strategy');
  });

  it('refuses them on a change too, and takes valid ones', async () => {
    const created = await create({});
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expectViolation(
      await k.patch('rmu', `/api/connector-organizations/${id}`, { properties: { schedule: '61 * * * *' } }),
      'invalid_cron',
      'properties.schedule',
    );
    const changed = await k.patch('rmu', `/api/connector-organizations/${id}`, {
      properties: { schedule: '*/10 * * * *', strategy: 'uuid' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await k.patch('rmu', `/api/connector-organizations/${id}`, { status: 'inactive' });
  });
});

describe('the schedule and the pull', () => {
  it('finds the occurrence due since a moment, in UTC', () => {
    const since = new Date('2026-03-01T10:00:30Z');
    expect(dueOccurrence('*/5 * * * *', since, new Date('2026-03-01T10:04:59Z'))).toBeNull();
    expect(dueOccurrence('*/5 * * * *', since, new Date('2026-03-01T10:05:00Z'))?.toISOString()).toBe(
      '2026-03-01T10:05:00.000Z',
    );
    expect(dueOccurrence('not cron', since, new Date('2026-03-02T00:00:00Z'))).toBeNull();
  });

  it('reads the content from the file name', () => {
    expect(contentOfFileName('Categories-2026.csv')).toBe('categories');
    expect(contentOfFileName('diagnostic.xlsx')).toBe('diagnostic');
    expect(contentOfFileName('catalogue.csv')).toBe('products');
  });

  it('the tick sends a due pull once, which imports each new file once', async () => {
    const id = await configure('Remote catalogue');
    const created = (
      await k.t.db
        .selectFrom('connector_configurations')
        .select('created_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).created_at;
    // not due before the schedule's next occurrence
    const early = await runConnectorSchedule(ctx(), new Date(created));
    expect(early.pulls).toBe(0);
    const later = new Date(new Date(created).getTime() + 6 * 60_000);
    expect((await runConnectorSchedule(ctx(), later)).pulls).toBe(1);
    // a second tick at the same moment finds the run recorded
    expect((await runConnectorSchedule(ctx(), later)).pulls).toBe(0);
    const run = await k.t.db
      .selectFrom('connector_configurations')
      .select('last_run_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(run.last_run_at as Date).toISOString()).toBe(later.toISOString());
    // the pull job runs in the test app's workers
    let imports = await importsOf(id);
    for (let i = 0; i < 60 && imports.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      imports = await importsOf(id);
    }
    expect(imports).toMatchObject([
      {
        file_name: 'categories-2026.csv',
        content: 'categories',
        strategy: 'generic',
        origin: 'sftp_connector',
        account_id: A.demoRetail,
        source_account_id: null,
      },
    ]);
    // nothing new: nothing imported
    expect(await runSftpPull(ctx(), { configurationId: id })).toBe(0);
    // a new file, and the old one changed in place: both pulled
    writeFileSync(path.join(root, 'products-week.csv'), 'id;reference\r\n');
    writeFileSync(path.join(root, 'categories-2026.csv'), 'id;identifier;label\r\n;x;X\r\n');
    expect(await runSftpPull(ctx(), { configurationId: id })).toBe(2);
    expect(await runSftpPull(ctx(), { configurationId: id })).toBe(0);
    expect((await importsOf(id)).map((i) => [i.file_name, i.content])).toEqual([
      ['categories-2026.csv', 'categories'],
      ['categories-2026.csv', 'categories'],
      ['products-week.csv', 'products'],
    ]);
    const pulled = await k.t.db
      .selectFrom('sftp_pulled_files')
      .select('remote_path')
      .where('configuration_id', '=', id)
      .execute();
    expect(pulled).toHaveLength(3);
    await k.patch('rmu', `/api/connector-organizations/${id}`, { status: 'inactive' });
  }, 60_000);

  it('a refused sign-in fails the pull (the job is tried again later)', async () => {
    const id = await configure('Wrong password', { password: 'not-the-password' });
    await expect(runSftpPull(ctx(), { configurationId: id })).rejects.toThrow(/authentication/i);
    expect(await importsOf(id)).toEqual([]);
    await k.patch('rmu', `/api/connector-organizations/${id}`, { status: 'inactive' });
  });

  it('an inactive configuration, or another account’s unknown id, pulls nothing', async () => {
    const id = await configure('Inactive one');
    await k.patch('rmu', `/api/connector-organizations/${id}`, { status: 'inactive' });
    expect(await runSftpPull(ctx(), { configurationId: id })).toBe(0);
    const otherScope = systemContext(k.t.deps, { kind: 'account', accountId: A.otherRetail });
    expect(await runSftpPull(otherScope, { configurationId: id })).toBe(0);
  });
});
