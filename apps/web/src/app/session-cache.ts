import { type AuthenticatedUser, AuthenticatedUserResponse } from '@reprise/shared';

/** The user (never its token) kept for a fast first paint; /api/me always confirms it. */
const STORAGE_KEY = 'reprise.user';

export function readCachedUser(): AuthenticatedUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = AuthenticatedUserResponse.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: AuthenticatedUser | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the session still works from the cookie.
  }
}
