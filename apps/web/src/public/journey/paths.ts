import { productSlug } from '../../lib/product-slug';

/** `/product/{id}/{slug}`: the product's page, its name in the address. */
export const productPath = (id: string, name: string) => `/product/${id}/${productSlug(name)}`;
