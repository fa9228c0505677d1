import { describe, expect, it } from 'vitest';
import { acceptOf, checkImageFile, IMAGE_RULES } from './image-rules';

const file = (name: string, type: string, kilobytes: number) => ({ name, type, size: kilobytes * 1024 });

describe('account image rules', () => {
  it('accepts a JPG or PNG logo up to 250 kB', () => {
    expect(checkImageFile(file('logo.png', 'image/png', 250), IMAGE_RULES.logo)).toBeNull();
    expect(checkImageFile(file('logo.JPEG', 'image/jpeg', 12), IMAGE_RULES.logo)).toBeNull();
  });

  it('refuses a logo of another type, or heavier than 250 kB', () => {
    expect(checkImageFile(file('logo.gif', 'image/gif', 10), IMAGE_RULES.logo)).toBe('invalid_type');
    expect(checkImageFile(file('logo.png', 'image/svg+xml', 10), IMAGE_RULES.logo)).toBe('invalid_type');
    expect(checkImageFile(file('logo.png', 'image/png', 251), IMAGE_RULES.logo)).toBe('too_large');
  });

  it('accepts an ICO favicon even when the browser gives it no type, up to 20 kB', () => {
    expect(checkImageFile(file('favicon.ico', '', 4), IMAGE_RULES.favicon)).toBeNull();
    expect(checkImageFile(file('favicon.ico', 'image/vnd.microsoft.icon', 21), IMAGE_RULES.favicon)).toBe(
      'too_large',
    );
    expect(checkImageFile(file('favicon.jpg', 'image/jpeg', 4), IMAGE_RULES.favicon)).toBe('invalid_type');
  });

  it('lets the file picker offer the allowed types', () => {
    expect(acceptOf(IMAGE_RULES.logo)).toBe('image/jpeg,image/png,.jpg,.jpeg,.png');
  });
});
