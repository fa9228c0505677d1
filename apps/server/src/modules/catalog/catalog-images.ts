import { IMAGE_MAX_BYTES } from '@reprise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../platform/storage';
import { type AllowedType, checkUpload, mimeOfExtension } from '../../platform/uploads';
// generic image helpers of the accounts module (candidates for platform/)
import { extensionOf, imageCacheControl, imageVersion } from '../accounts';

/** Catalogue images: JPG or PNG up to 250 kB, one file, checked by content. */
const CATALOG_IMAGE_TYPES: readonly AllowedType[] = ['jpg', 'png'];
export const CATALOG_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;

/** The versioned URL of a stored image: the version changes with the file, so caches stay correct. */
export const imageUrl = (path: string, key: string | null) => (key ? `${path}?v=${imageVersion(key)}` : null);

/** Checks an uploaded image and stores it; answers its storage key. */
export async function storeImage(storage: Storage, prefix: string, data: Buffer): Promise<string> {
  const extension = await checkUpload(data, CATALOG_IMAGE_TYPES, CATALOG_IMAGE_MAX_BYTES);
  return storage.put(prefix, extension, data);
}

/**
 * Runs the change that points a record to `key` (null removes the image). A file written for a change
 * that fails is removed; the file replaced is removed once the change has committed.
 */
export async function swapStoredImage<T>(
  storage: Storage,
  key: string | null,
  change: () => Promise<{ result: T; replaced: string | null }>,
): Promise<T> {
  let outcome: { result: T; replaced: string | null };
  try {
    outcome = await change();
  } catch (error) {
    if (key) await storage.remove(key).catch(() => {});
    throw error;
  }
  // the old file is only garbage now: failing to delete it must not fail the change
  if (outcome.replaced && outcome.replaced !== key) await storage.remove(outcome.replaced).catch(() => {});
  return outcome.result;
}

export interface StoredImage {
  data: Buffer;
  key: string;
}

/** Answers a stored image with its type, ETag and cache headers (304 when the client has it). */
export function sendImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage) {
  const version = imageVersion(image.key);
  const etag = `"${version}"`;
  const requested = (request.query as { v?: string } | undefined)?.v;
  reply
    .header('cache-control', imageCacheControl(requested, version).replace('public', 'private'))
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(mimeOfExtension(extensionOf(image.key))).send(image.data);
}
