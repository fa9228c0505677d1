/**
 * The product's name in an address, for people and search engines (`iphone-13-128-go-noir`): the
 * back office's wizard (`/diag/{id}/{slug}`) and the public site (`/product/{id}/{slug}`).
 */
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
