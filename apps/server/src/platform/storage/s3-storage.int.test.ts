import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../../../test/s3-peer';
import { loadConfig } from '../config';
import { ObjectStorageError, s3Client, s3Storage } from './s3-storage';
import { FileTooLargeError, type Storage } from './storage';

const MiB = 1024 * 1024;
const MISSING = 'logos/00000000-0000-4000-8000-000000000000.png';

let peer: S3Peer;
let client: S3Client;
let storage: Storage;
/** The commands the client sent, by name, since the last test. */
let sent: string[] = [];

/** The peer's bucket as the app would reach it, with the S3_* variables `overrides` changed. */
function storageWith(overrides: Record<string, string> = {}): { client: S3Client; storage: Storage } {
  const config = loadConfig({ ...peer.env, ...overrides }).objectStorage;
  if (!config) throw new Error('the peer gives S3_BUCKET');
  const built = s3Client(config);
  return { client: built, storage: s3Storage({ client: built, bucket: config.bucket }) };
}

async function keysInBucket(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: peer.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

/** `total` bytes in chunks of 64 KiB, made as they are read; `produced()` says how many so far. */
function lazyFile(total: number, failAfter = Number.POSITIVE_INFINITY) {
  let produced = 0;
  const stream = Readable.from(
    (function* () {
      while (produced < total) {
        if (produced >= failAfter) throw new Error('the client went away');
        const size = Math.min(64 * 1024, total - produced);
        produced += size;
        yield Buffer.alloc(size, produced % 251);
      }
    })(),
  );
  return { stream, produced: () => produced };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  peer = await startS3Peer();
  ({ client, storage } = storageWith());
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
});
afterAll(() => peer.close());
afterEach(() => {
  sent = [];
});

describe('S3 storage', () => {
  it('puts, gets and removes a file under a prefix/uuid.ext key', async () => {
    const key = await storage.put('logos', 'png', Buffer.from('a logo'));
    expect(key).toMatch(/^logos\/[0-9a-f-]{36}\.png$/);
    expect((await storage.get(key))?.toString()).toBe('a logo');
    expect((await readAll((await storage.getStream(key)) as Readable)).toString()).toBe('a logo');
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    // removing what is gone already is no error, as on disk
    await storage.remove(key);
  });

  it('answers null for a missing object, by get and by getStream', async () => {
    expect(await storage.get(MISSING)).toBeNull();
    expect(await storage.getStream(MISSING)).toBeNull();
  });

  it('refuses a key that is not prefix/uuid.ext', async () => {
    await expect(storage.getStream('../etc/passwd')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.put('Logos/..', 'png', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });

  it('streams a file of several parts up in a multipart upload, never reading it whole first', async () => {
    const total = 32 * MiB;
    const file = lazyFile(total);
    let producedAtFirstPart = 0;
    client.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'UploadPartCommand' && producedAtFirstPart === 0)
          producedAtFirstPart = file.produced();
        return next(args);
      },
      { step: 'initialize', name: 'firstPart' },
    );
    try {
      const stored = await storage.putStream('imports', 'csv', file.stream);
      expect(stored.size).toBe(total);
      expect(sent.filter((name) => name === 'CreateMultipartUploadCommand')).toHaveLength(1);
      expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(7);
      expect(sent).toContain('CompleteMultipartUploadCommand');
      // the first part went up while most of the file was still unread
      expect(producedAtFirstPart).toBeGreaterThan(0);
      expect(producedAtFirstPart).toBeLessThan(total / 2);
      const back = await readAll((await storage.getStream(stored.key)) as Readable);
      expect(back.length).toBe(total);
      expect(back.equals(await readAll(lazyFile(total).stream))).toBe(true);
      await storage.remove(stored.key);
    } finally {
      client.middlewareStack.remove('firstPart');
    }
  });

  it('past maxBytes refuses with FileTooLargeError and keeps nothing, the multipart upload aborted', async () => {
    const before = await keysInBucket();
    const file = lazyFile(14 * MiB);
    await expect(storage.putStream('imports', 'csv', file.stream, 7 * MiB)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(sent).toContain('UploadPartCommand');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await keysInBucket()).toEqual(before);
    expect(peer.openUploads()).toEqual([]);
  });

  it('past maxBytes within the first part refuses and sends nothing', async () => {
    const before = await keysInBucket();
    await expect(storage.putStream('imports', 'csv', lazyFile(MiB).stream, 1000)).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(sent).not.toContain('PutObjectCommand');
    expect(await keysInBucket()).toEqual(before);
  });

  it('an upload whose source fails mid-way rejects with that error and leaves no object', async () => {
    const before = await keysInBucket();
    const file = lazyFile(14 * MiB, 8 * MiB);
    await expect(storage.putStream('imports', 'csv', file.stream)).rejects.toThrow('the client went away');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(await keysInBucket()).toEqual(before);
    expect(peer.openUploads()).toEqual([]);
  });

  it('a denied request (wrong secret) is an error naming the bucket and the answer, never a missing file', async () => {
    const denied = storageWith({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }).storage;
    const key = await storage.put('logos', 'png', Buffer.from('kept'));
    const refusal =
      /^object storage: reading logos\/.+ in bucket reprise-files failed \(SignatureDoesNotMatch, HTTP 403\)/;
    await expect(denied.get(key)).rejects.toThrow(refusal);
    await expect(denied.getStream(key)).rejects.toBeInstanceOf(ObjectStorageError);
    await expect(denied.put('logos', 'png', Buffer.from('x'))).rejects.toThrow(
      /writing .* failed \(SignatureDoesNotMatch/,
    );
    await expect(denied.putStream('imports', 'csv', lazyFile(1000).stream)).rejects.toThrow(
      /writing .* failed \(SignatureDoesNotMatch/,
    );
    await expect(denied.remove(key)).rejects.toThrow(/removing .* failed/);
    await storage.remove(key);
  });

  it('a bucket that does not exist is an error, not a missing file', async () => {
    const nowhere = storageWith({ S3_BUCKET: 'no-such-bucket' }).storage;
    await expect(nowhere.get(MISSING)).rejects.toThrow(
      /in bucket no-such-bucket failed \(NoSuchBucket, HTTP 404\)/,
    );
  });

  it('a store that does not answer is an error naming it', async () => {
    const down = storageWith({ S3_ENDPOINT: 'http://127.0.0.1:9' }).storage;
    await expect(down.get(MISSING)).rejects.toThrow(/^object storage: reading .* failed \(.*ECONNREFUSED/);
  });
});
