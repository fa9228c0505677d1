import type { AuthenticatedUser, LoginRequest, ModuleType, SsoLoginRequest } from '@reprise/shared';
import { ApiError, api } from '../lib/api';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** The browser never keeps the API token: the HttpOnly cookie carries the session. */
function withoutToken({ apiToken: _token, ...user }: AuthenticatedUser): AuthenticatedUser {
  return user;
}

/**
 * The signed-in user, or null when the session cookie is missing or expired. `/session` answers a
 * signed-out browser with 200 and null, so the sign-in screen logs no failed request.
 */
export async function fetchCurrentUser(sessionModule = false): Promise<AuthenticatedUser | null> {
  try {
    const { user } = await api.get<{ user: AuthenticatedUser | null }>('/session', {
      silent401: true,
      sessionModule,
    });
    return user ? withoutToken(user) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // The session belongs to another user than the one this browser remembers (signed in from
    // another tab, by single sign-on): the remembered module is not theirs. Ask for the session's own.
    if (error instanceof ApiError && error.code === 'module_not_held' && !sessionModule)
      return fetchCurrentUser(true);
    throw error;
  }
}

export async function postLogin(credentials: LoginRequest | SsoLoginRequest): Promise<AuthenticatedUser> {
  return withoutToken(await api.post<AuthenticatedUser>('/login', credentials, { silent401: true }));
}

export async function postLogout(): Promise<void> {
  await api.post<void>('/logout', undefined, { silent401: true });
}

export async function postSwitchModule(moduleType: ModuleType): Promise<AuthenticatedUser> {
  return withoutToken(await api.post<AuthenticatedUser>('/me/module', { moduleType }));
}
