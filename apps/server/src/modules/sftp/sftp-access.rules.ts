/** A username from the account's name: lower-case letters, digits and dashes, 3 to 64 of them. */
export function usernameBase(accountName: string): string {
  const slug = accountName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `account-${slug}`.replace(/-+$/, '');
}
