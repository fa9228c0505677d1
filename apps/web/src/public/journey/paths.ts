/** `/product/{id}/{slug}`: the product's name in the address. */
export function productSlug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'product'
  );
}

export const productPath = (id: string, name: string) => `/product/${id}/${productSlug(name)}`;
