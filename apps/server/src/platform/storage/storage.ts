import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

/**
 * Where uploaded and generated files live: local disk by default (local-storage.ts), an
 * S3-compatible object store when several processes or machines share the files (s3-storage.ts).
 */
export interface Storage {
  put(prefix: string, extension: string, data: Buffer): Promise<string>;
  /** Reads a file whole (an image, a PDF); null when there is none. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /**
   * Writes a stream (an import file, an export) without holding it in memory. Past `maxBytes`
   * the write stops with FileTooLargeError and nothing is kept.
   */
  putStream(prefix: string, extension: string, source: Readable, maxBytes?: number): Promise<StoredFile>;
  /** Reads a file as a stream; null when there is none. */
  getStream(key: string): Promise<Readable | null>;
}

export interface StoredFile {
  key: string;
  size: number;
}

/** A streamed file went past its size limit. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

/** Counts the bytes going through, failing past `maxBytes`. */
export function byteLimit(maxBytes: number): Transform & { bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}

/** `prefix/uuid.ext`: the only keys a storage reads or writes, so that a key never walks out of its root. */
const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const isStorageKey = (key: string) => SAFE_KEY.test(key);

/** Refuses a key that is not `prefix/uuid.ext`; answers it. */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
  return key;
}

/** A new key for a file under `prefix`. */
export const newKey = (prefix: string, extension: string) =>
  checkedKey(`${prefix}/${randomUUID()}.${extension}`);
