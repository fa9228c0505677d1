import { IMAGE_MAX_BYTES } from '@reprise/shared';
import type { ImageRule } from '../design';

/** Catalogue images: JPG or PNG up to 250 kB; the server checks the content again. */
export const CATALOG_IMAGE_RULE: ImageRule = {
  mimeTypes: ['image/jpeg', 'image/png'],
  extensions: ['jpg', 'jpeg', 'png'],
  maxBytes: IMAGE_MAX_BYTES,
  width: 0,
  height: 0,
};

/** What a form does with an image when saved: send a new file, remove the stored one, or keep it. */
export interface ImageChange {
  file: File | null;
  remove: boolean;
}

export const NO_IMAGE_CHANGE: ImageChange = { file: null, remove: false };

/** True when saving the form must send or remove the image. */
export const imageChanged = (change: ImageChange) => change.file !== null || change.remove;
