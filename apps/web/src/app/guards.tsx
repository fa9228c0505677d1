import type { Permission, RefurbishmentFeature } from '@reprise/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { BootFailure } from './boot-failure';
import { safeRedirect } from './safe-redirect';
import { useSession } from './session';

/** `handle` of a route: the permission(s) it needs; without them the user is sent home. */
export interface RouteHandle {
  permission?: Permission | Permission[];
  /** The refurbishment feature of the screen: home when the account's refurbishment connector switched it off. */
  refurbishmentFeature?: RefurbishmentFeature;
}

function requiredPermissions(handle: unknown): Permission[] {
  const permission = (handle as RouteHandle | undefined)?.permission;
  if (!permission) return [];
  return Array.isArray(permission) ? permission : [permission];
}

/** `/login?redirect=<where the user wanted to go>`. */
function loginPath(wanted: string): string {
  return wanted && wanted !== '/' && wanted !== '/home'
    ? `/login?redirect=${encodeURIComponent(wanted)}`
    : '/login';
}

// loaded with the screens that need it only: the sign-in page's bundle stays within its weight
const RefurbishmentGate = lazy(() =>
  import('../features/connectors').then((m) => ({ default: m.RefurbishmentGate })),
);

function PermissionGate({ children }: { children: ReactNode }) {
  const { can } = useSession();
  const matches = useMatches();
  const missing = matches.some((match) => requiredPermissions(match.handle).some((p) => !can(p)));
  if (missing) return <Navigate to="/home" replace />;
  const feature = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.refurbishmentFeature)
    .find((f) => f !== undefined);
  return feature ? (
    <Suspense fallback={<PageLoader />}>
      <RefurbishmentGate feature={feature}>{children}</RefurbishmentGate>
    </Suspense>
  ) : (
    children
  );
}

/** Every route below needs a session; without one the user signs in, then comes back. */
export function RequireSession() {
  const { user, confirmed, bootFailed } = useSession();
  const { pathname, search } = useLocation();
  if (!user) {
    if (bootFailed) return <BootFailure />;
    if (!confirmed) return <PageLoader fullScreen />;
    return <Navigate to={loginPath(pathname + search)} replace />;
  }
  return (
    <PermissionGate>
      <Outlet />
    </PermissionGate>
  );
}

/** With a confirmed session the sign-in screen leads on: to the page the user wanted, else home. */
export function RedirectIfSignedIn() {
  const { user, confirmed } = useSession();
  const [params] = useSearchParams();
  return user && confirmed ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : <Outlet />;
}
