import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live; local disk by default, an object store in multi-server deployments. */
export interface Storage {
  put(prefix: string, extension: string, data: Buffer): Promise<string>;
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
function byteLimit(maxBytes: number): Transform & { bytes: () => number } {
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

const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(prefix, extension, data) {
      const key = `${prefix}/${randomUUID()}.${extension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return key;
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async putStream(prefix, extension, source, maxBytes = Number.MAX_SAFE_INTEGER) {
      const key = `${prefix}/${randomUUID()}.${extension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // written under a temporary name, renamed once whole: a reader never sees half a file
      const partial = `${file}.partial`;
      const counter = byteLimit(maxBytes);
      try {
        await pipeline(source, counter, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size: counter.bytes() };
    },
    async getStream(key) {
      const file = resolve(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
  };
}
