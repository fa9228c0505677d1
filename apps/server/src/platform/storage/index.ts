import type { Config } from '../config';
import { localStorage } from './local-storage';
import { s3Client, s3Storage } from './s3-storage';

export { ObjectStorageError } from './s3-storage';

import type { Storage } from './storage';

/** The storage module's door: the interface, its two implementations, and the choice between them. */
export { FileTooLargeError, type Storage, type StoredFile } from './storage';

/** The bucket when S3_BUCKET is set, the disk under DATA_DIR/files otherwise (the embedded default). */
export function storageFor(config: Config): Storage {
  const bucket = config.objectStorage;
  return bucket
    ? s3Storage({ client: s3Client(bucket), bucket: bucket.bucket })
    : localStorage(config.filesDir);
}
