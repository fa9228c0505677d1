import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MODULE_ICONS } from '../../app/modules';
import { MENU, type MenuLink, shortcuts } from '../../app/navigation';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser, useSession } from '../../app/session';
import { EmptyState } from '../../ui/empty-state';
import { DashboardStatistics, DeviceHistorySearch } from '../dashboard';
import { useMenuRequirements } from '../warehouse-checkin';

function CurrentOrganization() {
  const { t } = useTranslation(['home', 'common']);
  const user = useCurrentUser();
  const organization = user.currentOrganization;
  const userType = user.modules[user.currentModule];
  const Icon = MODULE_ICONS[user.currentModule];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="home-organization">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="home-organization">
            {t('home:organization')}
          </Text>
          <Text fw={600} size="lg" data-testid="home-organization">
            {organization.commonName}
          </Text>
          <Text size="sm" c="dimmed">
            {t('home:organizationDetail', {
              account: organization.account.name,
              module: t(`common:module.${user.currentModule}`),
              userType: userType ? t(`common:userType.${userType}`) : '',
            })}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** A shortcut in the compact grid: its icon and the menu's label, the longer text on hover. */
function ShortcutLink({ link }: { link: MenuLink }) {
  const { t } = useTranslation(['layout', 'home']);
  const Icon = link.icon;
  return (
    <Card
      withBorder
      padding="xs"
      component={Link}
      to={link.to}
      className="shortcut-card"
      title={t(`home:shortcut.${link.key}`)}
      data-testid="home-shortcut"
    >
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={28} radius="md" variant="light" aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
        <Text size="sm" fw={600} lh={1.25}>
          {t(`layout:menu.${link.key}`)}
        </Text>
      </Group>
    </Card>
  );
}

/**
 * `/home`: greeting, current organisation, the weekly statistics first (their figures within the
 * first screen, even on a phone), then the shortcuts to what the user may do as a compact grid,
 * then the device history search (features/dashboard, docs/dashboard.md).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useCurrentUser();
  const { can } = useSession();
  const links = shortcuts(can, MENU, useMenuRequirements());
  usePageHeader({ title: t('title'), icon: IconHome });

  return (
    <Stack gap="xl">
      <div>
        <Title order={2}>{t('greeting', { firstname: user.firstname })}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <CurrentOrganization />
      {can('dashboard.read') && <DashboardStatistics />}
      <Stack gap="sm" component="section" aria-labelledby="home-shortcuts">
        <Title order={2} size="h4" id="home-shortcuts">
          {t('shortcuts')}
        </Title>
        {links.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" verticalSpacing="xs">
            {links.map((link) => (
              <ShortcutLink key={link.key} link={link} />
            ))}
          </SimpleGrid>
        ) : (
          <EmptyState title={t('noShortcuts')} />
        )}
      </Stack>
      {can('buyback.list') && <DeviceHistorySearch />}
    </Stack>
  );
}
