import { FAVICON_MAX_BYTES, IMAGE_MAX_BYTES } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_IMAGES, extensionOf, imageCacheControl, imageVersion } from './account-images';

describe('account images', () => {
  it('a logo is a JPG or PNG up to 250 kB; a favicon an ICO or PNG up to 20 kB', () => {
    expect(ACCOUNT_IMAGES.logo).toMatchObject({
      types: ['jpg', 'png'],
      maxBytes: IMAGE_MAX_BYTES,
      prefix: 'logos',
    });
    expect(ACCOUNT_IMAGES.favicon).toMatchObject({
      types: ['ico', 'png'],
      maxBytes: FAVICON_MAX_BYTES,
      prefix: 'favicons',
    });
    expect(IMAGE_MAX_BYTES).toBe(250 * 1024);
    expect(FAVICON_MAX_BYTES).toBe(20 * 1024);
  });

  it('the version and extension come from the storage key', () => {
    const key = 'logos/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    expect(imageVersion(key)).toBe('7728950e');
    expect(extensionOf(key)).toBe('png');
  });

  it('a versioned URL is cached for good, an unversioned one is revalidated', () => {
    expect(imageCacheControl('7728950e', '7728950e')).toContain('immutable');
    expect(imageCacheControl(undefined, '7728950e')).toBe('public, no-cache');
    expect(imageCacheControl('old', '7728950e')).toBe('public, no-cache');
  });
});
