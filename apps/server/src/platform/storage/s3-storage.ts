import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStorageConfig } from '../config';
import { byteLimit, checkedKey, newKey, type Storage } from './storage';

/** The client of the configured store. */
export function s3Client(config: ObjectStorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // the SDK's newer default checksums (CRC32 trailers on every upload) are unknown to many
    // S3-compatible stores; S3 itself needs them only where an operation requires them
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The smallest part S3 accepts; a streamed file holds at most PARTS_IN_FLIGHT + 1 of them in memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** A request to the object store failed for another reason than a missing object: denied, store down, no bucket. */
export class ObjectStorageError extends Error {}

/** The error of a failed request, its message naming the operation, the bucket and the store's answer. */
export function storeFailure(
  action: string,
  bucket: string,
  key: string,
  error: unknown,
): ObjectStorageError {
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  const what = [
    e.name,
    e.code && e.code !== e.name ? e.code : undefined,
    status ? `HTTP ${status}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  return new ObjectStorageError(
    `object storage: ${action} ${key} in bucket ${bucket} failed (${what || 'error'}): ${e.message || String(error)}`,
    { cause: error },
  );
}

/** A missing object (NoSuchKey, or a 404 answer to a HEAD), not a missing bucket. */
export function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The files in an S3-compatible bucket, under the same keys as on disk (`prefix/uuid.ext`), so
 * that `npm run storage:copy-to-bucket` moves a disk's files as they are. Streams go up in parts
 * (multipart upload) and come down as the store sends them: no file is held whole in memory.
 */
export function s3Storage(options: { client: S3Client; bucket: string }): Storage {
  const { client, bucket: Bucket } = options;
  const read = async (key: string): Promise<GetObjectCommandOutput | null> => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw storeFailure('reading', Bucket, key, error);
    }
  };
  return {
    async put(prefix, extension, data) {
      const Key = newKey(prefix, extension);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
      } catch (error) {
        throw storeFailure('writing', Bucket, Key, error);
      }
      return Key;
    },
    async get(key) {
      const object = await read(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
      } catch (error) {
        if (!isMissingObject(error)) throw storeFailure('removing', Bucket, key, error);
      }
    },
    async putStream(prefix, extension, source, maxBytes = Number.MAX_SAFE_INTEGER) {
      const Key = newKey(prefix, extension);
      const counter = byteLimit(maxBytes);
      // the source's own error (a client gone mid-upload) or the size limit, kept as they are;
      // recorded when the counter fails, before the upload sees its body fail
      let streamError: unknown;
      counter.on('error', (error) => {
        streamError ??= error;
      });
      pipeline(source, counter).catch(() => {});
      // an upload that fails is aborted (leavePartsOnError: false): the store drops its parts
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counter },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        const cause = streamError;
        counter.destroy();
        source.destroy();
        throw cause ?? storeFailure('writing', Bucket, Key, error);
      }
      return { key: Key, size: counter.bytes() };
    },
    async getStream(key) {
      const object = await read(key);
      return (object?.Body as Readable | undefined) ?? null;
    },
  };
}
