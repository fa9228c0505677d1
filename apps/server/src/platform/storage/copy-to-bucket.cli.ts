import { ConfigError, loadConfig } from '../config';
import { copyToBucket } from './copy-to-bucket';
import { s3Client } from './s3-storage';

/**
 * `npm run storage:copy-to-bucket`: copies the files kept on disk (DATA_DIR/files, or FILES_DIR)
 * into the bucket the S3_* variables name, before the processes are started with them.
 */
function fail(message: string): never {
  console.error(`storage:copy-to-bucket: ${message}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const bucket = config.objectStorage;
if (!bucket)
  fail(
    'S3_BUCKET is not set: give S3_BUCKET and the other S3_* variables of the bucket to copy the files into.',
  );
const counts = await copyToBucket({
  filesDir: config.filesDir,
  client: s3Client(bucket),
  bucket: bucket.bucket,
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
console.log(`${counts.copied} files copied from ${config.filesDir} to bucket ${bucket.bucket}`);
console.log(`${counts.alreadyThere} already there with the same size`);
console.log(
  `${counts.ignored.length} ignored (not storage keys)${counts.ignored.length ? `: ${counts.ignored.join(', ')}` : ''}`,
);
