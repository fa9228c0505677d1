import { isIP } from 'node:net';

/** What a request's host names: the back office, or a public site by slug or by own domain. */
export type SiteHost =
  | { kind: 'back_office' }
  | { kind: 'slug'; slug: string }
  | { kind: 'domain'; domain: string };

const SLUG_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The host name without port, lower case, without a trailing dot; '' when unusable. */
export function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return name.slice(0, name.indexOf(']') + 1); // IPv6 literal
  const colon = name.lastIndexOf(':');
  if (colon !== -1) name = name.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * Resolves a host (architecture: the back office at the base host; a retailer's site at
 * `<slug>.localhost` in development, or `<slug>.<base host>`, or the account's own domain).
 * IP literals and the base host are the back office.
 */
export function resolveSiteHost(host: string | undefined, baseHostname: string): SiteHost {
  const name = hostnameOf(host);
  const base = hostnameOf(baseHostname);
  if (!name || name === base || name === 'localhost' || name.startsWith('[') || isIP(name)) {
    return { kind: 'back_office' };
  }
  for (const parent of new Set([base, 'localhost'])) {
    if (!parent || !name.endsWith(`.${parent}`)) continue;
    const label = name.slice(0, -parent.length - 1);
    // only one label below the parent names a site; anything else is an unknown host
    if (SLUG_LABEL.test(label)) return { kind: 'slug', slug: label };
    return { kind: 'domain', domain: name };
  }
  return { kind: 'domain', domain: name };
}
