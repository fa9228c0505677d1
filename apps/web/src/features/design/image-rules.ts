import { FAVICON_MAX_BYTES, IMAGE_MAX_BYTES } from '@reprise/shared';
import type { AccountImage } from './design.queries';

/** What an account image may be (design); the server checks the content again. */
export interface ImageRule {
  mimeTypes: readonly string[];
  extensions: readonly string[];
  maxBytes: number;
  /** Recommended size in pixels. */
  width: number;
  height: number;
}

export const IMAGE_RULES: Record<AccountImage, ImageRule> = {
  logo: {
    mimeTypes: ['image/jpeg', 'image/png'],
    extensions: ['jpg', 'jpeg', 'png'],
    maxBytes: IMAGE_MAX_BYTES,
    width: 250,
    height: 50,
  },
  favicon: {
    mimeTypes: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png'],
    extensions: ['ico', 'png'],
    maxBytes: FAVICON_MAX_BYTES,
    width: 16,
    height: 16,
  },
};

export type ImageProblem = 'invalid_type' | 'too_large';

/** The `accept` attribute of the file picker. */
export function acceptOf(rule: ImageRule): string {
  return [...rule.mimeTypes, ...rule.extensions.map((extension) => `.${extension}`)].join(',');
}

/** Why a chosen file cannot be sent, or null. Browsers may leave the type of an .ico file empty. */
export function checkImageFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  rule: ImageRule,
): ImageProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    rule.extensions.includes(extension) && (file.type === '' || rule.mimeTypes.includes(file.type));
  if (!typeOk) return 'invalid_type';
  if (file.size > rule.maxBytes) return 'too_large';
  return null;
}
