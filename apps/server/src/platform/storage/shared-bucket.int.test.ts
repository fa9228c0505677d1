import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../test/api-kit';
import { type S3Peer, startS3Peer } from '../../../test/s3-peer';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { multipartFile, PNG } from '../../../test/upload-kit';
import type { App } from '../../app';

/**
 * Two server processes on two machines: one database, one bucket, each its own DATA_DIR. What one
 * stores, the other serves, and the worker of the first imports a file the second received.
 */

const RETAIL = DEMO.accounts.demoRetail;
let peer: S3Peer;
let t: TestApp;
let other: App;
let otherDataDir: string;
let authorization: string;

beforeAll(async () => {
  peer = await startS3Peer();
  t = await createTestApp(peer.env);
  otherDataDir = mkdtempSync(path.join(tmpdir(), 'reprise-other-machine-'));
  other = await t.secondApp({ DATA_DIR: otherDataDir });
  ({ authorization } = await t.login(DEMO_USERS.rmu));
});
afterAll(async () => {
  await t.close();
  await peer.close();
  rmSync(otherDataDir, { recursive: true, force: true });
});

/** An import form as the screen sends it: its fields, then the file. */
function importForm(file: string) {
  const boundary = '----reprise-shared-bucket';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.from(
    `${field('content', 'products')}${field('strategy', 'generic')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('one bucket shared by two processes', () => {
  it('a logo uploaded through one server is served by the other, and neither keeps it on its disk', async () => {
    const body = multipartFile(PNG, { filename: 'logo.png', type: 'image/png' });
    const uploaded = await other.inject({
      method: 'PUT',
      url: `/api/accounts/${RETAIL}/logo`,
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: uploaded.json().logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(t.deps.config.filesDir)).toBe(false);
    expect(existsSync(path.join(otherDataDir, 'files'))).toBe(false);
  });

  it('an import file received by the server without workers is read by the other process’s worker', async () => {
    const header =
      'reference;ean_code;name;brand;category_identifier;status;price_functional;price_grade_a;price_grade_b;price_grade_c;price_grade_d;price_grade_e';
    const form = importForm(
      `${header}\nS3-1;;Bucket phone;Acme;smartphones-apple;published;300;270;230;180;120;50\n`,
    );
    const started = await other.inject({
      method: 'POST',
      url: `/api/accounts/${RETAIL}/imports`,
      headers: { authorization, ...form.headers },
      payload: form.payload,
    });
    expect(started.statusCode, started.body).toBe(201);
    await t.jobsSettled();
    const done = await other.inject({
      method: 'GET',
      url: `/api/imports/${started.json().id}`,
      headers: { authorization },
    });
    expect(done.json()).toMatchObject({ status: 'success', report: { lines: { found: 1, inserted: 1 } } });
    const stored = await t.db
      .selectFrom('products')
      .select('name')
      .where('account_id', '=', RETAIL)
      .where('reference', '=', 'S3-1')
      .executeTakeFirst();
    expect(stored?.name).toBe('Bucket phone');
  });

  it('a bucket that does not answer is a 503 to try again, and the write is undone', async () => {
    const cut = await t.secondApp({
      DATA_DIR: otherDataDir,
      // nothing listens on port 9 of the loopback (discard, closed)
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    const before = await t.db
      .selectFrom('accounts')
      .select('logo_key')
      .where('id', '=', RETAIL)
      .executeTakeFirst();
    const body = multipartFile(PNG, { filename: 'logo.png', type: 'image/png' });
    const refused = await cut.inject({
      method: 'PUT',
      url: `/api/accounts/${RETAIL}/logo`,
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(refused.json().detail).toMatch(/file store/);
    const after = await t.db
      .selectFrom('accounts')
      .select('logo_key')
      .where('id', '=', RETAIL)
      .executeTakeFirst();
    expect(after).toEqual(before);
  });
});
