import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../../test/s3-peer';
import { loadConfig, type ObjectStorageConfig } from '../config';
import { copyToBucket } from './copy-to-bucket';
import { localStorage } from './local-storage';
import { s3Client, s3Storage } from './s3-storage';
import type { Storage } from './storage';

const root = path.resolve(import.meta.dirname, '../../../../..');

let peer: S3Peer;
let dataDir: string;
let filesDir: string;
let disk: Storage;
let bucket: Storage;
let config: ObjectStorageConfig;

beforeAll(async () => {
  peer = await startS3Peer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'reprise-copy-'));
  filesDir = path.join(dataDir, 'files');
  disk = localStorage(filesDir);
  config = loadConfig(peer.env).objectStorage as ObjectStorageConfig;
  bucket = s3Storage({ client: s3Client(config), bucket: config.bucket });
});
afterAll(async () => {
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const copy = () => copyToBucket({ filesDir, client: s3Client(config), bucket: config.bucket });

describe('copying DATA_DIR/files into the bucket', () => {
  it('copies every stored file under its own key, ignores what is no storage key, and skips it all the second time', async () => {
    const logo = await disk.put('logos', 'png', Buffer.from('a logo'));
    const policy = await disk.put('policy-files', 'pdf', Buffer.from('%PDF a policy'));
    const big = Buffer.alloc(6 * 1024 * 1024, 3);
    const upload = await disk.put('imports', 'csv', big);
    mkdirSync(path.join(filesDir, 'imports'), { recursive: true });
    writeFileSync(path.join(filesDir, 'imports', 'left-over.csv.partial'), 'half');
    writeFileSync(path.join(filesDir, 'notes.txt'), 'not a file of the app');

    expect(await copy()).toEqual({
      copied: 3,
      alreadyThere: 0,
      ignored: ['imports/left-over.csv.partial', 'notes.txt'],
    });
    expect((await bucket.get(logo))?.toString()).toBe('a logo');
    expect((await bucket.get(policy))?.toString()).toBe('%PDF a policy');
    expect((await bucket.get(upload))?.equals(big)).toBe(true);

    expect(await copy()).toMatchObject({ copied: 0, alreadyThere: 3 });
  });

  it('copies again a file whose size differs in the bucket, and one written since', async () => {
    const logo = await disk.put('logos', 'png', Buffer.from('first'));
    await copy();
    writeFileSync(path.join(filesDir, logo), 'the logo, replaced on disk');
    const later = await disk.put('site-banners', 'jpg', Buffer.from('a banner'));
    expect(await copy()).toMatchObject({ copied: 2 });
    expect((await bucket.get(logo))?.toString()).toBe('the logo, replaced on disk');
    expect((await bucket.get(later))?.toString()).toBe('a banner');
  });

  it('npm run storage:copy-to-bucket prints its counts; without S3_BUCKET it refuses in one line', async () => {
    // run asynchronously: the peer answering the command lives in this process
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          path.join(root, 'node_modules/.bin/node'),
          [
            path.join(root, 'node_modules/tsx/dist/cli.mjs'),
            'apps/server/src/platform/storage/copy-to-bucket.cli.ts',
          ],
          { cwd: root, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env }, encoding: 'utf8' },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ),
      );
    const done = await run(peer.env);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /^0 files copied from .+ to bucket reprise-files\n\d+ already there with the same size\n2 ignored/,
    );
    const refused = await run({});
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^storage:copy-to-bucket: S3_BUCKET is not set/);
  });
});
