import type { Actor } from './context';

/**
 * The organisation-path prefix an actor sees: its own organisation and everything below it,
 * in its current module. Null for platform operators, who see every account.
 * Repositories filter with `path LIKE prefix || '%'` (indexed with text_pattern_ops).
 */
export function visiblePathPrefix(actor: Actor): string | null {
  return actor.isPlatform ? null : actor.organizationPath;
}

/** True when an organisation path lies within what the actor sees. */
export function isVisiblePath(actor: Actor, path: string): boolean {
  const prefix = visiblePathPrefix(actor);
  return prefix === null || path.startsWith(prefix);
}
