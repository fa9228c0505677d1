/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A URL to run CREATE/DROP DATABASE from (the maintenance database). */
export const adminUrl = (url: string) => withDatabase(url, 'postgres');
