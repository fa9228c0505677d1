import type { AuthenticatedUser } from '@reprise/shared';
import { MODULE_TYPES } from '@reprise/shared/enums';
import { forgetCachedRootDetail } from '../lib/root-detail-cache';

/** The user (never its token) kept for a fast first paint; /api/me always confirms it. */
const STORAGE_KEY = 'reprise.user';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Enough of the shape for the shell to paint (a stale or foreign entry is dropped). Checked by hand
 * rather than with the zod schema so that zod stays out of the first bundle.
 */
function looksLikeUser(value: unknown): value is AuthenticatedUser {
  if (!isObject(value) || !isObject(value.currentOrganization)) return false;
  return (
    typeof value.id === 'string' &&
    typeof value.firstname === 'string' &&
    typeof value.lastname === 'string' &&
    (MODULE_TYPES as readonly unknown[]).includes(value.currentModule) &&
    isObject(value.modules) &&
    isObject(value.frontPermissions) &&
    isObject(value.currentOrganization.account)
  );
}

export function readCachedUser(): AuthenticatedUser | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return looksLikeUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: AuthenticatedUser | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else {
      localStorage.removeItem(STORAGE_KEY);
      // what was cached of the user's account goes with the user
      forgetCachedRootDetail();
    }
  } catch {
    // Storage may be unavailable (private mode); the session still works from the cookie.
  }
}
