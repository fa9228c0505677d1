import { Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconHome } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MODULE_ICONS } from '../../app/modules';
import { MENU, type MenuLink, shortcuts } from '../../app/navigation';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser, useSession } from '../../app/session';
import { EmptyState } from '../../ui/empty-state';
import { DeviceHistorySearch } from '../dashboard/device-history-search';
import { useMenuRequirements } from '../warehouse-checkin/checkin.queries';

// the charts (recharts) load in their own chunk: the shortcuts show without waiting for them
const DashboardStatistics = lazy(() =>
  import('../dashboard/dashboard-statistics').then((m) => ({ default: m.DashboardStatistics })),
);

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

function ShortcutCard({ link }: { link: MenuLink }) {
  const { t } = useTranslation(['layout', 'home']);
  const Icon = link.icon;
  return (
    <Card withBorder padding="lg" component={Link} to={link.to} className="shortcut-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <IconArrowRight size={18} aria-hidden opacity={0.5} />
      </Group>
      <Text fw={600} mt="md">
        {t(`layout:menu.${link.key}`)}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`home:shortcut.${link.key}`)}
      </Text>
    </Card>
  );
}

/**
 * `/home`: greeting, current organisation, shortcuts to what the user may do, then the weekly
 * statistics and the device history search (features/dashboard, docs/dashboard.md).
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
      <Stack gap="sm" component="section" aria-labelledby="home-shortcuts">
        <Title order={2} size="h4" id="home-shortcuts">
          {t('shortcuts')}
        </Title>
        {links.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {links.map((link) => (
              <ShortcutCard key={link.key} link={link} />
            ))}
          </SimpleGrid>
        ) : (
          <EmptyState title={t('noShortcuts')} />
        )}
      </Stack>
      {can('dashboard.read') && (
        <Suspense fallback={<Loader size="sm" />}>
          <DashboardStatistics />
        </Suspense>
      )}
      {can('buyback.list') && <DeviceHistorySearch />}
    </Stack>
  );
}
