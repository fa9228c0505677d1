import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useMenuRequirements } from '../../features/warehouse-checkin/checkin-settings.queries';
import { PANEL_MAX_HEIGHT } from '../layout-constants';
import { isMenuGroup, MENU, type MenuEntry, type MenuLink, visibleMenu } from '../navigation';
import { useSession } from '../session';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

function LinkEntry({ link, pathname }: { link: MenuLink; pathname: string }) {
  const { t } = useTranslation('layout');
  const Icon = link.icon;
  return (
    <NavLink
      component={RouterLink}
      to={link.to}
      label={t(`menu.${link.key}`)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      rightSection={
        link.premium ? (
          <Badge size="xs" color="yellow" variant="light">
            {t('menu.premium')}
          </Badge>
        ) : undefined
      }
      active={isActive(pathname, link.to)}
    />
  );
}

function Entry({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation('layout');
  if (!isMenuGroup(entry)) return <LinkEntry link={entry} pathname={pathname} />;
  const Icon = entry.icon;
  const containsActive = entry.links.some((link) => isActive(pathname, link.to));
  return (
    <NavLink
      component="button"
      label={t(`menu.${entry.key}`)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      defaultOpened
      childrenOffset="md"
      active={containsActive}
      variant="subtle"
    >
      {entry.links.map((link) => (
        <LinkEntry key={link.key} link={link} pathname={pathname} />
      ))}
    </NavLink>
  );
}

/** The dashboard's side menu: only the entries the user's permissions allow. */
export function SideMenu() {
  const { t } = useTranslation('layout');
  const { can } = useSession();
  const has = useMenuRequirements();
  const { pathname } = useLocation();
  return (
    <ScrollArea
      component="nav"
      aria-label={t('menu.label')}
      type="auto"
      h="100%"
      mah={PANEL_MAX_HEIGHT}
      p="xs"
    >
      <Stack gap="md">
        {visibleMenu(can, MENU, has).map((section) => (
          <div key={section.key}>
            {section.key !== 'main' && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                {t(`menu.section.${section.key}`)}
              </Text>
            )}
            {section.entries.map((entry) => (
              <Entry key={entry.key} entry={entry} pathname={pathname} />
            ))}
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
