/** The product's name in the wizard's address: `/diag/{id}/iphone-13-128-go-noir`. */
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

export function diagPath(productId: string, name: string): string {
  return `/diag/${productId}/${productSlug(name)}`;
}
