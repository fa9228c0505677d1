import { productSlug } from '../../lib/product-slug';

/** `/diag/{id}/iphone-13-128-go-noir`: the wizard's diagnosis of the product. */
export function diagPath(productId: string, name: string): string {
  return `/diag/${productId}/${productSlug(name)}`;
}
