import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { byteLimit, checkedKey, newKey, type Storage } from './storage';

/** The files on local disk under `root` (DATA_DIR/files): the embedded default, for one machine. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(prefix, extension, data) {
      const key = newKey(prefix, extension);
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
      const key = newKey(prefix, extension);
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
