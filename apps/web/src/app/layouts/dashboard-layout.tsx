import { Anchor, AppShell, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { RELEASE_LABEL } from '@reprise/shared/enums';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { QueryAlertBanner } from '../alert-from-query';
import { useSession } from '../session';
import { PageHeaderBar } from './page-header-bar';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump over the top bar and the menu. */
export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <Anchor
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('skipToContent')}
    </Anchor>
  );
}

function Footer() {
  const { t } = useTranslation('layout');
  return (
    <Box component="footer" pt="xl" mt="auto">
      <Text size="xs" c="dimmed" ta="center">
        {t('footer.release', { release: RELEASE_LABEL })}
        {' · '}
        <Anchor component={Link} to="/cookies-policy" size="xs" c="dimmed" underline="always">
          {t('footer.cookiesPolicy')}
        </Anchor>
      </Text>
    </Box>
  );
}

/** The default back-office layout: top bar, side menu, subheader, banner and footer. */
export function DashboardLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const { confirmed } = useSession();

  useEffect(() => {
    if (pathname) menu.close();
  }, [pathname, menu.close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <TopBar menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="side-menu" className="side-menu" data-opened={menuOpened || undefined}>
        <SideMenu />
      </AppShell.Navbar>
      <AppShell.Main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        display="flex"
        style={{ flexDirection: 'column', outline: 'none' }}
      >
        <PageHeaderBar />
        <QueryAlertBanner />
        {/* Screens wait for /api/me so that an expired session never shows half a page. */}
        {confirmed ? (
          // a screen may wait for its translations (a chunk of their own)
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        ) : (
          <PageLoader />
        )}
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
