import { Progress } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { ErrorModalsOnDemand } from './error-modals-on-demand';
import { SessionProvider } from './session';

/** After each path change the page starts at the top. */
function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * A thin bar while a lazy screen loads: a busy status region (read as a live region, not as
 * content outside the page's landmarks).
 */
function NavigationProgress() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="navigation-progress" role="status" aria-busy="true">
      <Progress value={100} animated size="xs" radius={0} aria-label={t('loading')} />
    </div>
  );
}

/** The root of every route: session, modals and navigation effects. */
export function AppRoot() {
  return (
    <SessionProvider>
      <NavigationProgress />
      <ScrollToTopOnPathChange />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <ErrorModalsOnDemand />
    </SessionProvider>
  );
}
