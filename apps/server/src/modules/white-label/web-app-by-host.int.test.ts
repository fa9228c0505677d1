import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // a stand-in for the web build: the two HTML entries, told apart by their content
  dist = mkdtempSync(path.join(tmpdir(), 'reprise-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>back office</title>');
  writeFileSync(path.join(dist, 'public.html'), '<!doctype html><title>public site</title>');
  t = await createTestApp({ WEB_DIST_DIR: dist });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('the web app served by host', () => {
  it.each(['localhost:3000', '127.0.0.1:3000'])('the base host %s gets the back office', async (host) => {
    for (const url of ['/', '/home', '/white-label/site']) {
      const res = await page(host, url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('back office');
    }
  });

  it.each([
    'demo-retail.localhost:3000',
    'other-retail.localhost:3000',
    'nowhere.localhost:3000',
    'shop.example.com',
  ])(
    '%s gets the public site, never the back office (the public app shows not-available itself)',
    async (host) => {
      for (const url of ['/', '/stores', '/cgu', '/anything']) {
        const res = await page(host, url);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('public site');
        expect(res.headers.vary).toContain('host');
      }
    },
  );

  it('API paths stay API paths on a site host', async () => {
    const res = await page('demo-retail.localhost:3000', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
