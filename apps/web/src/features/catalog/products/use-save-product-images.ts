import type { ProductResponse } from '@reprise/shared';
import { imageChanged } from '../catalog-image';
import type { ProductFormValues } from './product-form-values';
import { type ProductImageKind, useProductImage } from './products.queries';

type ImageField = 'image' | 'imageHd';

const KIND_OF: Record<ImageField, ProductImageKind> = { image: 'image', imageHd: 'image-hd' };

/** An image the server did not take, with the form field it came from. */
export class ImageSaveError extends Error {
  constructor(
    readonly field: ImageField,
    readonly reason: unknown,
  ) {
    super(`The ${field} of the product was not saved`);
  }
}

/** Sends the form's image changes once the product is saved, one after the other; stops at the first refusal. */
export function useSaveProductImages() {
  const image = useProductImage();
  const save = async (product: ProductResponse, values: ProductFormValues) => {
    for (const field of ['image', 'imageHd'] as const) {
      const change = values[field];
      if (!imageChanged(change)) continue;
      try {
        await image.mutateAsync({ id: product.id, kind: KIND_OF[field], file: change.file });
      } catch (error) {
        throw new ImageSaveError(field, error);
      }
    }
  };
  return { save, isPending: image.isPending };
}
