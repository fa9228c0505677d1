import { FAVICON_MAX_BYTES, IMAGE_MAX_BYTES } from '@reprise/shared';
import type { AllowedType } from '../../platform/uploads';

export type AccountImageKind = 'logo' | 'favicon';

/** The design images of an account: accepted types, size, storage prefix. */
export const ACCOUNT_IMAGES: Record<
  AccountImageKind,
  { types: readonly AllowedType[]; maxBytes: number; prefix: string }
> = {
  logo: { types: ['jpg', 'png'], maxBytes: IMAGE_MAX_BYTES, prefix: 'logos' },
  favicon: { types: ['ico', 'png'], maxBytes: FAVICON_MAX_BYTES, prefix: 'favicons' },
};

/** The part of a storage key that changes with the file; the image URLs carry it as `?v=`. */
export const imageVersion = (key: string) => key.slice(-12, -4);

/** The extension a storage key was written with. */
export const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * A versioned URL never changes content, so it is cached for a year; an unversioned one is
 * revalidated every time (cheap, with its ETag).
 */
export const imageCacheControl = (requestedVersion: string | undefined, currentVersion: string) =>
  requestedVersion === currentVersion ? 'public, max-age=31536000, immutable' : 'public, no-cache';
