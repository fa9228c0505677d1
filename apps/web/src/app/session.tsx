import type { AuthenticatedUser, LoginRequest, SsoLoginRequest } from '@reprise/shared';
import { DEFAULT_MAIN_COLOR, type ModuleType } from '@reprise/shared/enums';
import { hasPermission, type Permission } from '@reprise/shared/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { applyAccountLanguage } from '../i18n';
import { ApiError, onUnauthorized, setApiModule } from '../lib/api';
import { reportError, showSessionExpired } from './errors';
import { fetchCurrentUser, postLogin, postLogout, postSwitchModule, sessionKeys } from './session.queries';
import { readCachedUser, writeCachedUser } from './session-cache';
import { setBranding } from './theme';

export interface Session {
  /** The signed-in user: from the local cache until /api/me confirms it, null when signed out. */
  user: AuthenticatedUser | null;
  /** True once /api/me (or the sign-in) has answered for this page. */
  confirmed: boolean;
  /** /api/me could not be answered (network or server failure). */
  bootFailed: boolean;
  module: ModuleType | null;
  switchingModule: boolean;
  can: (permission: Permission) => boolean;
  /** Signs in; rejects with the API error (or `no_permissions`) for the login form to show. */
  /** Signs in by password, or by the `openidSessionId` of a single sign-on. */
  signIn: (credentials: LoginRequest | SsoLoginRequest) => Promise<AuthenticatedUser>;
  signOut: () => Promise<void>;
  /** Forgets the user locally without calling the API (the session-expired modal). */
  reset: () => void;
  switchModule: (moduleType: ModuleType) => Promise<void>;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function hasAnyPermission(user: AuthenticatedUser): boolean {
  return (user.frontPermissions[user.currentModule]?.length ?? 0) > 0;
}

const noPermissionsError = () =>
  new ApiError(403, {
    type: 'about:blank',
    title: 'Forbidden',
    status: 403,
    detail: '',
    code: 'no_permissions',
  });

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [cachedUser] = useState(readCachedUser);
  const [switchingModule, setSwitchingModule] = useState(false);
  const switching = useRef(false);

  const me = useQuery({
    queryKey: sessionKeys.me(),
    queryFn: async () => {
      const current = await fetchCurrentUser();
      const previous = queryClient.getQueryData<AuthenticatedUser | null>(sessionKeys.me());
      // A session that ends while in use (revoked, expired) gets the reconnect modal, not a silent redirect.
      if (current === null && previous) {
        showSessionExpired();
        return previous;
      }
      return current;
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: true,
    meta: { handlesErrors: true },
  });

  const confirmed = me.data !== undefined;
  const user = confirmed ? me.data : cachedUser;
  // Set during render so that the first requests of child screens already carry X-Module.
  setApiModule(user?.currentModule ?? null);

  const remember = useCallback(
    (next: AuthenticatedUser | null) => {
      writeCachedUser(next);
      queryClient.setQueryData(sessionKeys.me(), next);
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    remember(null);
  }, [queryClient, remember]);

  const signOut = useCallback(async () => {
    reset();
    await postLogout().catch(() => undefined);
    navigate('/login', { replace: true });
  }, [reset, navigate]);

  const signIn = useCallback(
    async (credentials: LoginRequest | SsoLoginRequest) => {
      const signedIn = await postLogin(credentials);
      if (!hasAnyPermission(signedIn)) {
        await postLogout().catch(() => undefined);
        throw noPermissionsError();
      }
      remember(signedIn);
      return signedIn;
    },
    [remember],
  );

  const switchModule = useCallback(
    async (moduleType: ModuleType) => {
      if (switching.current) return;
      switching.current = true;
      setSwitchingModule(true);
      try {
        remember(await postSwitchModule(moduleType));
        if (window.location.pathname === '/home') window.location.reload();
        else window.location.assign('/home');
      } catch (error) {
        switching.current = false;
        setSwitchingModule(false);
        reportError(error);
      }
    },
    [remember],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
  }, [queryClient]);

  // Keep the fast-paint cache in step with what the server confirmed. When the session turns out to
  // be another user's or module's than the one remembered (a sign-in from another tab), what was
  // fetched for the remembered one is dropped and fetched again for the confirmed one.
  const cacheChecked = useRef(false);
  useEffect(() => {
    if (me.data === undefined) return;
    writeCachedUser(me.data);
    if (cacheChecked.current) return;
    cacheChecked.current = true;
    if (cachedUser && (me.data?.id !== cachedUser.id || me.data?.currentModule !== cachedUser.currentModule))
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
  }, [me.data, cachedUser, queryClient]);

  // A user without any permission in the current module is signed out.
  useEffect(() => {
    if (confirmed && user && !hasAnyPermission(user)) {
      reset();
      void postLogout().catch(() => undefined);
      navigate('/login', { replace: true, state: { errorCode: 'no_permissions' } });
    }
  }, [confirmed, user, reset, navigate]);

  // A 401 while a confirmed session exists means it expired or was revoked.
  const sessionActive = confirmed && user !== null;
  useEffect(() => {
    if (!sessionActive) return;
    return onUnauthorized(showSessionExpired);
  }, [sessionActive]);

  const account = user?.currentOrganization.account;
  useLayoutEffect(() => {
    setBranding(
      account
        ? { mainColor: account.mainColor, logo: account.logo, favicon: account.favicon }
        : { mainColor: DEFAULT_MAIN_COLOR, logo: null, favicon: null },
    );
  }, [account]);
  useEffect(() => {
    if (account) applyAccountLanguage(account.language);
  }, [account]);

  const value = useMemo<Session>(
    () => ({
      user,
      confirmed,
      bootFailed: me.isError && !confirmed,
      module: user?.currentModule ?? null,
      switchingModule,
      can: (permission) => hasPermission(user?.frontPermissions, user?.currentModule, permission),
      signIn,
      signOut,
      reset,
      switchModule,
      refresh,
    }),
    [user, confirmed, me.isError, switchingModule, signIn, signOut, reset, switchModule, refresh],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The user of a screen behind the session guard. */
export function useCurrentUser(): AuthenticatedUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser must be used behind the session guard');
  return user;
}
