import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isMissingObject, storeFailure } from './s3-storage';
import { isStorageKey } from './storage';

export interface CopyCounts {
  /** Files written to the bucket. */
  copied: number;
  /** Files the bucket already held under the same key with the same size: left as they are. */
  alreadyThere: number;
  /** Files whose path is no storage key (a `.partial` left by an interrupted write…): not copied. */
  ignored: string[];
}

/** Files sent at once: a few, so that thousands of small images do not wait on each other's round trips. */
const AT_ONCE = 4;

/**
 * Copies a DATA_DIR/files tree into the bucket under the same keys (`prefix/uuid.ext`), which the
 * database rows name. Idempotent: a file the bucket holds with the same size is skipped, so a copy
 * interrupted, or run again after the last writes, sends only what is missing.
 */
export async function copyToBucket(options: {
  filesDir: string;
  client: S3Client;
  bucket: string;
}): Promise<CopyCounts> {
  const { filesDir, client, bucket } = options;
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(filesDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
  const counts: CopyCounts = {
    copied: 0,
    alreadyThere: 0,
    ignored: files.filter((key) => !isStorageKey(key)),
  };
  const queue = files.filter(isStorageKey);

  const copyOne = async (key: string) => {
    const file = path.join(filesDir, key);
    const { size } = await stat(file);
    if ((await sizeInBucket(client, bucket, key)) === size) {
      counts.alreadyThere += 1;
      return;
    }
    try {
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: createReadStream(file) },
        queueSize: 2,
      }).done();
    } catch (error) {
      throw storeFailure('copying', bucket, key, error);
    }
    counts.copied += 1;
  };
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await copyOne(key);
    }),
  );
  return counts;
}

/** The size of the object under `key`; null when there is none. */
async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? null;
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw storeFailure('checking', bucket, key, error);
  }
}
